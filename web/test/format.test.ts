import { describe, expect, it } from 'vitest';
import { formatVnd } from '@/lib/format';

const intl = new Intl.NumberFormat('zh-TW', {
  style: 'currency',
  currency: 'VND',
  currencyDisplay: 'code',
  maximumFractionDigits: 0,
});

describe('formatVnd', () => {
  it('writes what zh-TW currency formatting writes, for every size and sign', () => {
    const amounts = [0, 1, 12, 999, 1_000, 12_345, 480_000, 1_250_000, 99_999_999, 1_000_000_000_000, -1, -1_250_000];
    for (const n of amounts) {
      expect(formatVnd(n)).toBe(intl.format(n).replace(/\u00a0/g, ' '));
      expect(formatVnd(BigInt(n))).toBe(formatVnd(n));
    }
  });

  it('rounds a fraction as the currency format does', () => {
    expect(formatVnd(1_250_000.4)).toBe('VND 1,250,000');
    expect(formatVnd(999.5)).toBe('VND 1,000');
  });
});
