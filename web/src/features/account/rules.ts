// The server's rules, checked in the browser first so a customer hears of a mistake at once.
import { MIN_PASSWORD_LENGTH } from '@/lib/constants';
import { accountMessages } from '@/lib/account-messages';

const e = accountMessages.errors;

/** As the server has it: one @, a dotted domain, no spaces or quotes, at most 254 characters. */
export const EMAIL_PATTERN = /^[^\s@"]+@[^\s@"[\]]+\.[^\s@"[\]]+$/;
export const MAX_PASSWORD_LENGTH = 128;

export const emailRules = {
  required: e.invalidEmail,
  maxLength: { value: 254, message: e.invalidEmail },
  pattern: { value: EMAIL_PATTERN, message: e.invalidEmail },
};

/** A password being set, of at least `min` characters: the product's six for travellers (in the
 * spec's words), more for staff and partners as the server says (`passwordMinLength`). */
export function newPasswordRules(min: number = MIN_PASSWORD_LENGTH) {
  const short = min <= MIN_PASSWORD_LENGTH ? e.weakPassword : e.passwordMin(min);
  return {
    required: short,
    minLength: { value: min, message: short },
    maxLength: { value: MAX_PASSWORD_LENGTH, message: e.longPassword(MAX_PASSWORD_LENGTH) },
  };
}

/** A password being offered: only present. */
export const passwordRules = { required: e.required };

/** Where to go after signing in: a path of this site only. */
export function safeNext(raw: string | null, fallback = '/profile'): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : fallback;
}
