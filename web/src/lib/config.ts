// The build's configuration, read here only: what `VITE_*` variables and the build itself said when
// the app was built (README: the web app's own environment).

/** The public site environment (`VITE_SITE_ENV`): `dev` unless `prod`. In dev the error page also logs the error it shows. */
export const SITE_ENV: 'dev' | 'prod' = import.meta.env.VITE_SITE_ENV === 'prod' ? 'prod' : 'dev';

/** Where the API is (`VITE_API_BASE_URL`): the site's own origin unless the build names another. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL || location.origin;

/** Google Analytics' measurement id (`VITE_GA_MEASUREMENT_ID`); without it the purchase event goes to `dataLayer` only. */
export const GA_MEASUREMENT_ID: string | undefined = import.meta.env.VITE_GA_MEASUREMENT_ID || undefined;

/** This build's id (the commit and the time), compared hourly with the server's `/build.json`. */
export const BUILD_ID: string = __BUILD_ID__;
