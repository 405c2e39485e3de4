import { LANGUAGE, LANGUAGES, switchLanguage, type Language } from '@/lib/i18n';
import { messages } from '@/lib/messages';

/** The page's language, each named in itself; choosing one loads the page in it. */
export function LanguagePicker({ className = '' }: { className?: string }) {
  return (
    <select
      className={`language-picker ${className}`}
      aria-label={messages.nav.language}
      value={LANGUAGE}
      onChange={(e) => switchLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {messages.nav.languages[l]}
        </option>
      ))}
    </select>
  );
}
