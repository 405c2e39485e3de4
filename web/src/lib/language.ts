/**
 * The language the page speaks (its `<html lang>`), sent with every call so that the server's
 * words (refusals, labels) are in the same language as the page's, whatever the browser prefers.
 */
export function pageLanguage(): string {
  return globalThis.document?.documentElement.lang || 'zh-TW';
}
