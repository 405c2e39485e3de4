import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportPurchaseOnce, type PurchaseEvent } from '@/lib/analytics';

const event = (id: string): PurchaseEvent => ({
  transaction_id: id,
  value: 480000,
  currency: 'VND',
  items: [{ item_id: 'shuttle-sgn-4', item_name: '接送', item_category: 'shuttle', price: 480000, quantity: 1 }],
});

const purchases = () => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase');

describe('the purchase event', () => {
  beforeEach(() => {
    localStorage.clear();
    window.dataLayer = [];
    delete window.gtag;
  });
  afterEach(() => vi.restoreAllMocks());

  it('goes to the data layer in GA4 shape, after clearing the previous ecommerce object', () => {
    expect(reportPurchaseOnce(event('BK1'))).toBe(true);
    expect(window.dataLayer).toEqual([{ ecommerce: null }, { event: 'purchase', ecommerce: event('BK1') }]);
  });

  it('is reported once per order, also after a reload (a fresh data layer)', () => {
    reportPurchaseOnce(event('BK1'));
    window.dataLayer = [];
    expect(reportPurchaseOnce(event('BK1'))).toBe(false);
    expect(purchases()).toHaveLength(0);
    expect(reportPurchaseOnce(event('BK2'))).toBe(true);
    expect(purchases()).toHaveLength(1);
  });

  it('goes to gtag too when gtag is there', () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    reportPurchaseOnce(event('BK3'));
    expect(gtag).toHaveBeenCalledWith('event', 'purchase', event('BK3'));
  });

  it('survives a corrupt memory of what was sent', () => {
    localStorage.setItem('analytics.purchase.sent', '{not json');
    expect(reportPurchaseOnce(event('BK4'))).toBe(true);
    expect(JSON.parse(localStorage.getItem('analytics.purchase.sent') ?? '')).toEqual(['BK4']);
  });
});
