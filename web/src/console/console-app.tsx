import './console.css';
import { LanguagePicker } from '@/components/language-picker';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, matchPath, Navigate, NavLink, useLocation } from 'react-router';
import { endSession, rememberLanguage, sessionReadyAtom } from '@/features/account';
import { invalidate } from '@/lib/api/rpc';
import { InvoiceService } from '@/gen/booking/v1/invoice_pb';
import { liveConnectedAtom, LiveTopic, watchLive, type LiveEvent } from '@/lib/api/live';
import { to } from '@/lib/paths';
import { AuditPage } from './screens/audit-page';
import { BoardPage } from './screens/board-page';
import { CatalogPage } from './screens/catalog-page';
import { CustomerPage, CustomersPage } from './screens/customers-page';
import { OrderPage } from './screens/order-page';
import { OrdersPage } from './screens/orders-page';
import { PartnersPage } from './screens/partners-page';
import { BackupsPage } from './screens/backups-page';
import { PayrollPage } from './screens/payroll-page';
import { PromotionsPage } from './screens/promotions-page';
import { GiftsPage } from './screens/gifts-page';
import { RefundsPage } from './screens/refunds-page';
import { InvoicesPage } from './screens/invoices-page';
import { ReportsPage } from './screens/reports-page';
import { ReviewsPage } from './screens/reviews-page';
import { StaffPage } from './screens/staff-page';
import { SupportPage } from './screens/support-page';
import { consolePaths, opsTo, type ConsoleRoute } from './paths';
import { tokenAtom } from '@/lib/store';
import { roleOf, type Role } from '@/lib/token-claims';
import { messages } from '@/lib/messages';
import { followedOrdersAtom, OperatorService, positionsReader } from './api';
import { consoleMessages as m } from './messages';

const SOUND_KEY = 'ops.sound';
const TITLE_KEY = 'ops.title';

/** The console: who may enter, its frame and navigation, the live stream every screen shares, and
 * its pages (the app's router hands it everything under /ops). */
export function Component() {
  const ready = useAtomValue(sessionReadyAtom);
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!ready) return <p className="page-loading">{messages.loading}</p>;
  if (!token) return <Navigate to={`${to('login')}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  const role = roleOf(token);
  if (role !== 'operator' && role !== 'admin') return <NoAccess />;
  return <Frame role={role} />;
}

function NoAccess() {
  return (
    <main className="console-no-access" data-testid="no-access">
      <h1>{m.noAccess}</h1>
      <p>{m.noAccessBody}</p>
      <p className="console-row">
        <Link className="button button-secondary" to={to('home')}>
          {m.backToSite}
        </Link>
        <button type="button" className="button button-primary" onClick={() => void endSession()}>
          {m.signInAgain}
        </button>
      </p>
    </main>
  );
}

/** A short beep, made on the spot (no sound file to download). */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where the browser allows none; the title still counts.
  }
}

/** Opens the live stream: every change marks the operators' answers stale (a partner's reading,
 * only the jobs'); news counts in the title. It opens again where it was when pages follow other
 * orders' partners. */
function useLive(sound: boolean, title: boolean, screen: string) {
  const [unseen, setUnseen] = useState(0);
  const followed = useAtomValue(followedOrdersAtom);
  const cursor = useRef(0n);
  useEffect(() => {
    const news = (events: LiveEvent[]) => events.filter((e) => e.topic === LiveTopic.ORDER || e.topic === LiveTopic.THREAD).length;
    const readPositions = positionsReader();
    const follow = followed ? followed.split(',') : [];
    return watchLive(
      {
        onEvents: (events) => {
          if (events.some((e) => e.topic !== LiveTopic.POSITION)) void invalidate(OperatorService, InvoiceService);
          else readPositions();
          const n = news(events);
          if (n > 0 && title && document.visibilityState !== 'visible') setUnseen((u) => u + n);
          if (n > 0 && sound) beep();
        },
        onReset: () => void invalidate(OperatorService, InvoiceService),
      },
      { follow, cursor },
    );
  }, [sound, title, followed]);
  useEffect(() => {
    const seen = () => document.visibilityState === 'visible' && setUnseen(0);
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);
  useEffect(() => {
    const name = screen ? m.screenTitle(screen) : m.title;
    document.title = unseen > 0 && title ? `(${unseen}) ${name}` : name;
  }, [unseen, title, screen]);
}

type Params = Record<string, string | undefined>;

/** The console's screens by route; each is handed the route's parameters and the viewer's role. */
const SCREENS: Record<ConsoleRoute, (params: Params, role: Role) => ReactNode> = {
  board: () => <BoardPage />,
  orders: () => <OrdersPage />,
  order: (p) => <OrderPage orderId={p.orderId ?? ''} />,
  support: () => <SupportPage />,
  customers: () => <CustomersPage />,
  customer: (p, role) => <CustomerPage customerId={p.customerId ?? ''} admin={role === 'admin'} />,
  audit: () => <AuditPage />,
  reviews: () => <ReviewsPage />,
  refunds: () => <RefundsPage />,
  invoices: () => <InvoicesPage />,
  catalog: (_, role) => (role === 'admin' ? <CatalogPage /> : <p className="form-error">{m.adminOnly}</p>),
  staff: (_, role) => (role === 'admin' ? <StaffPage /> : <p className="form-error">{m.adminOnly}</p>),
  partners: (_, role) => (role === 'admin' ? <PartnersPage /> : <p className="form-error">{m.adminOnly}</p>),
  payroll: (_, role) => (role === 'admin' ? <PayrollPage /> : <p className="form-error">{m.adminOnly}</p>),
  reports: (_, role) => (role === 'admin' ? <ReportsPage /> : <p className="form-error">{m.adminOnly}</p>),
  promotions: (_, role) => (role === 'admin' ? <PromotionsPage /> : <p className="form-error">{m.adminOnly}</p>),
  gifts: (_, role) => (role === 'admin' ? <GiftsPage /> : <p className="form-error">{m.adminOnly}</p>),
  backups: (_, role) => (role === 'admin' ? <BackupsPage /> : <p className="form-error">{m.adminOnly}</p>),
};

/** The screen of a path under /ops (matched here rather than by nested routes, so the app's
 * first scripts carry no more of the router than they did). */
function Screen({ path, role }: { path: string; role: Role }) {
  for (const name of Object.keys(SCREENS) as ConsoleRoute[]) {
    const match = matchPath(consolePaths[name], path);
    if (match) return SCREENS[name](match.params, role);
  }
  return <p className="form-error">{messages.errors.notFound(path)}</p>;
}

function Frame({ role }: { role: Role }) {
  const location = useLocation();
  // Both kept per browser: the beep is off until asked for, the title's count on until refused.
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  const [title, setTitle] = useState(() => localStorage.getItem(TITLE_KEY) !== 'off');
  const connected = useAtomValue(liveConnectedAtom);
  const toggle = () => {
    localStorage.setItem(SOUND_KEY, sound ? 'off' : 'on');
    setSound(!sound);
  };
  const toggleTitle = () => {
    localStorage.setItem(TITLE_KEY, title ? 'off' : 'on');
    setTitle(!title);
  };
  const links: [string, string][] = [
    [opsTo('board'), m.nav.board],
    [opsTo('orders'), m.nav.orders],
    [opsTo('support'), m.nav.support],
    [opsTo('customers'), m.nav.customers],
    [opsTo('reviews'), m.nav.reviews],
    [opsTo('refunds'), m.nav.refunds],
    [opsTo('invoices'), m.nav.invoices],
    [opsTo('audit'), m.nav.audit],
    // What only admins may do is not offered to operators (the server refuses it anyway).
    ...(role === 'admin'
      ? ([
          [opsTo('catalog'), m.nav.catalog],
          [opsTo('staff'), m.nav.staff],
          [opsTo('partners'), m.nav.partners],
          [opsTo('payroll'), m.nav.payroll],
          [opsTo('reports'), m.nav.reports],
          [opsTo('promotions'), m.nav.promotions],
          [opsTo('gifts'), m.nav.gifts],
          [opsTo('backups'), m.nav.backups],
        ] as [string, string][])
      : []),
  ];
  const board = opsTo('board');
  const here = links.find(([path]) => (path === board ? location.pathname === board : location.pathname.startsWith(path)));
  useLive(sound, title, here?.[1] ?? '');
  return (
    <div className="console" data-role={role}>
      <header className="console-header">
        <Link to={opsTo('board')} className="console-brand">
          {m.title}
        </Link>
        <nav className="console-nav" aria-label={m.title}>
          {links.map(([path, label]) => (
            <NavLink key={path} to={path} end={path === opsTo('board')}>
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="console-tools">
          <span className={connected ? 'console-live' : 'console-live console-live-off'} data-testid="live-state" role="status">
            {connected ? m.live : m.offline}
          </span>
          <button type="button" className="button button-small button-secondary" onClick={toggle} aria-pressed={sound}>
            {sound ? m.soundOn : m.soundOff}
          </button>
          <button type="button" className="button button-small button-secondary" onClick={toggleTitle} aria-pressed={title}>
            {title ? m.titleOn : m.titleOff}
          </button>
          <LanguagePicker remember={rememberLanguage} />
          <span className="muted small">{m.roles[role]}</span>
          <button type="button" className="button button-small button-secondary" onClick={() => void endSession()}>
            {m.signOut}
          </button>
        </div>
      </header>
      <main className="console-main">
        <Screen path={location.pathname} role={role} />
      </main>
    </div>
  );
}
