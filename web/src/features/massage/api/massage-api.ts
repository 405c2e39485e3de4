import { createClient } from '@connectrpc/connect';
import { Gender, MassageService, type Therapist } from '@/gen/booking/v1/massage_pb';
import { renewToken, transport } from '@/lib/api/clients';
import { TOKEN_HEADER } from '@/lib/api/transport';
import { store, tokenAtom } from '@/lib/store';

export { Gender, type Therapist };

// Created here, so the massage contract loads with the pages that use it.
const massageClient = createClient(MassageService, transport);

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

/** Every therapist matching the filter, following the pages; the caller's favourites first. */
export async function listTherapists(filter: TherapistFilter = {}, signal?: AbortSignal): Promise<Therapist[]> {
  const all: Therapist[] = [];
  let pageToken = '';
  do {
    const page = await massageClient.listTherapists({ ...filter, pageSize: 100, pageToken }, { signal });
    all.push(...page.therapists);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return all;
}

export async function getFavorites(): Promise<string[]> {
  return (await massageClient.getFavoriteTherapists({})).therapistIds;
}

export async function setFavorites(therapistIds: string[]): Promise<string[]> {
  return (await massageClient.setFavoriteTherapists({ therapistIds })).therapistIds;
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

const BASE = `${import.meta.env.VITE_API_BASE_URL || ''}/api/plan/dragon-massage/hotel/images`;

function send(form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  // XMLHttpRequest, not fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/upload`);
    const token = store.get(tokenAtom);
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
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

/** Uploads photos in one request (the spec's repeated `images` field), reporting progress 0–1. */
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

/** An image only its owner may see, as an object URL (an `<img>` cannot send the token). */
export async function imageObjectUrl(url: string): Promise<string> {
  const r = await authedFetch(`${import.meta.env.VITE_API_BASE_URL || ''}${url}`);
  if (!r.ok) throw new Error(`image ${r.status}`);
  return URL.createObjectURL(await r.blob());
}

/** Removes a photo no order carries yet; one an order still carries stays until the order drops it. */
export async function deleteImage(id: string): Promise<void> {
  await authedFetch(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
