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

/** A password being set: the product's minimum of six. */
export const newPasswordRules = {
  required: e.weakPassword,
  minLength: { value: MIN_PASSWORD_LENGTH, message: e.weakPassword },
  maxLength: { value: MAX_PASSWORD_LENGTH, message: e.longPassword(MAX_PASSWORD_LENGTH) },
};

/** A password being offered: only present. */
export const passwordRules = { required: e.required };

/** Where to go after signing in: a path of this site only. */
export function safeNext(raw: string | null, fallback = '/profile'): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : fallback;
}
