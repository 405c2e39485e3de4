import './partner.css';
import { useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Link, matchPath, Navigate, NavLink, useLocation } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { endSession, rememberLanguage, sessionReadyAtom } from '@/features/account';
import { LANGUAGE } from '@/lib/i18n/language';
import { messages } from '@/lib/messages';
import { to } from '@/lib/paths';
import { tokenAtom } from '@/lib/store';
import { roleOf } from '@/lib/token-claims';
import { useOnline } from '@/lib/use-online';
import { accountRefused, forgetSchedule, unreachable, useFollowWork, usePartner, useSchedule } from './api';
import { AvailabilityPage } from './availability-page';
import { EarningsPage, WeekPage } from './earnings-page';
import { JobPage } from './job-page';
import { partnerMessages as m } from './messages';
import { partnerPaths, type PartnerRoute } from './paths';
import { SharingPosition } from './position';
import { SchedulePage } from './schedule-page';

/** The partner app: who may enter, its frame, and its pages (the app's router hands it everything
 * under /partner). Phone-first: one column, large buttons. */
export function Component() {
  const ready = useAtomValue(sessionReadyAtom);
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  useInstallable();
  if (!ready) return <p className="page-loading">{messages.loading}</p>;
  if (!token) return <Navigate to={`${to('login')}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (roleOf(token) !== 'partner') return <NoAccess />;
  return <Frame />;
}

/** The app's manifest and colour, set while it is open: a partner can add it to the home screen. */
function useInstallable() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/partner.${LANGUAGE}.webmanifest`;
    document.head.append(link);
    return () => link.remove();
  }, []);
}

function NoAccess() {
  return (
    <main className="partner-main" data-testid="no-access">
      <h1>{m.noAccess}</h1>
      <p>{m.noAccessBody}</p>
      <button type="button" className="button button-primary button-block" onClick={() => void endSession()}>
        {m.signInAgain}
      </button>
    </main>
  );
}

const SCREENS: Record<PartnerRoute, (params: Record<string, string | undefined>) => ReactNode> = {
  schedule: () => <SchedulePage />,
  job: (p) => <JobPage orderId={p.orderId ?? ''} />,
  earnings: () => <EarningsPage />,
  week: (p) => <WeekPage week={p.week ?? ''} />,
  availability: () => <AvailabilityPage />,
};

function Screen({ path }: { path: string }) {
  for (const name of Object.keys(SCREENS) as PartnerRoute[]) {
    const match = matchPath(partnerPaths[name], path);
    if (match) return SCREENS[name](match.params);
  }
  return <p className="form-error">{messages.errors.notFound(path)}</p>;
}

/** Paused by an admin while signed in: the server's words, nothing kept, and a way out. */
function Closed({ words }: { words: string }) {
  useEffect(() => forgetSchedule(), []);
  return (
    <main className="partner-main" data-testid="closed">
      <h1>{m.closed}</h1>
      <p className="notice notice-warning" role="alert">
        {words}
      </p>
      <p>{m.closedBody}</p>
      <button type="button" className="button button-primary button-block" onClick={() => void endSession()}>
        {m.signOut}
      </button>
    </main>
  );
}

function Frame() {
  const location = useLocation();
  const who = usePartner();
  const partner = who.data;
  useFollowWork();
  // Read again when the live stream says the partner's record changed: a pause closes the app.
  const schedule = useSchedule();
  const refused = accountRefused(who.error) ?? accountRefused(schedule.error);
  // No network, or the last read of the schedule found none: said at once above every screen.
  const online = useOnline();
  const noSignal = !online || (Boolean(schedule.error) && unreachable(schedule.error));
  if (refused) return <Closed words={refused} />;
  return (
    <div className="partner">
      <header className="partner-header">
        <Link to={partnerPaths.schedule} className="partner-brand">
          {m.title}
        </Link>
        <nav className="partner-nav">
          <NavLink to={partnerPaths.schedule} end>
            {m.schedule}
          </NavLink>
          <NavLink to={partnerPaths.earnings}>{m.earnings.title}</NavLink>
          <NavLink to={partnerPaths.availability}>{m.availability.title}</NavLink>
        </nav>
        <span className="partner-who">{partner?.name}</span>
        <LanguagePicker remember={rememberLanguage} />
        <button type="button" className="button button-small button-secondary" onClick={() => void endSession()}>
          {m.signOut}
        </button>
      </header>
      <main className="partner-main">
        {noSignal && (
          <p className="notice notice-warning" role="status" data-testid="no-signal">
            {m.noSignal}
          </p>
        )}
        <SharingPosition />
        <Screen path={location.pathname} />
      </main>
    </div>
  );
}
