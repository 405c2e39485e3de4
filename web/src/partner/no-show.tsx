import { useState } from 'react';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { UploadError, uploadImages } from '@/lib/api/images';
import { actionError } from './api';
import { partnerMessages } from './messages';
import { recentFix } from './position';

const m = partnerMessages.noShow;

/** A fix under this old will do: the server takes readings up to a minute old. */
const FRESH_MS = 45_000;

/** Where the phone is: the position watch's newest fix if fresh, else the phone asked once. */
function here(): Promise<GeolocationPosition> {
  const fix = recentFix(FRESH_MS);
  if (fix) return Promise.resolve(fix);
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: FRESH_MS }));
}

/** The proof a no-show is reported with: a photo of the meeting point, uploaded through the media
 * pipeline, and where the phone is. The server says whether the free waiting time has passed. */
export interface Proof {
  photo: string;
  position: { latitude: number; longitude: number; accuracy: number; takenAt: ReturnType<typeof timestampFromMs> };
}

/** "Nobody came": a photo taken at the meeting point and the phone's position, sent together. */
export function NoShow({ busy, send }: { busy: boolean; send: (proof: Proof) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [photo, setPhoto] = useState<File>();
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  if (!open) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {m.open}
      </button>
    );
  }
  const report = async () => {
    if (!photo) return;
    setError(undefined);
    setWorking(true);
    try {
      // The photo first: its encoding can take many seconds, and a reading read before it could
      // be past the server's minute by the time it is sent.
      let uploaded;
      try {
        [uploaded] = await uploadImages([photo], () => undefined);
      } catch (e) {
        setError(e instanceof UploadError && e.message ? e.message : actionError(e));
        return;
      }
      let at: GeolocationPosition;
      try {
        at = await here();
      } catch {
        setError(m.noPosition);
        return;
      }
      const { latitude, longitude, accuracy } = at.coords;
      // A refusal of the report itself is shown by the card (`send`).
      await send({ photo: uploaded?.id ?? '', position: { latitude, longitude, accuracy, takenAt: timestampFromMs(at.timestamp) } });
    } finally {
      setWorking(false);
    }
  };
  return (
    <form
      className="partner-decline"
      data-testid="no-show"
      onSubmit={(e) => {
        e.preventDefault();
        void report();
      }}
    >
      <strong>{m.title}</strong>
      <p className="muted small">{m.hint}</p>
      <label className="field">
        <span className="field-label">{m.photo}</span>
        <input type="file" accept="image/jpeg,image/png,image/webp" capture="environment" required onChange={(e) => setPhoto(e.target.files?.[0])} />
      </label>
      <button type="submit" className="button button-primary" disabled={busy || working || !photo}>
        {m.send}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
