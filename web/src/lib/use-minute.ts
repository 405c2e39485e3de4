import { useEffect, useState } from 'react';

/** Now, to the `step` (milliseconds): what counts time on screen moves once a step, not on every
 * render. */
export function useNow(step: number): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / step) * step);
  useEffect(() => {
    const id = setInterval(() => setNow(Math.floor(Date.now() / step) * step), step);
    return () => clearInterval(id);
  }, [step]);
  return now;
}

/** Now, to the minute: windows and deadlines on screen move once a minute. */
export function useMinute(): number {
  return useNow(60_000);
}
