import { useId, useState } from 'react';
import { refusal } from '@/lib/api/refusal';
import { photoAt } from '@/lib/photos';
import { actions, PhotoShape } from './api';
import { consoleMessages } from './messages';
import { FormError } from '@/components/form/form-error';

const m = consoleMessages.photos;
const isPhoto = (url: string) => url.startsWith('/media/');

interface Props {
  label: string;
  /** The addresses as kept, the first the card's. */
  urls: string[];
  onChange: (urls: string[]) => void;
  shape: PhotoShape;
  max: number;
}

/** A plan's or a therapist's photos: upload, make the first, remove. The server cuts each
 * upload to the sizes the pages draw; what is shown here is the smaller. */
export function PhotoField({ label, urls, onChange, shape, max }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const wide = shape === PhotoShape.WIDE;
  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const url = await actions.uploadPhoto(file, shape);
      // A photo takes the place of the category's drawing, which the site draws only for a plan
      // with none.
      onChange(max === 1 ? [url] : [...urls.filter(isPhoto), url]);
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="console-fieldset console-photos" aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <p id={`${id}-hint`} className="small muted">
        {wide ? m.wideHint : m.squareHint}
      </p>
      <ul className="console-photo-list">
        {urls.map((url, i) => (
          <li key={url}>
            <img src={photoAt(url, wide ? 640 : 144)} alt={m.photo(i + 1)} width={wide ? 160 : 72} height={wide ? 90 : 72} />
            {i > 0 && (
              <button type="button" className="button button-small button-secondary" onClick={() => onChange([url, ...urls.filter((u) => u !== url)])}>
                {m.first}
              </button>
            )}
            <button type="button" className="button button-small button-secondary" onClick={() => onChange(urls.filter((u) => u !== url))}>
              {m.remove}
            </button>
          </li>
        ))}
      </ul>
      {urls.length < max || max === 1 ? (
        <label className={`button button-small button-secondary${busy ? ' is-busy' : ''}`}>
          {busy ? m.uploading : m.upload}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            disabled={busy}
            onChange={(e) => {
              void upload(e.target.files);
              // Emptied, so the same file chosen again is a new upload.
              e.target.value = '';
            }}
          />
        </label>
      ) : null}
      <FormError error={error} />
    </fieldset>
  );
}
