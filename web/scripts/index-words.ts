// index.html in a language, as the build writes it: `%lang%` is the page's language tag and each
// `%t:id%` the word `id` of that language's shell or legal pages' catalogue.
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `<html lang>`: the default's tag names its script. */
const HTML_LANG: Record<string, string> = { 'zh-TW': 'zh-Hant-TW', vi: 'vi', en: 'en' };

export function indexIn(html: string, locales: string, language: string): string {
  const bundle = new FluentBundle(language, { useIsolating: false });
  for (const part of ['shell', 'legal']) {
    bundle.addResource(new FluentResource(readFileSync(join(locales, language, 'web', `${part}.ftl`), 'utf8')));
  }
  return html.replace('%lang%', HTML_LANG[language] ?? language).replace(/%t:([a-z-]+)%/g, (_, id: string) => {
    const pattern = bundle.getMessage(id)?.value;
    if (!pattern) throw new Error(`index.html names ${id}, which the ${language} catalogues lack`);
    return bundle.formatPattern(pattern);
  });
}
