import { Code } from '@connectrpc/connect';
import { refusedWith } from './grpc-web';
import { describe, expect, it } from 'vitest';
import { accountError, authCode, loginError, registerError } from '@/features/account/api/errors';
import { safeNext } from '@/features/account/rules';
import { EMAIL_PATTERN } from '@/features/account/rules';

// As the server sends them: the code in the ErrorInfo's reason, the identity provider's message as the words.
const err = (message: string, code = Code.InvalidArgument) => refusedWith(code, { reason: message.split(' : ')[0], words: message });

describe('identity errors in the spec’s words', () => {
  it('reads the code before the explanation', () => {
    expect(authCode(err('WEAK_PASSWORD : Password should be at least 6 characters'))).toBe('WEAK_PASSWORD');
    expect(authCode(err('EMAIL_EXISTS', Code.AlreadyExists))).toBe('EMAIL_EXISTS');
  });

  it('maps registration errors and passes others through unchanged', () => {
    expect(registerError(err('EMAIL_EXISTS', Code.AlreadyExists))).toBe('信箱已被使用');
    expect(registerError(err('INVALID_EMAIL'))).toBe('請輸入正確的信箱');
    expect(registerError(err('WEAK_PASSWORD : Password should be at least 6 characters'))).toBe('密碼請設定六位數以上');
    expect(registerError(err('TOO_MANY_ATTEMPTS_TRY_LATER', Code.ResourceExhausted))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });

  it('shows bad credentials and throttling at sign-in and swallows the rest', () => {
    expect(loginError(err('INVALID_LOGIN_CREDENTIALS', Code.Unauthenticated))).toBe('帳號或密碼錯誤');
    expect(loginError(err('TOO_MANY_ATTEMPTS_TRY_LATER', Code.ResourceExhausted))).toContain('稍後再試');
    expect(loginError(err('storage', Code.Unavailable))).toBeUndefined();
  });

  it('shows a field error’s own text', () => {
    expect(accountError(refusedWith(Code.InvalidArgument, { reason: 'PROFILE_PHONE', field: 'phone.number', words: '請輸入正確的電話號碼' }))).toBe('請輸入正確的電話號碼');
    expect(accountError(err('EXPIRED_OOB_CODE'))).toContain('過期');
  });
});

describe('client-side rules mirror the server', () => {
  it('accepts what the server accepts', () => {
    for (const ok of ['a@example.com', 'lin.mei+tag@mail.example.com.tw']) expect(EMAIL_PATTERN.test(ok)).toBe(true);
    for (const bad of ['a', 'a@b', 'a b@example.com', '"a"@example.com', 'a@[127.0.0.1]']) expect(EMAIL_PATTERN.test(bad)).toBe(false);
  });

  it('returns only to paths of this site after sign-in', () => {
    expect(safeNext('/order/shuttle/step1')).toBe('/order/shuttle/step1');
    expect(safeNext('//evil.example')).toBe('/profile');
    expect(safeNext('https://evil.example')).toBe('/profile');
    expect(safeNext(null)).toBe('/profile');
  });
});
