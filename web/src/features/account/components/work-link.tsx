import { useAtomValue } from 'jotai';
import { memberMessages } from '@/lib/member-messages';
import { tokenAtom } from '@/lib/store';
import { homeOf } from '../session';

const WORK = { '/partner': memberMessages.header.partnerApp, '/ops': memberMessages.header.console } as Record<string, string>;

/** The site header's way to the app the signed-in account works in: a partner's app, the staff's
 * console; nothing for a traveller, whose member area is the account link beside it. */
export function WorkLink() {
  const home = homeOf(useAtomValue(tokenAtom));
  const label = WORK[home];
  if (!label) return null;
  return (
    <a href={home} className="button button-primary button-small" data-testid="work-link">
      {label}
    </a>
  );
}
