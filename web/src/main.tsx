import { Provider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { applyTheme, storedTheme } from '@/app/theme';
import { routes } from '@/app/routes';
import { loadGtag } from '@/lib/analytics';
import { store } from '@/lib/store';
import '@/styles/global.css';

applyTheme(storedTheme());
loadGtag(import.meta.env.VITE_GA_MEASUREMENT_ID);

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    ),
  );
}
