import { FormError } from './form-error';
import { messages } from '@/lib/messages';

interface FormFooterProps {
  /** The server's answer, in the customer's words; nothing when all is well. */
  error?: string;
  busy: boolean;
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
  /** Full width, as on the narrow sign-in cards. */
  block?: boolean;
}

/** The end of every form: the error the server gave, and the submit button. */
export function FormFooter({ error, busy, label, variant = 'primary', block = true }: FormFooterProps) {
  return (
    <>
      <FormError error={error} />
      <button type="submit" className={`button button-${variant}${block ? ' button-block' : ''}`} disabled={busy}>
        {busy ? messages.working : label}
      </button>
    </>
  );
}
