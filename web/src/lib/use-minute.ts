import { useEffect, useState } from 'react';

/** Now, to the minute: windows and deadlines on screen move once a minute, not on every render. */
export function useMinute(): number {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  useEffect(() => {
    const id = setInterval(() => setMinute(Math.floor(Date.now() / 60_000) * 60_000), 60_000);
    return () => clearInterval(id);
  }, []);
  return minute;
}
