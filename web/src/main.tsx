// The base styles first: every other stylesheet comes after them and may refine them.
import '@/styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { applyTheme, storedTheme } from '@/app/theme';
import { adoptSessionToken, restoreSessionOnStart } from '@/features/account';
import { followNavigations } from '@/lib/lazy-load';
import { keepLinkLanguage } from '@/lib/i18n';
import { routes } from '@/app/routes';
import { GA_MEASUREMENT_ID } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { store } from '@/lib/store';

applyTheme(storedTheme());
// A shared link's `?lang=` holds for the pages after it.
keepLinkLanguage();
// Before the router's loaders make the first calls.
adoptSessionToken();
// Spec §4: on start, a signed-in user's token and cookie are refreshed and the profile loaded;
// begun before the page's own code is fetched, so a signed-in page does not wait for it after.
void restoreSessionOnStart();
// Only a build with a measurement id carries gtag's loader: without one this is compiled away.
if (GA_MEASUREMENT_ID) void import('@/lib/analytics').then(({ loadGtag }) => loadGtag(GA_MEASUREMENT_ID));

const router = createBrowserRouter(routes);
// A chunk that fails to load during a navigation brings the new build at the page being opened.
followNavigations(() => {
  const to = router.state.navigation.location;
  return to ? to.pathname + to.search + to.hash : undefined;
});
const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Provider store={store}>
            <RouterProvider router={router} />
          </Provider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
