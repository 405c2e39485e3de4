import { useMatches } from 'react-router';
import { messages } from '@/lib/messages';
import type { RouteName } from '@/app/paths';

const TITLES: Partial<Record<RouteName, string>> = {
  member: messages.pageTitles.member,
  memberCustomerService: messages.pageTitles.memberCustomerService,
  memberUserInfo: messages.pageTitles.memberUserInfo,
};

function titleOf(name: RouteName | undefined): string {
  if (!name) return messages.comingSoon.title;
  return TITLES[name] ?? messages.comingSoon.title;
}

/** A route whose page arrives with a later release: it exists and says so plainly. */
export function Component() {
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as { name?: RouteName } | undefined)?.name;
  return (
    <section className="coming-soon">
      <h1>{titleOf(name)}</h1>
      <p className="muted">{messages.comingSoon.body}</p>
    </section>
  );
}
