import { describe, expect, it } from 'vitest';
import { roleOf, subjectOf } from '@/lib/token-claims';

/** A token with these claims (unsigned: the browser reads claims, the server checks signatures). */
function token(claims: object): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'EdDSA' })}.${part(claims)}.sig`;
}

describe('token claims', () => {
  it('reads the role and the subject', () => {
    expect(roleOf(token({ sub: 'u1', role: 'admin' }))).toBe('admin');
    expect(roleOf(token({ sub: 'u1', role: 'operator' }))).toBe('operator');
    expect(subjectOf(token({ sub: 'u1', role: 'operator' }))).toBe('u1');
  });

  it('reads anything else as a customer with no subject', () => {
    expect(roleOf(token({ sub: 'u1' }))).toBe('customer');
    expect(roleOf(token({ role: 'root' }))).toBe('customer');
    expect(roleOf('not a token')).toBe('customer');
    expect(roleOf('')).toBe('customer');
    expect(subjectOf('a.%%%.c')).toBe('');
  });
});
