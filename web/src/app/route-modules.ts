import type { RouteObject } from 'react-router';
import { preloadLimiter } from './lazy-route';
import type { RouteName } from './paths';

// A route module exports `Component` and, where it loads data, `loader`.
type RouteModule = Pick<RouteObject, 'Component' | 'loader'>;

const comingSoon = () => import('@/pages/coming-soon-page');

/** Every route's module, loaded lazily; order pages share their flow's placeholder for now. */
export const modules: Record<RouteName, () => Promise<RouteModule>> = {
  home: () => import('@/pages/home-page'),
  category: () => import('@/pages/category-page'),
  login: () => import('@/pages/login-page'),
  register: () => import('@/pages/register-page'),
  profile: () => import('@/pages/profile-page'),
  forgotPassword: () => import('@/pages/forgot-password-page'),
  authAction: () => import('@/pages/auth-action-page'),
  member: comingSoon,
  memberCustomerService: comingSoon,
  memberOrder: comingSoon,
  memberUserInfo: comingSoon,
  memberVCoin: comingSoon,
  charterStep1: comingSoon,
  charterStep2: comingSoon,
  charterConfirm: comingSoon,
  escortStep1: comingSoon,
  escortStep2: comingSoon,
  escortConfirm: comingSoon,
  massageStep1: comingSoon,
  massageStep2: comingSoon,
  massageConfirm: comingSoon,
  shuttleStep1: comingSoon,
  shuttleStep2: comingSoon,
  shuttleConfirm: comingSoon,
  payment: comingSoon,
  paymentComplete: comingSoon,
};

/** Starts loading a route's module ahead of navigation (at most 5 at once). */
export function preloadRoute(name: RouteName): void {
  void preloadLimiter(modules[name]).catch(() => undefined);
}
