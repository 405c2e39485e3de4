// The signed-in customer's favourite therapists: asked once and cached, changed optimistically
// (the heart fills at once) and put back if the server refuses.

import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { tokenAtom } from '@/lib/store';
import { cachedFavorites, setFavorites, showFavorites, useFavoriteIds } from './api/massage-api';

let sequence = 0;

export function useFavorites() {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const { data } = useFavoriteIds(signedIn);
  const ids = (signedIn && data) || [];

  /** Adds or removes one therapist; rejects (after putting the set back) when the server refuses. */
  const toggle = useCallback(async (id: string) => {
    const before = cachedFavorites();
    const next = before.includes(id) ? before.filter((x) => x !== id) : [...before, id];
    const mine = ++sequence;
    showFavorites(next);
    try {
      const saved = await setFavorites(next);
      // A later click's answer is the one that counts.
      if (mine === sequence) showFavorites(saved);
    } catch (e) {
      if (mine === sequence) showFavorites(before);
      throw e;
    }
  }, []);
  return { ids, signedIn, toggle };
}
