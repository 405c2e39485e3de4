import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/app/toasts/toast-state';
import { tokenAtom } from '@/lib/store';
import { imageObjectUrl, listTherapists, type Therapist, type TherapistFilter } from './api/massage-api';
import { useFavorites } from './favorites';
import { massageMessages } from '@/lib/massage-messages';

/** Therapists for a filter; `undefined` while loading, `null` when the server could not answer. */
export function useTherapists(filter: TherapistFilter | null): Therapist[] | null | undefined {
  // The answer remembers which filter it is for, so a new filter shows as loading at once.
  const [answer, setAnswer] = useState<{ key: string; list: Therapist[] | null }>();
  // Signing in (the session is restored after the first render) ranks favourites first: ask again.
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const key = filter === null ? '' : JSON.stringify({ filter, signedIn });
  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    listTherapists((JSON.parse(key) as { filter: TherapistFilter }).filter, abort.signal)
      .then((list) => setAnswer({ key, list }))
      .catch(() => {
        if (!abort.signal.aborted) setAnswer({ key, list: null });
      });
    return () => abort.abort();
  }, [key]);
  return answer?.key === key ? answer.list : undefined;
}

/** The heart's click: signed out, off to sign in and back; else a toggle that says when it failed. */
export function useHeart() {
  const { ids, signedIn, toggle } = useFavorites();
  const navigate = useNavigate();
  const toast = useToast();
  const onToggle = useCallback(
    (id: string) => {
      if (!signedIn) {
        toast(massageMessages.favoriteSignIn);
        navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      toggle(id).catch(() => toast(massageMessages.favoriteFailed, 'error'));
    },
    [signedIn, toggle, navigate, toast],
  );
  return { ids, onToggle };
}

/** A private image as an object URL, freed when no longer shown. */
export function useImageUrl(url: string | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url) return;
    let made: string | undefined;
    let live = true;
    imageObjectUrl(url)
      .then((u) => {
        made = u;
        if (live) setObjectUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return objectUrl;
}
