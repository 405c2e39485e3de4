// What the ID token says of its holder, read in the browser only to decide what to show: the server
// checks the token and the account on every call and refuses what the role may not do.

export type Role = 'customer' | 'operator' | 'admin';

/** The role claim of an ID token (a JWT); a customer's for anything unreadable. */
export function roleOf(token: string): Role {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return role === 'operator' || role === 'admin' ? role : 'customer';
  } catch {
    return 'customer';
  }
}
