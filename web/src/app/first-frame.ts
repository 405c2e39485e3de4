/** How long a route's code waits for the first frame at most: a tab the user is not looking at
 * draws no frames. */
const FIRST_FRAME_WAIT_MS = 1000;

let painted: () => void = () => {};

/** Settles once the app's first frame is on screen. An order step's code is requested after it,
 * so that the step's bar and heading (drawn by its fallback, the largest thing the step paints)
 * do not wait behind the eleven files of the step and their evaluation on a slow phone. */
export const firstFrame = new Promise<void>((resolve) => {
  painted = resolve;
  setTimeout(resolve, FIRST_FRAME_WAIT_MS);
});

/** Called after the app's first commit: a task queued from the next animation frame runs after
 * that frame is painted. */
export function afterFirstCommit(): void {
  requestAnimationFrame(() => setTimeout(painted));
}
