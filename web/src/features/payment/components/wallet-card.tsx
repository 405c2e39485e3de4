import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { getBalance } from '../api/payment-api';

const m = memberMessages.home;

/** The member home's balance, with the way to top up. */
export function WalletCard() {
  const [balance, setBalance] = useState<bigint | null>();
  useEffect(() => {
    getBalance()
      .then(setBalance)
      .catch(() => setBalance(null));
  }, []);
  return (
    <div className="card member-card" data-testid="wallet-card">
      <h2>{m.balance}</h2>
      <p className="balance">{balance === undefined ? messages.loading : balance === null ? '—' : formatVnd(balance)}</p>
      <p className="member-card-link">
        <Link to="/member/v-coin">{m.topUp}</Link>
      </p>
    </div>
  );
}
