import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreSessionOnStart } from '@/features/account/session-start';
import { REFRESH_KEY, sessionReadyAtom, userAtom } from '@/features/account/session-state';
import { store, tokenAtom } from '@/lib/store';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = 'token=; max-age=0; path=/';
  // The store outlives a test: each one starts from a session that is not ready yet.
  store.set(sessionReadyAtom, false);
  store.set(tokenAtom, '');
});

describe('start-up without a refresh token', () => {
  it('forgets a stale ID token and its cookie, is ready at once, and calls nobody', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no call expected')));
    vi.stubGlobal('fetch', fetch);
    document.cookie = 'token=stale.id.token; path=/';
    store.set(tokenAtom, 'stale.id.token');

    await restoreSessionOnStart();

    expect(document.cookie).not.toContain('token=');
    expect(store.get(tokenAtom)).toBe('');
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(sessionReadyAtom)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('start-up with a refresh token', () => {
  it('loads the session code, which asks the server for new tokens', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return Promise.reject(new TypeError('offline'));
      }),
    );
    localStorage.setItem(REFRESH_KEY, 'a-refresh-token');

    await restoreSessionOnStart();

    expect(urls.some((u) => u.endsWith('/booking.v1.IdentityService/RefreshToken'))).toBe(true);
    // Offline is not a refused token: the device keeps it for the next start.
    expect(localStorage.getItem(REFRESH_KEY)).toBe('a-refresh-token');
    expect(store.get(sessionReadyAtom)).toBe(true);
  });
});
