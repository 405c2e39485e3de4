import { useEffect, useRef, useState } from 'react';
import { showClock } from '@/lib/vietnam-time';
import { reportPosition, useSchedule } from './api';
import { partnerMessages as m } from './messages';

/** How often a reading is sent while the position is shared. */
const REPORT_MS = 5000;
/** With no new fix from the watch for this long (standing still), the phone is asked again. */
const ASK_AGAIN_MS = 15_000;


/** The newest fix the watch had, for a no-show's proof: a phone standing still at the meeting
 * point may not answer a fresh request soon, and the watch's last fix is as good. */
let newest: GeolocationPosition | undefined;

/** The newest fix this page had, if it is under `age` ms old. */
export function recentFix(age: number): GeolocationPosition | undefined {
  return newest && Date.now() - newest.timestamp < age ? newest : undefined;
}

type Sharing = { state: 'waiting' | 'refused' | 'offline' } | { state: 'sent'; at: number } | { state: 'dropped'; reason: string };

/** While a job of theirs is on the way or there, the phone says where the partner is every few
 * seconds (`watchPosition`); the traveller's page follows. The strip says what was last sent, or
 * why it was not. Outside those steps nothing is read. */
export function SharingPosition() {
  const jobs = useSchedule().data;
  const orderId = jobs?.find((j) => j.job?.meeting)?.job?.orderId;
  const [sharing, setSharing] = useState<Sharing>({ state: 'waiting' });
  // The newest fix, when it was taken, and when one was last sent (wall clock).
  const latest = useRef<{ fix?: GeolocationPosition; taken: number; sentAt: number }>({ taken: 0, sentAt: 0 });
  useEffect(() => {
    if (!orderId || !('geolocation' in navigator)) return;
    latest.current = { taken: 0, sentAt: 0 };
    // The newest fix, once per REPORT_MS at most and never the same one twice.
    const send = () => {
      const { fix, taken, sentAt } = latest.current;
      if (!fix || fix.timestamp <= taken || Date.now() - sentAt < REPORT_MS) return;
      latest.current = { fix, taken: fix.timestamp, sentAt: Date.now() };
      void reportPosition(orderId, fix).then((r) => {
        if (r === 'wait') return;
        if (r === 'offline') setSharing({ state: 'offline' });
        else setSharing(r.kept ? { state: 'sent', at: fix.timestamp } : { state: 'dropped', reason: r.reason });
      });
    };
    const got = (fix: GeolocationPosition) => {
      latest.current.fix = fix;
      newest = fix;
      send();
    };
    const refused = () => setSharing({ state: 'refused' });
    const options = { enableHighAccuracy: true, maximumAge: REPORT_MS, timeout: 30_000 };
    const watch = navigator.geolocation.watchPosition(got, refused, options);
    // A fix that came too soon goes at the next tick; standing still, a watch may say nothing
    // new, so the phone is asked for a fresh fix now and then.
    const again = setInterval(() => {
      send();
      if (Date.now() - (latest.current.fix?.timestamp ?? 0) > ASK_AGAIN_MS) navigator.geolocation.getCurrentPosition(got, refused, { ...options, maximumAge: 0 });
    }, REPORT_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(again);
    };
  }, [orderId]);
  if (!orderId) return null;
  const [text, tone] =
    sharing.state === 'sent'
      ? [m.sharing.on(showClock(new Date(sharing.at))), 'info']
      : sharing.state === 'dropped'
        ? [m.sharing.dropped(sharing.reason), 'warning']
        : sharing.state === 'waiting'
          ? [m.sharing.waiting, 'info']
          : [m.sharing[sharing.state], 'warning'];
  return (
    <p className={`notice notice-${tone} partner-sharing`} role="status" data-testid="sharing" data-state={sharing.state}>
      {text}
    </p>
  );
}
