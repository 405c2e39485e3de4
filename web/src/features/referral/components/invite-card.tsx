import { useState } from 'react';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { useReferral } from '../api/referral-api';

const m = memberMessages.invite;

/** The member home's invitation: the link to share, what it gives, how the customer's stand.
 * Nothing while the program is off. */
export function InviteCard() {
  const { data } = useReferral();
  const [copied, setCopied] = useState(false);
  const program = data?.program;
  if (!data || !program?.active) return null;
  const link = `${location.origin}/register?ref=${data.code}`;
  const copy = async () => {
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };
  return (
    <div className="card member-card" data-testid="invite-card">
      <h2>{m.title}</h2>
      <p>{m.lead(formatVnd(program.referrerVnd), formatVnd(program.referredVnd))}</p>
      <label className="field">
        <span>{m.link}</span>
        <input readOnly value={link} onFocus={(e) => e.target.select()} data-testid="invite-link" />
      </label>
      <button type="button" className="button button-small button-secondary" onClick={() => void copy()}>
        {copied ? m.copied : m.copy}
      </button>
      <p className="muted small" data-testid="invite-standing">
        {m.standing(data.invited, data.rewarded)}
      </p>
    </div>
  );
}
