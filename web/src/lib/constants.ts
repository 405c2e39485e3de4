// Business constants and limits of the product spec (§9). Colours, breakpoints and modal sizes
// are used only by styles/global.css and live there.

export const API_TIMEOUT_MS = 5000;
export const TOKEN_COOKIE = 'token';
export const TOKEN_COOKIE_MAX_AGE_S = 604800; // 7 days
export const CURRENCY = 'VND';
export const MIN_PASSWORD_LENGTH = 6;

export const THEME_COOKIE = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const TOAST_DURATION_MS = 5000;
export const TOAST_POSITION = 'top-right';

export const MODAL_MAX_WIDTH = { question: 300, confirm: 390, warning: 390 } as const;

export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const MAX_CONCURRENT_PRELOADS = 5;

/** Statuses on which a read is retried once (docs/product.md, "The calls"); writes are never
 * retried. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** Vietnam has one time zone and no daylight saving: UTC+7 all year. */
/** Vietnam's country code: a local's phone (a driver's) when none is given, as the server takes it. */
export const HOME_COUNTRY_CODE = '84';
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
