import { CURRENCY } from './constants';

/**
 * `VND 1,250,000`: an integer amount of đồng with thousands separators, as zh-TW's currency
 * format writes it. Not through Intl.NumberFormat: the first Intl call of a page sets up ICU,
 * which costs a phone a long task while the page loads, for a format that never changes (a test
 * holds the two equal).
 */
export function formatVnd(amount: number | bigint): string {
  const whole = typeof amount === 'bigint' ? amount : BigInt(Math.round(amount));
  const digits = (whole < 0n ? -whole : whole).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0n ? '-' : ''}${CURRENCY} ${digits}`;
}
