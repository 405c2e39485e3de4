import type { RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { NotFoundPage, PageLoading, RouteErrorPage } from './error-pages';
import { DefaultLayout } from './layouts/default-layout';
import { FooterLayout } from './layouts/footer-layout';
import { importWithReload } from './lazy-route';
import { modules } from './route-modules';
import { layoutOf, paths, type RouteName } from './paths';

function route(name: RouteName): RouteObject {
  return {
    path: paths[name],
    handle: { name },
    lazy: () => importWithReload(modules[name]),
    // Errors of a page render inside its layout, with the site header still there.
    ErrorBoundary: RouteErrorPage,
  };
}

const names = Object.keys(paths) as RouteName[];

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    children: [
      {
        Component: DefaultLayout,
        ErrorBoundary: RouteErrorPage,
        children: [
          ...names.filter((n) => layoutOf(n) === 'default').map(route),
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        Component: FooterLayout,
        ErrorBoundary: RouteErrorPage,
        children: names.filter((n) => layoutOf(n) === 'footer').map(route),
      },
    ],
  },
];
