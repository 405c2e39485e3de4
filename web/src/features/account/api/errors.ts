import { accountMessages } from '@/lib/account-messages';
import { refused } from '@/lib/api/refusal';

/** The identity provider's code of a failed call (`EMAIL_EXISTS`): the refusal's reason. */
export function authCode(error: unknown): string {
  return refused(error).reason;
}

/** What the server says of a failed call, in words. */
function said(error: unknown): string {
  return refused(error).words;
}

const m = accountMessages.errors;

/** Registration (docs/product.md, "Messages"): the three known codes in Chinese; any other error
 * unchanged. */
export function registerError(error: unknown): string {
  switch (authCode(error)) {
    case 'EMAIL_EXISTS':
      return m.emailExists;
    case 'INVALID_EMAIL':
      return m.invalidEmail;
    case 'WEAK_PASSWORD':
      return m.weakPassword;
    default:
      return said(error);
  }
}

/**
 * Sign-in (docs/product.md, "Messages"): bad credentials in Chinese, throttling explained; other
 * errors are swallowed (undefined), as docs/product.md has it.
 */
export function loginError(error: unknown): string | undefined {
  switch (authCode(error)) {
    case 'INVALID_LOGIN_CREDENTIALS':
      return m.badCredentials;
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return m.tooManyAttempts;
    default:
      return undefined;
  }
}

/** Everything else the account pages show: known codes in Chinese, field errors by their text. */
export function accountError(error: unknown): string {
  const code = authCode(error);
  const known: Record<string, string> = {
    EMAIL_EXISTS: m.emailExists,
    INVALID_EMAIL: m.invalidEmail,
    WEAK_PASSWORD: m.weakPassword,
    INVALID_LOGIN_CREDENTIALS: m.wrongPassword,
    TOO_MANY_ATTEMPTS_TRY_LATER: m.tooManyAttempts,
    INVALID_OOB_CODE: m.invalidCode,
    EXPIRED_OOB_CODE: m.expiredCode,
    EMAIL_ALREADY_VERIFIED: m.alreadyVerified,
    USER_DISABLED: m.disabled,
  };
  return known[code] ?? said(error);
}
