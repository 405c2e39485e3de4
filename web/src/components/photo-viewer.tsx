import './photo-viewer.css';
import { useEffect, useRef, useState } from 'react';
import { messages } from '@/lib/messages';

const m = messages.photos;

interface Props {
  /** What to draw, each at the size to see it whole. */
  photos: readonly string[];
  /** The one to open at. */
  start: number;
  /** Whose photos (a plan's name, a therapist's), said with each. */
  title: string;
  onClose: () => void;
}

/**
 * The photos one by one, as large as the screen allows, in the browser's own modal dialog (focus
 * kept inside, Escape closes); arrow keys and the buttons move between them.
 */
export function PhotoViewer({ photos, start, title, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [at, setAt] = useState(start);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const move = (step: number) => setAt((i) => (i + step + photos.length) % photos.length);
  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={title}
      onClose={onClose}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        if (e.key === 'ArrowLeft') move(-1);
      }}
    >
      <figure>
        <img src={photos[at]} alt={messages.joined(title, m.count(at + 1, photos.length))} />
        <figcaption>{m.count(at + 1, photos.length)}</figcaption>
      </figure>
      <div className="photo-viewer-bar">
        {photos.length > 1 && (
          <button type="button" className="button button-secondary button-small" onClick={() => move(-1)}>
            {m.previous}
          </button>
        )}
        {photos.length > 1 && (
          <button type="button" className="button button-secondary button-small" onClick={() => move(1)}>
            {m.next}
          </button>
        )}
        <button type="button" className="button button-primary button-small" onClick={() => dialog.current?.close()}>
          {m.close}
        </button>
      </div>
    </dialog>
  );
}
