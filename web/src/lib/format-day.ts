// A calendar day in the build's language, from `formats.ftl` as every date on the pages and in the
// mails: a module apart from `format.ts`, as only the console writes days alone.
import { wordsOf } from '@/lib/i18n';
import source from '@words/formats.ftl';

const t = wordsOf(source);

/** A calendar day (`2026-11-16`) in the language's order: `16/11/2026`, `2026/11/16` (the order
 * its times are written in, without the time; no key of its own, so the home page's words stay
 * as they are). */
export function formatDay(day: string): string {
  const [year = '', month = '', date = ''] = day.slice(0, 10).split('-');
  return t('datetime', { year, month, day: date, time: '' }).trim();
}
