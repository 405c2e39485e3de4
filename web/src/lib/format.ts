// How money and times are written in the build's language: `formats.ftl`, the file the server's
// mails read too, so a page and a mail write an amount and a time alike. Digits are grouped by
// the language's rules (Intl, CLDR: `1,250,000` in zh-TW and en, `1.250.000` in vi), as the
// server groups them (ICU4X, CLDR).
import { LANGUAGE, wordsOf } from '@/lib/i18n';
import source from '@words/formats.ftl';

const t = wordsOf(source);

// Made once: a page may write hundreds of amounts.
let digits: Intl.NumberFormat | undefined;

/** An amount of đồng in the language's money format: `VND 1,250,000`, `1.250.000 ₫`. */
export function formatVnd(amount: number | bigint): string {
  digits ??= new Intl.NumberFormat(LANGUAGE, { maximumFractionDigits: 0, signDisplay: 'never' });
  const rounded = digits.format(amount);
  const minus = amount < 0 && /[1-9]/.test(rounded);
  return t('money', { amount: rounded, sign: minus ? 'minus' : 'plus' });
}

/** A size as people read it: kB, MB or GB in the language's units and digits. */
export function formatBytes(bytes: number | bigint): string {
  const n = Number(bytes);
  const [unit, by] = n >= 1e9 ? (['gigabyte', 1e9] as const) : n >= 1e6 ? (['megabyte', 1e6] as const) : (['kilobyte', 1e3] as const);
  return new Intl.NumberFormat(LANGUAGE, { style: 'unit', unit, maximumFractionDigits: 1 }).format(n / by);
}

/** A Vietnam wall-clock time (`2026-11-24T21:30`) in the language's order; without the year when
 * `year` is false (a deadline: `11/24 21:30`, `24/11 21:30`). */
export function formatLocal(value: string, year = true): string {
  const [day = '', time = ''] = value.split('T');
  const [y = '', m = '', d = ''] = day.split('-');
  return t(year ? 'datetime' : 'daytime', { year: y, month: m, day: d, time: time.slice(0, 5) });
}
