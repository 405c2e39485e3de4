import '../payment.css';
import { Link } from 'react-router';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useBalance } from '../api/payment-api';

const m = memberMessages.home;

/** The member home's balance, with the way to top up. */
export function WalletCard() {
  const { data: balance, isError } = useBalance();
  return (
    <div className="card member-card" data-testid="wallet-card">
      <h2>{m.balance}</h2>
      <p className="balance">{isError ? '—' : balance === undefined ? messages.loading : formatVnd(balance)}</p>
      <p className="member-card-link">
        <Link to="/member/v-coin">{m.topUp}</Link>
      </p>
    </div>
  );
}
