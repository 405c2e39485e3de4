import { CURRENCY } from './constants';

const vnd = new Intl.NumberFormat('zh-TW', {
  style: 'currency',
  currency: CURRENCY,
  currencyDisplay: 'code',
  maximumFractionDigits: 0,
});

/** `VND 1,250,000`: an integer amount of đồng with thousands separators. */
export function formatVnd(amount: number | bigint): string {
  return vnd.format(amount).replace(/\u00a0/g, ' ');
}
