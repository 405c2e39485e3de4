import { useState } from 'react';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { useToast } from '@/lib/toasts';
import { setZaloNotices, usePartner } from './api';
import { partnerMessages } from './messages';

const m = partnerMessages.zalo;

/** Their notices on Zalo too, at their phone number: where Vietnamese drivers read. The kinds
 * they turned off above stay off there. */
export function ZaloSetting() {
  const { data: partner } = usePartner();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The choice shows at once, and goes back if the server refuses it.
  const [chosen, setChosen] = useState<boolean>();
  if (!partner) return null;
  const choose = async (on: boolean) => {
    setBusy(true);
    setChosen(on);
    setError(undefined);
    try {
      await setZaloNotices(on);
      toast(m.saved, 'success');
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setBusy(false);
      setChosen(undefined);
    }
  };
  return (
    <section className="card form-card partner-zalo" data-testid="zalo-setting">
      <h2>{m.title}</h2>
      <p className="muted small">{m.lead(`+${partner.phoneCountryCode} ${partner.phoneNumber}`)}</p>
      {error && <p className="form-error">{error}</p>}
      <label>
        <input type="checkbox" checked={chosen ?? partner.zaloNotices} disabled={busy} onChange={(e) => void choose(e.target.checked)} /> {m.on}
      </label>
    </section>
  );
}
