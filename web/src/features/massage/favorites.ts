// The signed-in customer's favourite therapists: loaded once per session, changed optimistically
// (the heart fills at once) and put back if the server refuses.

import { atom, useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect } from 'react';
import { store, tokenAtom } from '@/lib/store';
import { getFavorites, setFavorites } from './api/massage-api';

/** The ids and the token they were loaded with, so another sign-in loads its own. */
const favoritesAtom = atom<{ token: string; ids: string[] } | null>(null);
let sequence = 0;

export function useFavorites() {
  const token = useAtomValue(tokenAtom);
  const [state, setState] = useAtom(favoritesAtom);
  const loaded = Boolean(token) && state?.token === token;
  useEffect(() => {
    if (!token || loaded) return;
    getFavorites()
      .then((ids) => setState({ token, ids }))
      .catch(() => setState({ token, ids: [] }));
  }, [token, loaded, setState]);
  const ids = loaded && state ? state.ids : [];

  /** Adds or removes one therapist; rejects (after putting the set back) when the server refuses. */
  const toggle = useCallback(
    async (id: string) => {
      const before = store.get(favoritesAtom)?.ids ?? [];
      const next = before.includes(id) ? before.filter((x) => x !== id) : [...before, id];
      const mine = ++sequence;
      setState({ token, ids: next });
      try {
        const saved = await setFavorites(next);
        // A later click's answer is the one that counts.
        if (mine === sequence) setState({ token, ids: saved });
      } catch (e) {
        if (mine === sequence) setState({ token, ids: before });
        throw e;
      }
    },
    [token, setState],
  );
  return { ids, signedIn: Boolean(token), toggle };
}
