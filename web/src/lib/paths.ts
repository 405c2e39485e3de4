// The one route table of the web app. The build also writes it to dist/routes.json, so the server
// answers 404 for paths that are no route (see vite.config.ts). Keep this file free of imports.

export const CATEGORIES = ['shuttle', 'charter', 'escort', 'dragon-massage'] as const;
export type CategorySlug = (typeof CATEGORIES)[number];

export const paths = {
  home: '/',
  category: '/category/:category',
  // A plan's own page: shareable, with its title and description (the server previews it too).
  plan: '/category/:category/:planId',
  login: '/login',
  register: '/register',
  profile: '/profile',
  forgotPassword: '/forgot-password',
  // Where mailed links land (verify e-mail, reset password): `?mode=…&oobCode=…&continueUrl=…`.
  authAction: '/auth/action',
  // Where a sign-in with an identity provider lands, its outcome in the fragment.
  authContinue: '/auth/continue',
  member: '/member',
  memberCustomerService: '/member/customer-service',
  memberOrder: '/member/order',
  memberUserInfo: '/member/user-info',
  memberVCoin: '/member/v-coin',
  charterStep1: '/order/charter/step1',
  charterStep2: '/order/charter/step2',
  charterConfirm: '/order/charter/confirm',
  escortStep1: '/order/escort/:planId/step1',
  escortStep2: '/order/escort/:planId/step2',
  escortConfirm: '/order/escort/confirm',
  massageStep1: '/order/massage/step1',
  massageStep2: '/order/massage/step2',
  massageConfirm: '/order/massage/confirm',
  shuttleStep1: '/order/shuttle/step1',
  shuttleStep2: '/order/shuttle/step2',
  shuttleConfirm: '/order/shuttle/confirm',
  // What a site that takes payments owes its customers to say.
  terms: '/terms',
  privacy: '/privacy',
  refundPolicy: '/refund-policy',
  about: '/about',
  payment: '/payment',
  paymentComplete: '/payment-complete',
  // The operators' console: one route here, a bundle, layout and route table of its own
  // (src/console/paths.ts).
  ops: '/ops/*',
  // The partners' app (drivers, guides, therapists): the same, with src/partner/paths.ts.
  partner: '/partner/*',
} as const;

export type RouteName = keyof typeof paths;

/** An order flow's steps: 1 service details, 2 contact, 3 confirm. */
export type OrderStep = 1 | 2 | 3;
const STEP_ROUTES = ['Step1', 'Step2', 'Confirm'] as const;

/** The flow and step of an order step's route, by its name (`shuttleStep1`); undefined for others. */
export function orderStepOf(name: RouteName): { flow: Flow; step: OrderStep } | undefined {
  for (const flow of FLOWS) {
    const step = STEP_ROUTES.findIndex((suffix) => name === `${flow}${suffix}`);
    if (step >= 0) return { flow, step: (step + 1) as OrderStep };
  }
  return undefined;
}

/** Order steps and confirm pages use the layout with a footer, the console and the partner app
 * their own; every other route the default. */
export function layoutOf(name: RouteName): 'default' | 'footer' | 'own' {
  if (name === 'ops' || name === 'partner') return 'own';
  return orderStepOf(name) ? 'footer' : 'default';
}

/** Closed sets of parameter values; a path with another value is not a route (404). */
export const routeParams: Partial<Record<RouteName, Record<string, readonly string[]>>> = {
  category: { category: CATEGORIES },
  plan: { category: CATEGORIES },
};

/** Fills a route pattern: `to('category', { category: 'shuttle' })` is `/category/shuttle`. */
export function to(name: RouteName, params: Record<string, string> = {}): string {
  return paths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

export function isCategory(value: string | undefined): value is CategorySlug {
  return (CATEGORIES as readonly string[]).includes(value ?? '');
}

/** The order flows, one per category; their paths say `massage` for `dragon-massage`. */
export const FLOWS = ['shuttle', 'charter', 'escort', 'massage'] as const;
export type Flow = (typeof FLOWS)[number];

export function flowOf(category: CategorySlug): Flow {
  return category === 'dragon-massage' ? 'massage' : category;
}

export function categoryOfFlow(flow: Flow): CategorySlug {
  return flow === 'massage' ? 'dragon-massage' : flow;
}

/** The flow of an order page's path (`/order/{flow}/…`). */
export function flowOfPath(pathname: string): Flow | undefined {
  const flow = /^\/order\/([a-z]+)\//.exec(pathname)?.[1];
  return (FLOWS as readonly string[]).includes(flow ?? '') ? (flow as Flow) : undefined;
}

/** An order step's path; the escort flow carries its plan in the path of its first two steps. */
export function stepPath(flow: Flow, step: 'step1' | 'step2' | 'confirm', planId: string): string {
  if (flow === 'escort' && step !== 'confirm') return `/order/escort/${encodeURIComponent(planId)}/${step}`;
  if (step === 'step1') return `/order/${flow}/step1?plan=${encodeURIComponent(planId)}`;
  return `/order/${flow}/${step}`;
}

/** The query that makes step1 start a new booking instead of going on with the flow's draft. */
export const NEW_BOOKING = 'new';

/** Where a new booking of a plan starts (the catalogue's 「預訂」): always a new order. */
export function newBookingPath(flow: Flow, planId: string): string {
  const path = stepPath(flow, 'step1', planId);
  return `${path}${path.includes('?') ? '&' : '?'}${NEW_BOOKING}=1`;
}
