import '../massage.css';
import { useEffect, useRef, useState } from 'react';
import { deleteImage, uploadImages, UploadError } from '../api/massage-api';
import { useImageUrl } from '../hooks';
import { massageMessages } from '@/lib/massage-messages';

const m = massageMessages;
/** The server's limits (it checks them again): files per order and bytes per file. */
export const MAX_PHOTOS = 5;
const MAX_MB = 10;
const TYPES = 'image/jpeg,image/png,image/webp';

interface Props {
  /** The uploaded images the order carries. */
  ids: string[];
  onChange: (ids: string[]) => void;
}

interface Pending {
  key: string;
  preview: string;
}

/** Hotel photos: previews at once, one upload with progress, removable until the order is paid. */
export function HotelPhotos({ ids, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string>();
  // Previews are object URLs of the picked files; freed when done with.
  useEffect(() => () => pending.forEach((p) => URL.revokeObjectURL(p.preview)), [pending]);

  const pick = async (files: File[]) => {
    setError(undefined);
    if (files.length === 0) return;
    if (ids.length + files.length > MAX_PHOTOS) {
      setError(m.tooMany(MAX_PHOTOS));
      return;
    }
    // Said before sending: a phone's large photos would otherwise travel only to be refused.
    if (files.some((f) => f.size > MAX_MB * 1024 * 1024)) {
      setError(m.tooLarge(MAX_MB));
      return;
    }
    setPending(files.map((f, i) => ({ key: `${Date.now()}-${i}`, preview: URL.createObjectURL(f) })));
    setProgress(0);
    try {
      const uploaded = await uploadImages(files, setProgress);
      onChange([...ids, ...uploaded.map((i) => i.id)]);
    } catch (e) {
      setError(e instanceof UploadError && e.message ? e.message : m.uploadFailed);
    } finally {
      setPending([]);
    }
  };

  const remove = (id: string) => {
    onChange(ids.filter((x) => x !== id));
    // An image the saved order still carries stays until step2 saves without it; then it is
    // cleared away with other unused uploads.
    void deleteImage(id).catch(() => undefined);
  };

  return (
    <fieldset className="hotel-photos">
      <legend>{m.photosTitle}</legend>
      <p className="muted small">{m.photosLead(MAX_PHOTOS, MAX_MB)}</p>
      <ul className="photo-grid" aria-live="polite">
        {ids.map((id, n) => (
          <li key={id} className="photo" data-testid="hotel-photo">
            <Thumbnail id={id} alt={m.photoAlt(n + 1)} />
            <button type="button" className="button button-small button-secondary photo-remove" onClick={() => remove(id)}>
              {m.remove}
            </button>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.key} className="photo is-uploading">
            <img src={p.preview} alt="" />
            <progress max={1} value={progress} aria-label={m.uploading(Math.round(progress * 100))} />
          </li>
        ))}
      </ul>
      {pending.length > 0 && <p className="small muted">{m.uploading(Math.round(progress * 100))}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept={TYPES}
        multiple
        hidden
        data-testid="hotel-photo-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void pick(files);
        }}
      />
      <button type="button" className="button button-secondary" disabled={pending.length > 0 || ids.length >= MAX_PHOTOS} onClick={() => input.current?.click()}>
        {m.addPhotos}
      </button>
    </fieldset>
  );
}

/** The server's thumbnail: what was kept, with no EXIF. */
export function Thumbnail({ id, alt }: { id: string; alt: string }) {
  const url = useImageUrl(`/api/plan/dragon-massage/hotel/images/${encodeURIComponent(id)}/thumbnail`);
  return url ? <img src={url} alt={alt} /> : <span className="photo-placeholder" aria-label={alt} />;
}
