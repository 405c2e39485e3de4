// Uploading photos through the media pipeline (the product's hotel-image upload, where the server
// re-encodes them and strips their metadata): travellers' hotel photos and partners' no-show
// proofs go through it. And showing private ones, which an `<img>` cannot ask for with the token.
import { useQuery } from '@tanstack/react-query';
import { renewToken } from '@/lib/api/clients';
import { TOKEN_HEADER } from '@/lib/api/transport';
import { API_BASE_URL } from '@/lib/config';
import { LANGUAGE } from '@/lib/i18n/language';
import { queryClient } from '@/lib/query-client';
import { store, tokenAtom } from '@/lib/store';

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

/** Where hotel images live; their upload takes any signed-in person's photos. */
export const IMAGES_BASE = `${API_BASE_URL}/api/plan/dragon-massage/hotel/images`;

function send(form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  // XMLHttpRequest, not fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${IMAGES_BASE}/upload`);
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

const OBJECT_URL = 'object-url';

/**
 * A private image as an object URL, read by `load` (`undefined`: not yet). The URL lives as long
 * as the cached answer under `key`: it is freed when the cache lets go of it.
 */
export function useObjectUrl(key: readonly unknown[], load: (() => Promise<Blob>) | undefined) {
  return useQuery({
    queryKey: [OBJECT_URL, ...key],
    queryFn: async () => URL.createObjectURL(await (load as () => Promise<Blob>)()),
    enabled: Boolean(load),
    staleTime: Infinity,
  });
}

queryClient.getQueryCache().subscribe((event) => {
  const { queryKey, state } = event.query;
  if (event.type === 'removed' && queryKey[0] === OBJECT_URL && typeof state.data === 'string') URL.revokeObjectURL(state.data);
});
