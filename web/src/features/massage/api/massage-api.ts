import { create } from '@bufbuild/protobuf';
import { GetFavoriteTherapistsResponseSchema, Gender, MassageService, type Therapist } from '@/gen/booking/v1/massage_pb';
import { renewToken } from '@/lib/api/clients';
import { skipToken, useRpc, useRpcAll } from '@/lib/api/hooks';
import { IMAGES_BASE as BASE, useObjectUrl } from '@/lib/api/images';
import { cachedRpcAnswer, callRpc, setRpcAnswer } from '@/lib/api/rpc';
import { TOKEN_HEADER } from '@/lib/api/transport';
import { API_BASE_URL } from '@/lib/config';
import { store, tokenAtom } from '@/lib/store';

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

export { UploadError, uploadImages, type HotelImage } from '@/lib/api/images';

async function authedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const go = () => fetch(url, { ...init, headers: { [TOKEN_HEADER]: store.get(tokenAtom) } });
  const first = await go();
  if (first.status === 401 && (await renewToken())) return go();
  return first;
}

/** An image only its owner (or staff) may see, at `url` under the API, as an object URL. */
export function usePrivateImage(url: string | undefined) {
  const load = async () => {
    const r = await authedFetch(`${API_BASE_URL}${url}`);
    if (!r.ok) throw new Error(`image ${r.status}`);
    return r.blob();
  };
  return useObjectUrl([url], url ? load : undefined);
}

/** Removes a photo no order carries yet; one an order still carries stays until the order drops it. */
export async function deleteImage(id: string): Promise<void> {
  await authedFetch(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
