import { Fragment, type ReactNode } from 'react';
import { messages } from '@/lib/messages';

/** Facts side by side, with the language's mark between them (`・` in Chinese, ` · ` elsewhere),
 * where a fact is more than words (a link, a marked-up id). Words alone: `messages.joined`. */
export function Joined({ parts }: { parts: ReactNode[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && messages.between}
          {part}
        </Fragment>
      ))}
    </>
  );
}
