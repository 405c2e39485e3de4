import './member.css';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useInvitationClaim } from '@/features/referral';
import { useUnreadPolling } from '@/features/support';
import { memberMessages } from '@/lib/member-messages';
import { usePageTitle } from '@/lib/page-title';
import { SignedInOnly } from './signed-in-only';

const m = memberMessages.nav;

const LINKS = [
  { to: '/member', label: m.home, end: true },
  { to: '/member/order', label: m.orders },
  { to: '/member/user-info', label: m.userInfo },
  { to: '/member/v-coin', label: m.vCoin },
  { to: '/member/customer-service', label: m.support },
];

function MemberNav() {
  const unread = useUnreadPolling();
  // Signed in: an invitation the visitor came by is claimed here, on whichever member page.
  useInvitationClaim();
  return (
    <nav className="member-nav" aria-label={m.home}>
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.end}>
          {l.label}
          {l.to === '/member/customer-service' && unread ? (
            <span className="badge badge-danger" data-testid="nav-unread">
              {unread}
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}

/** Every member page: its title, signed-in only, with the member menu beside (or, on phones, above) it. */
export function MemberFrame({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <SignedInOnly>
      <div className="member-layout">
        <MemberNav />
        <div className="member-main">{children}</div>
      </div>
    </SignedInOnly>
  );
}
