// The purchase event of docs/product.md ("The calls") in GA4's `purchase` shape: pushed to
// `window.dataLayer` (a tag manager reads it there) and sent to gtag when a measurement id is
// configured. Once per order: the ids already reported are remembered in localStorage, so a
// reload reports nothing again.

import { CURRENCY } from '@/lib/constants';

const SENT_KEY = 'analytics.purchase.sent';
const MAX_REMEMBERED = 200;

export interface PurchaseItem {
  item_id: string;
  item_name: string;
  item_category: string;
  price: number;
  quantity: number;
}

export interface PurchaseEvent {
  transaction_id: string;
  value: number;
  currency: typeof CURRENCY;
  items: PurchaseItem[];
}

type Gtag = (command: 'event', name: string, params: PurchaseEvent) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function sentIds(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(SENT_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Reports a purchase unless this order's was reported before; true when it reported now. */
export function reportPurchaseOnce(event: PurchaseEvent): boolean {
  const sent = sentIds();
  if (sent.includes(event.transaction_id)) return false;
  localStorage.setItem(SENT_KEY, JSON.stringify([...sent, event.transaction_id].slice(-MAX_REMEMBERED)));
  window.dataLayer = window.dataLayer ?? [];
  // GA4's advice: clear the previous ecommerce object before pushing the next.
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push({ event: 'purchase', ecommerce: event });
  window.gtag?.('event', 'purchase', event);
  return true;
}

/** Loads gtag.js for a measurement id (`VITE_GA_MEASUREMENT_ID`); without one, nothing loads. */
export function loadGtag(measurementId: string | undefined): void {
  if (!measurementId || window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag's contract: the arguments object itself goes onto the data layer.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  } as Gtag;
  (window.gtag as unknown as (...args: unknown[]) => void)('js', new Date());
  (window.gtag as unknown as (...args: unknown[]) => void)('config', measurementId);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}
