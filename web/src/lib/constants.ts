// Business constants and limits of the product spec (§9), in one place.

export const API_TIMEOUT_MS = 5000;
export const TOKEN_COOKIE = 'token';
export const TOKEN_COOKIE_MAX_AGE_S = 604800; // 7 days
export const CURRENCY = 'VND';
export const MIN_PASSWORD_LENGTH = 6;

export const THEME_COOKIE = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/** Mirrored in styles/global.css media queries (CSS cannot read these). */
export const BREAKPOINTS = { xs: 0, sm: 640, md: 1024, lg: 1440, xl: 1920 } as const;

export const TOAST_DURATION_MS = 5000;
export const TOAST_POSITION = 'top-right';

export const MODAL_SIZES = { small: 576, medium: 768, large: 992 } as const;
export const MODAL_MAX_WIDTH = { question: 300, confirm: 390, warning: 390 } as const;

export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const MAX_CONCURRENT_PRELOADS = 5;

export const COLORS = { primary: '#154EC1', danger: '#E42222', success: '#3D9209' } as const;

/** Statuses on which a read is retried once (spec §7); writes are never retried. */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** The public site environment setting chooses dev or prod behaviour. */
export const SITE_ENV: 'dev' | 'prod' = import.meta.env.VITE_SITE_ENV === 'prod' ? 'prod' : 'dev';

/** Vietnam has one time zone and no daylight saving: UTC+7 all year. */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
