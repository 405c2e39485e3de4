import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLimiter, followNavigations, importWithReload } from '@/lib/lazy-load';
import { layoutOf, paths, to } from '@/lib/paths';

afterEach(() => sessionStorage.clear());

describe('a failed chunk load', () => {
  it('reloads at most once per 10 s for the same path', async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    let now = 1_000_000;
    void importWithReload(failing, '/category/shuttle', () => now, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    now += 9_000;
    await expect(importWithReload(failing, '/category/shuttle', () => now, reload)).rejects.toThrow();
    expect(reload).toHaveBeenCalledTimes(1);

    // Another path has its own guard.
    void importWithReload(failing, '/member', () => now, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));

    now += 2_000; // 11 s after the first reload
    void importWithReload(failing, '/category/shuttle', () => now, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(3));
  });

  it('loads the page being opened, not the one being left', async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    followNavigations(() => '/login?next=%2Fmember');
    void importWithReload(failing, undefined, Date.now, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith('/login?next=%2Fmember'));
    followNavigations(() => undefined);
  });

  it('passes a successful load through', async () => {
    const reload = vi.fn();
    await expect(importWithReload(() => Promise.resolve(42), '/', Date.now, reload)).resolves.toBe(42);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('route preloads', () => {
  it('run at most 5 at once', async () => {
    const limit = createLimiter(5);
    let running = 0;
    let peak = 0;
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        setTimeout(() => {
          running--;
          resolve();
        }, 5);
      });
    await Promise.all(Array.from({ length: 12 }, () => limit(task)));
    expect(peak).toBe(5);
  });
});

describe('the route table', () => {
  it('puts order steps and confirm pages in the footer layout', () => {
    expect(layoutOf('shuttleStep1')).toBe('footer');
    expect(layoutOf('escortConfirm')).toBe('footer');
    expect(layoutOf('payment')).toBe('default');
    expect(layoutOf('memberOrder')).toBe('default');
  });

  it('fills parameters', () => {
    expect(to('category', { category: 'dragon-massage' })).toBe('/category/dragon-massage');
    expect(to('escortStep1', { planId: 'escort-city-full-day' })).toBe('/order/escort/escort-city-full-day/step1');
    expect(Object.values(paths)).toContain('/payment-complete');
  });
});
