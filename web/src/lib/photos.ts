// The catalogue's uploaded photos come in the sizes the pages draw, cut by the server:
// `/media/catalog/{id}/{width}.jpg`, 640 and 1280 wide for plans (16:9), 144 and 288 for
// therapists (square). The category drawings (`/img/…`) come in one size.

const PHOTO = /^(\/media\/catalog\/[\w-]+)\/\d+\.jpg$/;

/** Whether it is an uploaded photo (in the sizes above), not a drawing. */
export function isUploaded(url: string): boolean {
  return PHOTO.test(url);
}

/** The photo at `width`; a drawing as it is. */
export function photoAt(url: string, width: number): string {
  const base = PHOTO.exec(url)?.[1];
  return base ? `${base}/${width}.jpg` : url;
}

/** A plan photo's sizes for `srcset`; none for a drawing. */
export function wideSrcSet(url: string): string | undefined {
  const base = PHOTO.exec(url)?.[1];
  return base ? `${base}/640.jpg 640w, ${base}/1280.jpg 1280w` : undefined;
}
