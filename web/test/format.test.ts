import { describe, expect, it } from 'vitest';
import { formatBytes, formatLocal, formatVnd } from '@/lib/format';
import { formatDay } from '@/lib/format-day';

// The server's mails write the same (crates/domain/src/words/tests.rs holds its side).
describe('money and times in the build’s language (zh-TW)', () => {
  it('writes amounts as the zh-TW currency format does, for every size and sign', () => {
    const intl = new Intl.NumberFormat('zh-TW', { style: 'currency', currency: 'VND', currencyDisplay: 'code', maximumFractionDigits: 0 });
    const amounts = [0, 1, 12, 999, 1_000, 12_345, 480_000, 1_250_000, 99_999_999, 1_000_000_000_000, -1, -1_250_000];
    for (const n of amounts) {
      expect(formatVnd(n)).toBe(intl.format(n));
      expect(formatVnd(BigInt(n))).toBe(formatVnd(n));
    }
    expect(formatVnd(1_250_000.4)).toBe('VND\u00a01,250,000');
    expect(formatVnd(999.5)).toBe('VND\u00a01,000');
  });

  it('writes a size in the largest unit under it, to a tenth', () => {
    expect(formatBytes(618_496)).toBe('618.5 kB');
    expect(formatBytes(52_740_096n)).toBe('52.7 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });

  it('writes a Vietnam time year first, and a deadline without its year', () => {
    expect(formatLocal('2026-12-04T09:05')).toBe('2026/12/04 09:05');
    expect(formatLocal('2026-12-04T09:05', false)).toBe('12/04 09:05');
  });

  it('writes a calendar day in the order its times are written (a payroll week)', () => {
    expect(formatDay('2026-11-16')).toBe('2026/11/16');
    expect(formatDay('2026-11-22T00:00:00.000Z')).toBe('2026/11/22');
  });
});
