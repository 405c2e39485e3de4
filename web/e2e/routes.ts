// The pages the walking tests visit: every route a visitor reaches without an account.

/** The customer's pages that need no account and no order. */
export const PUBLIC_PAGES = [
  '/',
  '/category/shuttle',
  '/category/charter',
  '/category/escort',
  '/category/dragon-massage',
  '/category/shuttle/shuttle-sgn-4',
  '/category/escort/escort-city-half-day',
  '/category/dragon-massage/massage-classic',
  '/login',
  '/register',
  '/forgot-password',
  '/terms',
  '/privacy',
  '/refund-policy',
  '/about',
  '/no/such/page',
];

/** Each order flow's first step, for a plan of the demo catalogue. */
export const FIRST_STEPS = [
  '/order/shuttle/step1?plan=shuttle-sgn-4',
  '/order/charter/step1?plan=charter-sgn-city-4h',
  '/order/escort/escort-city-half-day/step1',
  '/order/massage/step1?plan=massage-classic',
];
