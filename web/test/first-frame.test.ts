import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its promise is made once per page. */
async function freshModule() {
  vi.resetModules();
  return import('@/app/first-frame');
}

function watch(promise: Promise<void>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

describe('the first frame an order step’s code waits for', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('settles after the frame that follows the first commit, not before', async () => {
    const { firstFrame, afterFirstCommit } = await freshModule();
    const state = watch(firstFrame);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.settled).toBe(false);
    afterFirstCommit();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(false); // the frame has not come yet
    await vi.advanceTimersByTimeAsync(20);
    expect(state.settled).toBe(true);
  });

  it('does not wait past a second when no frame comes (a tab in the background)', async () => {
    const { firstFrame } = await freshModule();
    const state = watch(firstFrame);
    await vi.advanceTimersByTimeAsync(999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
  });
});
