import { create } from '@bufbuild/protobuf';
import { useQuery } from '@tanstack/react-query';
import { GetFavoriteTherapistsResponseSchema, Gender, MassageService, type Therapist } from '@/gen/booking/v1/massage_pb';
import { renewToken } from '@/lib/api/clients';
import { skipToken, useRpc, useRpcAll } from '@/lib/api/hooks';
import { cachedRpcAnswer, callRpc, setRpcAnswer } from '@/lib/api/rpc';
import { TOKEN_HEADER } from '@/lib/api/transport';
import { API_BASE_URL } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { store, tokenAtom } from '@/lib/store';
import { LANGUAGE } from '@/lib/i18n/language';

export { Gender, type Therapist };

const calls = MassageService.method;

export interface TherapistFilter {
  /** Vietnam time `YYYY-MM-DDTHH:MM`; with it only therapists who work then and are free. */
  start?: string;
  durationMinutes?: number;
  gender?: Gender;
  language?: string;
  skill?: string;
  /** The caller's order being changed: its own booking does not count. */
  orderId?: string;
}

/** Every therapist matching the filter (none: `skipToken`), following the pages; favourites first. */
export function useTherapistList(filter: TherapistFilter | typeof skipToken) {
  return useRpcAll(calls.listTherapists, filter === skipToken ? skipToken : { ...filter, pageSize: 100 }, (page) => page.therapists);
}

/** The signed-in customer's favourite therapists; `skipToken` when signed out. */
export function useFavoriteIds(signedIn: boolean) {
  return useRpc(calls.getFavoriteTherapists, signedIn ? {} : skipToken, { select: (r) => r.therapistIds });
}

/** The favourites as the cache now holds them (the heart's last click included). */
export function cachedFavorites(): string[] {
  return cachedRpcAnswer(calls.getFavoriteTherapists, {})?.therapistIds ?? [];
}

/** Shows these favourites at once, before (or instead of) the server's answer. */
export function showFavorites(therapistIds: string[]): void {
  setRpcAnswer(calls.getFavoriteTherapists, {}, create(GetFavoriteTherapistsResponseSchema, { therapistIds }));
}

export async function setFavorites(therapistIds: string[]): Promise<string[]> {
  return (await callRpc(calls.setFavoriteTherapists, { therapistIds })).therapistIds;
}

/** An uploaded hotel image as the server describes it. */
export interface HotelImage {
  id: string;
  width: number;
  height: number;
  bytes: number;
  url: string;
  thumbnailUrl: string;
}

/** The server's refusal of an upload, in its words (size, type, count). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const BASE = `${API_BASE_URL}/api/plan/dragon-massage/hotel/images`;

function send(form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  // XMLHttpRequest, not fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/upload`);
    const token = store.get(tokenAtom);
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
    xhr.setRequestHeader('accept-language', LANGUAGE);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadError('', 0));
    xhr.send(form);
  });
}

/** Uploads photos in one request (the product's repeated `images` field), reporting progress 0–1. */
export async function uploadImages(files: File[], onProgress: (fraction: number) => void): Promise<HotelImage[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  let answer = await send(form, onProgress);
  if (answer.status === 401 && (await renewToken())) answer = await send(form, onProgress);
  const body = answer.body as { data?: HotelImage[]; error?: { message?: string } } | null;
  if (answer.status === 201 && body?.data) return body.data;
  throw new UploadError(body?.error?.message ?? '', answer.status);
}

async function authedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const go = () => fetch(url, { ...init, headers: { [TOKEN_HEADER]: store.get(tokenAtom) } });
  const first = await go();
  if (first.status === 401 && (await renewToken())) return go();
  return first;
}

const PRIVATE_IMAGE = 'private-image';

/**
 * An image only its owner may see, as an object URL (an `<img>` cannot send the token). The URL
 * lives as long as the cached answer: it is freed when the cache lets go of it.
 */
export function usePrivateImage(url: string | undefined) {
  return useQuery({
    queryKey: [PRIVATE_IMAGE, url],
    queryFn: async () => {
      const r = await authedFetch(`${API_BASE_URL}${url}`);
      if (!r.ok) throw new Error(`image ${r.status}`);
      return URL.createObjectURL(await r.blob());
    },
    enabled: Boolean(url),
    staleTime: Infinity,
  });
}

queryClient.getQueryCache().subscribe((event) => {
  const { queryKey, state } = event.query;
  if (event.type === 'removed' && queryKey[0] === PRIVATE_IMAGE && typeof state.data === 'string') URL.revokeObjectURL(state.data);
});

/** Removes a photo no order carries yet; one an order still carries stays until the order drops it. */
export async function deleteImage(id: string): Promise<void> {
  await authedFetch(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
