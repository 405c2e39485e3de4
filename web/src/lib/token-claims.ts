// What the ID token says of its holder, read in the browser only to decide what to show: the server
// checks the token and the account on every call and refuses what the role may not do.

export type Role = 'customer' | 'operator' | 'admin' | 'partner';

/** The claims of an ID token (a JWT); none for anything unreadable. */
function claimsOf(token: string): { role?: unknown; sub?: unknown; exp?: unknown } {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown; sub?: unknown; exp?: unknown };
  } catch {
    return {};
  }
}

/** The role claim; a customer's for anything else. */
export function roleOf(token: string): Role {
  const role = claimsOf(token).role;
  return role === 'operator' || role === 'admin' || role === 'partner' ? role : 'customer';
}

/** Seconds until the token runs out, by its own word (0 when it says nothing or has). */
export function secondsLeft(token: string, now = Date.now()): number {
  const exp = claimsOf(token).exp;
  return typeof exp === 'number' ? Math.max(0, Math.floor(exp - now / 1000)) : 0;
}

/** The account the token is for. */
export function subjectOf(token: string): string {
  const sub = claimsOf(token).sub;
  return typeof sub === 'string' ? sub : '';
}
