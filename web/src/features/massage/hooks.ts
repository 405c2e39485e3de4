import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/lib/toasts';
import { skipToken } from '@/lib/api/hooks';
import { usePrivateImage, useTherapistList, type Therapist, type TherapistFilter } from './api/massage-api';
import { useFavorites } from './favorites';
import { massageMessages } from '@/lib/massage-messages';

/** Therapists for a filter; `undefined` while loading, `null` when the server could not answer. */
export function useTherapists(filter: TherapistFilter | null): Therapist[] | null | undefined {
  const asked = useTherapistList(filter ?? skipToken);
  return asked.isError ? null : asked.data;
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

/** A private image as an object URL, freed when no longer cached. */
export function useImageUrl(url: string | undefined): string | undefined {
  return usePrivateImage(url).data;
}
