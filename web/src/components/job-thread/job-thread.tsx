import './job-thread.css';
import { useState, type FormEvent } from 'react';
import type { JobMessage, JobThread } from '@/gen/booking/v1/partner_pb';
import { useRetryKey } from '@/lib/use-retry-key';
import { showTimestamp } from '@/lib/vietnam-time';
import { LANGUAGE } from '@/lib/i18n/language';
import { messages } from '@/lib/messages';

/** The words each app gives the thread, from its own catalogue. */
export interface ThreadWords {
  title: string;
  /** Who wrote it, as this reader calls them. */
  writer: (message: JobMessage) => string;
  /** "Written in Vietnamese": free text is shown as written, marked with its language. */
  writtenIn: (language: string) => string;
}

/** And for a reader who writes in it. */
export interface WriterWords extends ThreadWords {
  empty: string;
  closed: string;
  quick: string;
  label: string;
  send: string;
}

/** What a message says, as the send calls take it: a phrase of the reader's book, or their own
 * words. */
export type Said = { case: 'phrase'; value: string } | { case: 'text'; value: string };

let names: Intl.DisplayNames | undefined;

/** A language tag's name in the reader's language (`vi` → 越南文 in zh-TW). */
function languageName(tag: string): string {
  names ??= new Intl.DisplayNames(LANGUAGE, { type: 'language' });
  return names.of(tag) ?? tag;
}

/**
 * A job's thread between its traveller and its partner, for either of them (or staff, who only
 * read): each message in the reader's language where it is a phrase, as written where it is not;
 * the reader's quick replies and a box for their own words while it is open. `send` answers the
 * refusal's words, if any.
 */
export function JobThreadView(
  props: { thread: JobThread; words: WriterWords; send: (said: Said, key: string) => Promise<string | undefined> } | { thread: JobThread; words: ThreadWords; send?: undefined },
) {
  const { thread, words, send } = props;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const retry = useRetryKey();
  const sending = async (said: Said, request: string) => {
    if (!send) return false;
    setBusy(true);
    setError(undefined);
    const refused = await send(said, retry.keyFor(request));
    setBusy(false);
    setError(refused);
    if (!refused) retry.done();
    return !refused;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim() && (await sending({ case: 'text', value: draft }, `text:${draft}`))) setDraft('');
  };
  return (
    <section className="job-thread" aria-label={words.title} data-testid="job-thread">
      <h2>{words.title}</h2>
      {thread.messages.length === 0 ? (
        send && <p className="muted">{props.words.empty}</p>
      ) : (
        <ol className="job-thread-messages">
          {thread.messages.map((msg) => (
            <li key={msg.seq} className={`job-thread-message${msg.mine ? ' job-thread-mine' : ''}`} data-seq={msg.seq}>
              <span className="muted small">
                {messages.joined(words.writer(msg), showTimestamp(msg.at), ...(msg.language ? [words.writtenIn(languageName(msg.language))] : []))}
              </span>
              <p lang={msg.language || undefined}>{msg.text}</p>
            </li>
          ))}
        </ol>
      )}
      {props.send && thread.open && (
        <>
          <p className="small muted">{props.words.quick}</p>
          <div className="job-thread-quick">
            {thread.phrases.map((p) => (
              <button key={p.code} type="button" className="button button-small button-secondary" disabled={busy} onClick={() => void sending({ case: 'phrase', value: p.code }, `phrase:${p.code}`)}>
                {p.text}
              </button>
            ))}
          </div>
          <form className="job-thread-compose" onSubmit={(e) => void submit(e)}>
            <input aria-label={props.words.label} value={draft} maxLength={500} onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="button button-primary" disabled={busy || !draft.trim()}>
              {props.words.send}
            </button>
          </form>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {props.send && !thread.open && thread.messages.length > 0 && <p className="muted small">{props.words.closed}</p>}
    </section>
  );
}
