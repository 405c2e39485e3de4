import type { BrowserContext } from '@playwright/test';

export type Point = { latitude: number; longitude: number; accuracy: number };

/**
 * A phone's GPS as a real one behaves: a fix every few seconds, moved or not. Chromium's
 * emulated position gives a watch one fix per override and leaves a later request unanswered, so
 * an emulated phone that stood still for 45 s could not prove where it was (the no-show's reading
 * must be under a minute old) — the test then failed under load, and a real phone would not.
 */
export function liveGps(context: BrowserContext, at: Point, everyMs = 5_000) {
  let here = at;
  const timer = setInterval(() => void context.setGeolocation(here).catch(() => undefined), everyMs);
  timer.unref();
  context.on('close', () => clearInterval(timer));
  return {
    /** The phone is now at `to`. */
    moveTo: async (to: Point) => {
      here = to;
      await context.setGeolocation(to);
    },
  };
}
