// The interface's words: one Project Fluent catalogue per part of the site and language, under the
// repository's `locales/` (the server reads its own there too). The app is built once per
// language, each build with its language's catalogues (`@words`, compiled by the build from
// Fluent's text to Fluent's own runtime form), so a page carries the words of its language only
// and never waits for them. The server serves the index of the language it chose for the request.
import { FluentBundle, type FluentResource, type FluentVariable } from '@fluent/bundle';
import { writeCookie } from '../cookies';

export { DEFAULT_LANGUAGE, LANGUAGE, LANGUAGES, languageOf, type Language } from './language';
import { LANGUAGE, languageOf, type Language } from './language';

export type Args = Record<string, FluentVariable>;
/** A catalogue's words by id; an id no catalogue has reads as itself (a test keeps there none). */
export interface Words {
  (id: string, args?: Args): string;
  /** Whether the catalogue has `id`: a text of as many paragraphs as its language gives it. */
  has(id: string): boolean;
}

/** A compiled catalogue's words, in the build's language. Placeables are not wrapped in bidi
 * marks: every language here is written left to right. */
export function wordsOf(body: FluentResource['body']): Words {
  const bundle = new FluentBundle(LANGUAGE, { useIsolating: false });
  // The build parsed the text already (see vite.config.ts), so the parser stays out of the bundle.
  bundle.addResource({ body } as FluentResource);
  const words = (id: string, args?: Args) => {
    const pattern = bundle.getMessage(id)?.value;
    return pattern ? bundle.formatPattern(pattern, args) : id;
  };
  return Object.assign(words, { has: (id: string) => bundle.hasMessage(id) });
}

const YEAR_SECONDS = 365 * 24 * 3600;

/** Remembers `language` (the `lang` cookie the server reads) and loads the page in it, without a
 * `?lang=` that would override the choice. */
export function switchLanguage(language: Language): void {
  writeCookie('lang', language, YEAR_SECONDS);
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  location.assign(url.href);
}

/** A link's `?lang=` chose this page's language: remembered for the pages after it. */
export function keepLinkLanguage(): void {
  const asked = languageOf(new URLSearchParams(location.search).get('lang'));
  if (asked && asked === LANGUAGE) writeCookie('lang', asked, YEAR_SECONDS);
}
