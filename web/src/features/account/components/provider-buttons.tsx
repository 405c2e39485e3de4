import { useState } from 'react';
import { accountMessages } from '@/lib/account-messages';
import { continueWith, useProviders } from '../api/account-api';
import { accountError } from '../api/errors';
import { FormError } from '@/components/form/form-error';

const m = accountMessages;

/** 「使用 … 繼續」 for each configured provider; nothing when none is. `next` is where to come back. */
export function ProviderButtons({ next }: { next: string }) {
  const { data } = useProviders();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="provider-buttons">
      <p className="provider-or">{m.orContinue}</p>
      {providers.map((p) => (
        <button
          key={p.id}
          type="button"
          className="button button-secondary provider-button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(undefined);
            try {
              await continueWith(p.id, next);
            } catch (e) {
              setError(accountError(e));
              setBusy(false);
            }
          }}
        >
          {m.continueWith(p.displayName)}
        </button>
      ))}
      <FormError error={error} />
    </div>
  );
}
