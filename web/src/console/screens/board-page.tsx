import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import type { MapPoint } from '@/components/map/points';
import type { MapTiles } from '@/gen/booking/v1/partner_pb';
import { Link } from 'react-router';
import { startInstant, startOf, StateBadge } from '@/features/order';
import { formatVnd } from '@/lib/format';
import { liveConnectedAtom } from '@/lib/api/live';
import { messages } from '@/lib/messages';
import { opsTo } from '../paths';
import { showLocal, showTimestamp } from '@/lib/vietnam-time';
import { actions, FALLBACK_POLL_MS, OrderGroup, OrderState, ThreadView, useCategoryDispatch, useFollowPositions, useJobBoard, useOrderList, usePartners, useThreads, type Job, type Order, type Partner } from '../api';
import { jobFlag } from './order-job';
import { categoryName } from '../categories';
import { FormError } from '@/components/form/form-error';
import { useAction } from '../use-action';
import { consoleMessages } from '../messages';
import { flowOf } from '../order-facts';
import { useMinute } from '@/lib/use-minute';

const m = consoleMessages.board;
// Leaflet comes only with a partner to show, in its own chunk.
const PointsMap = lazy(() => import('@/components/map/points-map'));

const HOUR = 3_600_000;

/** Today's work: paid orders to confirm, services soon without anyone, transfers, questions. */
export function BoardPage() {
  const poll = useAtomValue(liveConnectedAtom) ? false : FALLBACK_POLL_MS;
  const now = useMinute();
  const paid = useOrderList({ states: [OrderState.PAID], soonest: true }, poll);
  const soon = useOrderList(
    { group: OrderGroup.UPCOMING, after: new Date(now), before: new Date(now + 48 * HOUR), soonest: true },
    poll,
    100,
  );
  const transfers = useOrderList({ awaitingTransfer: true, soonest: true }, poll);
  const threads = useThreads(ThreadView.WAITING, poll);
  const board = useJobBoard(2, poll);
  const jobs = board.data?.jobs;
  // The partners on the map: their readings come on the live stream.
  useFollowPositions(jobs?.filter((j) => j.meeting).map((j) => j.orderId) ?? []);
  const partners = usePartners(true);
  // Whether an order is served is the server's to say (`assigned`).
  const unassigned = soon.data?.filter((o) => !o.assigned);
  return (
    <div className="console-board">
      <h1>{consoleMessages.nav.board}</h1>
      <div className="console-board-grid">
        <Panel title={m.paid} count={paid.data?.length} testId="board-paid" failed={Boolean(paid.error)}>
          {paid.data?.map((o) => <OrderLine key={o.id} order={o} now={now} />)}
        </Panel>
        <Panel title={m.unassigned} count={unassigned?.length} testId="board-unassigned" failed={Boolean(soon.error)}>
          {unassigned?.map((o) => <OrderLine key={o.id} order={o} now={now} missing />)}
        </Panel>
        <Panel title={m.jobs} count={jobs?.length} testId="board-jobs" failed={Boolean(board.error)}>
          {jobs?.map((j) => <JobLine key={j.orderId} job={j} partners={partners.data} />)}
        </Panel>
        {jobs && board.data?.tiles && <BoardMap jobs={jobs} tiles={board.data.tiles} partners={partners.data} />}
        <DispatchSwitches />
        <Panel title={m.transfers} count={transfers.data?.length} testId="board-transfers" failed={Boolean(transfers.error)}>
          {transfers.data?.map((o) => <OrderLine key={o.id} order={o} now={now} />)}
        </Panel>
        <Panel title={m.threads} count={threads.data?.length} testId="board-threads" failed={Boolean(threads.error)}>
          {threads.data?.map((t) => (
            <li key={t.thread?.id}>
              <Link to={`${opsTo('support')}?thread=${t.thread?.id ?? ''}`}>
                <strong>{t.thread?.subject || t.thread?.orderId}</strong>
                <span className="muted small">
                  {messages.joined(showTimestamp(t.thread?.updatedAt), m.waiting(t.waitingCount))}
                </span>
                <span className="small console-preview">{t.thread?.preview}</span>
              </Link>
            </li>
          ))}
        </Panel>
      </div>
    </div>
  );
}

/** Where each partner on the way or there last said they were, named by partner and order. */
function BoardMap({ jobs, tiles, partners }: { jobs: Job[]; tiles: MapTiles; partners?: Partner[] }) {
  const points: MapPoint[] = jobs.flatMap((j) => {
    const at = j.lastPosition;
    if (!at || !j.meeting) return [];
    const name = partners?.find((p) => p.userId === j.partnerId)?.name ?? '';
    const label = messages.joined(...(name ? [name] : []), j.orderId, consoleMessages.job.statuses[j.status] ?? '');
    return [{ key: j.orderId, kind: 'partner', label, latitude: at.latitude, longitude: at.longitude }];
  });
  if (points.length === 0) return null;
  return (
    <section className="card console-panel console-board-map">
      <h2>
        {m.map} <span className="console-count">{points.length}</span>
      </h2>
      <Suspense fallback={<div className="points-map" />}>
        <PointsMap tiles={tiles} points={points} label={m.mapLabel} testId="board-map" />
      </Suspense>
    </section>
  );
}

/** Which categories automatic dispatch serves: unticked, operators offer their jobs by hand. */
function DispatchSwitches() {
  const { data: categories, error } = useCategoryDispatch();
  const { error: refused, run } = useAction();
  return (
    <section className="card console-panel" data-testid="board-dispatch">
      <h2>{m.dispatch}</h2>
      <p className="small muted">{m.dispatchHint}</p>
      <FormError error={refused} />
      {error ? (
        <p className="form-error">{consoleMessages.loadFailed}</p>
      ) : !categories ? (
        <p className="muted">{messages.loading}</p>
      ) : (
        <div className="console-fieldset">
          {categories.map((c) => (
            <label key={c.category} className="console-check">
              <input
                type="checkbox"
                data-category={c.category}
                checked={!c.byHand}
                onChange={() => void run(() => actions.setCategoryDispatch(c.category, !c.byHand))}
              />{' '}
              {categoryName(c.category)}
            </label>
          ))}
        </div>
      )}
    </section>
  );
}

function Panel({ title, count, testId, failed, children }: { title: string; count?: number; testId: string; failed: boolean; children: ReactNode }) {
  return (
    <section className="card console-panel" data-testid={testId}>
      <h2>
        {title} <span className="console-count">{count ?? '…'}</span>
      </h2>
      {failed ? (
        <p className="form-error">{consoleMessages.loadFailed}</p>
      ) : count === 0 ? (
        <p className="muted">{consoleMessages.empty}</p>
      ) : count === undefined ? (
        <p className="muted">{messages.loading}</p>
      ) : (
        <ul className="console-list">{children}</ul>
      )}
    </section>
  );
}

function OrderLine({ order: o, now, missing }: { order: Order; now: number; missing?: boolean }) {
  const start = startInstant(o);
  const urgent = start !== undefined && start.getTime() - now < 24 * HOUR;
  const flow = flowOf(o);
  const who = flow === 'massage' ? m.noTherapist : flow === 'escort' ? m.noGuide : m.noDriver;
  return (
    <li className={urgent && missing ? 'console-urgent' : undefined} data-order={o.id}>
      <Link to={opsTo('order', { orderId: o.id })}>
        <strong>{o.planName}</strong>
        <span className="small">
          {messages.joined(showLocal(startOf(o)), o.contact?.name ?? '', formatVnd(o.estimate?.totalVnd ?? 0n))}
        </span>
        <span className="console-tags">
          <StateBadge order={o} />
          {missing && <span className="badge badge-warning">{who}</span>}
          {urgent && missing && <span className="badge badge-danger">{m.urgent}</span>}
        </span>
      </Link>
    </li>
  );
}

/** A job on the board: when, its status and partner, and whether it needs dispatching again. */
function JobLine({ job, partners }: { job: Job; partners?: Partner[] }) {
  const flag = jobFlag(job);
  const partner = partners?.find((p) => p.userId === job.partnerId)?.name ?? '';
  return (
    <li className={flag ? 'console-urgent' : undefined} data-order={job.orderId}>
      <Link to={opsTo('order', { orderId: job.orderId })}>
        <strong>{job.orderId}</strong>
        <span className="small">{messages.joined(showTimestamp(job.startsAt), ...(partner ? [partner] : []))}</span>
        <span className="console-tags">
          <span className="badge">{consoleMessages.job.statuses[job.status]}</span>
          {flag && <span className="badge badge-warning">{flag}</span>}
        </span>
        {job.lastPosition && (
          <span className="small muted" data-testid="job-last-report">
            {consoleMessages.job.lastReport(showTimestamp(job.lastPosition.takenAt))}
          </span>
        )}
      </Link>
    </li>
  );
}
