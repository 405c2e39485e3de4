import type { LoaderFunction, RouteObject } from 'react-router';
import { importWithReload, preloadLimiter } from '@/lib/lazy-load';
import type { RouteName } from '@/lib/paths';

// A route module exports `Component`.
type RouteModule = Pick<RouteObject, 'Component'>;

/** The catalogue's loaders come with the API clients: a chunk of their own, preloaded by
 * index.html and evaluated in a task of its own, not as part of the first script. */
const catalogLoaders = () => importWithReload(() => import('@/pages/catalog-loaders'));

/** Routes that load data before they draw; their calls start while the page's code loads. */
export const loaders: Partial<Record<RouteName, LoaderFunction>> = {
  home: async (args) => (await catalogLoaders()).homeLoader(args),
  category: async (args) => (await catalogLoaders()).categoryLoader(args),
  plan: async (args) => (await catalogLoaders()).planLoader(args),
};

const step1 = () => import('@/pages/order-step1-page');
const step2 = () => import('@/pages/order-step2-page');
const confirm = () => import('@/pages/order-confirm-page');
const legal = () => import('@/pages/legal-page');
const auth = () => import('@/pages/auth-action-page');
const profile = () => import('@/pages/profile-page');

/** Every route's module, loaded lazily; the four order flows share their step pages. */
export const modules: Record<RouteName, () => Promise<RouteModule>> = {
  home: () => import('@/pages/home-page'),
  category: () => import('@/pages/category-page'),
  plan: () => import('@/pages/plan-page'),
  login: () => import('@/pages/login-page'),
  register: () => import('@/pages/register-page'),
  profile,
  forgotPassword: () => import('@/pages/forgot-password-page'),
  authAction: auth,
  authContinue: auth,
  member: () => import('@/pages/member-home-page'),
  memberCustomerService: () => import('@/pages/member-customer-service-page'),
  memberOrder: () => import('@/pages/member-order-page'),
  memberUserInfo: profile,
  memberVCoin: () => import('@/pages/member-v-coin-page'),
  charterStep1: step1,
  charterStep2: step2,
  charterConfirm: confirm,
  escortStep1: step1,
  escortStep2: step2,
  escortConfirm: confirm,
  massageStep1: step1,
  massageStep2: step2,
  massageConfirm: confirm,
  shuttleStep1: step1,
  shuttleStep2: step2,
  shuttleConfirm: confirm,
  terms: legal,
  privacy: legal,
  refundPolicy: legal,
  about: legal,
  payment: () => import('@/pages/payment-page'),
  paymentComplete: () => import('@/pages/payment-complete-page'),
  ops: () => import('@/console/console-app'),
  partner: () => import('@/partner/partner-app'),
};

/** Starts loading a route's module ahead of navigation (at most 5 at once). */
export function preloadRoute(name: RouteName): void {
  void preloadLimiter(modules[name]).catch(() => undefined);
}
