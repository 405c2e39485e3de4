import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { StepPage } from '@/components/step-page';
import { AppShell } from './app-shell';
import { firstFrame } from './first-frame';
import { NotFoundPage, PageLoading, RouteErrorPage } from '@/pages/error-pages';
import { DefaultLayout } from './layouts/default-layout';
import { FooterLayout } from './layouts/footer-layout';
import { importWithReload } from '@/lib/lazy-load';
import { loaders, modules } from './route-modules';
import { layoutOf, orderStepOf, paths, type RouteName } from '@/lib/paths';

/**
 * What a route shows inside its layout while its code loads on the first visit: an order step its
 * bar and heading (the largest thing it paints), any other page the loading line. The site header
 * stays as index.html painted it.
 */
function loadingOf(name: RouteName): () => ReactNode {
  const step = orderStepOf(name);
  if (!step) return PageLoading;
  return function StepLoading() {
    return (
      <StepPage flow={step.flow} step={step.step}>
        <PageLoading />
      </StepPage>
    );
  };
}

function route(name: RouteName): RouteObject {
  const load = () => importWithReload(modules[name]);
  return {
    path: paths[name],
    handle: { name },
    loader: loaders[name],
    lazy: orderStepOf(name) ? () => firstFrame.then(load) : load,
    HydrateFallback: loadingOf(name),
    // Errors of a page render inside its layout, with the site header still there.
    ErrorBoundary: RouteErrorPage,
  };
}

const names = Object.keys(paths) as RouteName[];

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteErrorPage,
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
      {
        // The operators' console and the partner app bring their own layout and routes, each in
        // chunks no customer loads.
        ErrorBoundary: RouteErrorPage,
        children: names.filter((n) => layoutOf(n) === 'own').map(route),
      },
    ],
  },
];
