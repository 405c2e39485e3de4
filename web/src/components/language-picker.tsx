import { LANGUAGE, LANGUAGES, switchLanguage, type Language } from '@/lib/i18n';
import { messages } from '@/lib/messages';

interface Props {
  className?: string;
  /** Keeps the choice beyond this browser (a signed-in person's profile) before the page reloads. */
  remember?: (language: Language) => Promise<void>;
}

/** The page's language, each named in itself; choosing one loads the page in it. */
export function LanguagePicker({ className = '', remember }: Props) {
  return (
    <select
      className={`language-picker ${className}`}
      aria-label={messages.nav.language}
      value={LANGUAGE}
      onChange={async (e) => {
        const language = e.target.value as Language;
        await remember?.(language);
        switchLanguage(language);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {messages.nav.languages[l]}
        </option>
      ))}
    </select>
  );
}
