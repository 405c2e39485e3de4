import '../massage.css';
import { massageMessages } from '@/lib/massage-messages';
import { messages } from '@/lib/messages';

const m = massageMessages;

interface Props {
  pressed: boolean;
  /** Whose heart it is, for screen readers. */
  name: string;
  onClick: () => void;
}

/** The favourite toggle on a therapist card. */
export function HeartButton({ pressed, name, onClick }: Props) {
  return (
    <button
      type="button"
      className={`heart${pressed ? ' heart-on' : ''}`}
      aria-pressed={pressed}
      aria-label={messages.labelled(pressed ? m.unfavorite : m.favorite, name)}
      title={pressed ? m.unfavorite : m.favorite}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.1 5.4 3 1.8-1.9 3.3-3 5.4-3 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
