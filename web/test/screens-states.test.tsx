// The console's and the partner app's screens in each state a reader meets: the answer on its
// way, an empty answer, a refusal, and no connection. The server is the generated contract's
// gRPC-Web answers behind the global fetch; nothing of the API is typed by hand.
import { create } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListGiftBatchesResponseSchema, ListJobBoardResponseSchema, ListPartnersResponseSchema, ListSupportThreadsResponseSchema, SearchOrdersResponseSchema } from '@/gen/booking/v1/operator_pb';
import { GetEarningsResponseSchema, JobStatus, ListJobsResponseSchema, PartnerJobSchema } from '@/gen/booking/v1/partner_pb';
import { consoleMessages } from '@/console/messages';
import { BoardPage } from '@/console/screens/board-page';
import { GiftsPage } from '@/console/screens/gifts-page';
import { OrdersPage } from '@/console/screens/orders-page';
import { messages } from '@/lib/messages';
import { queryClient } from '@/lib/query-client';
import { forgetSchedule, keepSchedule } from '@/partner/api';
import { partnerMessages } from '@/partner/messages';
import { EarningsPage } from '@/partner/earnings-page';
import { SchedulePage } from '@/partner/schedule-page';
import { grpcWebError, grpcWebOk } from './grpc-web';

/** The server's answer to every call, or none yet. */
function serve(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
}

const never = () => new Promise<Response>(() => undefined);
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function shown(page: ReactNode) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const eventually = { timeout: 3000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  forgetSchedule();
});

describe("the partner's schedule", () => {
  const m = partnerMessages;
  const job = create(PartnerJobSchema, {
    job: { orderId: 'BK261201AAA', status: JobStatus.ACCEPTED, startsAt: { seconds: BigInt(Math.floor(Date.now() / 1000) + 3600) } },
  });

  it('says it is loading while the answer is on its way', async () => {
    serve(never);
    shown(<SchedulePage />);
    expect(await screen.findByText(messages.loading)).toBeTruthy();
    expect(screen.queryByText(m.noJobs)).toBeNull();
  });

  it('says there is no job when there is none', async () => {
    serve(() => grpcWebOk(ListJobsResponseSchema, { jobs: [] }));
    shown(<SchedulePage />);
    expect(await screen.findByText(m.noJobs, undefined, eventually)).toBeTruthy();
  });

  it('never stands the copy kept on the phone in for a refusal', async () => {
    keepSchedule([job]);
    serve(() => grpcWebError(Code.PermissionDenied, 'paused'));
    shown(<SchedulePage />);
    expect(await screen.findByText(m.loadFailed, { exact: false }, eventually)).toBeTruthy();
    expect(screen.queryByTestId('offline')).toBeNull();
    expect(screen.queryByText('BK261201AAA', { exact: false })).toBeNull();
  });

  it('shows the copy kept on the phone, saying so, with no connection', async () => {
    keepSchedule([job]);
    serve(offline);
    shown(<SchedulePage />);
    expect(await screen.findByTestId('offline', undefined, eventually)).toBeTruthy();
    expect(document.querySelector('[data-order="BK261201AAA"]')).not.toBeNull();
  });
});

describe("the console's orders", () => {
  const m = consoleMessages.orders;

  it('says it is loading while the answer is on its way', async () => {
    serve(never);
    shown(<OrdersPage />);
    expect(await screen.findByText(messages.loading)).toBeTruthy();
  });

  it('says no order matches when none does', async () => {
    serve(() => grpcWebOk(SearchOrdersResponseSchema, { orders: [] }));
    shown(<OrdersPage />);
    expect(await screen.findByText(m.none, undefined, eventually)).toBeTruthy();
  });

  it('says it could not load when refused, and when there is no connection', async () => {
    for (const answer of [() => grpcWebError(Code.PermissionDenied, 'no'), offline]) {
      serve(answer);
      shown(<OrdersPage />);
      expect(await screen.findByText(consoleMessages.loadFailed, undefined, eventually)).toBeTruthy();
      expect(screen.queryByTestId('orders-table')).toBeNull();
      cleanup();
      queryClient.clear();
    }
  });
});

describe("the console's gift codes", () => {
  const m = consoleMessages.gifts;

  it('says it is loading while the answer is on its way', async () => {
    serve(never);
    shown(<GiftsPage />);
    expect(await screen.findByText(messages.loading)).toBeTruthy();
  });

  it('says there is no batch when there is none, and shows one with its figures', async () => {
    serve(() => grpcWebOk(ListGiftBatchesResponseSchema, { batches: [] }));
    shown(<GiftsPage />);
    expect(await screen.findByText(m.none, undefined, eventually)).toBeTruthy();
    cleanup();
    queryClient.clear();
    const batch = { name: 'Tết 2027', codes: 100, redeemed: 7, amountVnd: 200_000n, redeemUntil: '2027-02-28', creditDays: 0 };
    serve(() => grpcWebOk(ListGiftBatchesResponseSchema, { batches: [batch] }));
    shown(<GiftsPage />);
    const row = await screen.findByText('Tết 2027', undefined, eventually);
    const cells = row.closest('tr')?.textContent ?? '';
    expect(cells).toContain('2027/02/28');
    expect(cells).toContain(m.days(0));
    expect(screen.getByTestId('redeemed').textContent).toBe('7');
  });

  it('says it could not load when refused, and when there is no connection', async () => {
    for (const answer of [() => grpcWebError(Code.PermissionDenied, 'no'), offline]) {
      serve(answer);
      shown(<GiftsPage />);
      expect(await screen.findByText(consoleMessages.loadFailed, undefined, eventually)).toBeTruthy();
      expect(screen.queryByTestId('gift-batches')).toBeNull();
      cleanup();
      queryClient.clear();
    }
  });
});

describe("the partner's earnings", () => {
  const m = partnerMessages;

  it('says it is loading while the answer is on its way', async () => {
    serve(never);
    shown(<EarningsPage />);
    expect(await screen.findByText(messages.loading)).toBeTruthy();
  });

  it('shows nothing earned and no week when there is none', async () => {
    serve(() => grpcWebOk(GetEarningsResponseSchema, { todayVnd: 0n, thisWeekVnd: 0n, owedVnd: 0n, weeks: [] }));
    shown(<EarningsPage />);
    expect(await screen.findByText(m.earnings.none, undefined, eventually)).toBeTruthy();
    expect(screen.getByTestId('owed').textContent).toContain('0');
  });

  it('says it could not load, with a retry, when refused and when there is no connection', async () => {
    for (const answer of [() => grpcWebError(Code.PermissionDenied, 'paused'), offline]) {
      serve(answer);
      shown(<EarningsPage />);
      expect(await screen.findByText(m.loadFailed, { exact: false }, eventually)).toBeTruthy();
      expect(screen.getByRole('button', { name: m.retry })).toBeTruthy();
      expect(screen.queryByTestId('owed')).toBeNull();
      cleanup();
      queryClient.clear();
    }
  });
});

describe("the console's board", () => {
  const panels = ['board-paid', 'board-unassigned', 'board-jobs', 'board-transfers', 'board-threads'];
  /** Each of the board's calls answered empty, by the method the request names. */
  const empty = (input: RequestInfo | URL) => {
    const method = String(input).split('/').pop();
    switch (method) {
      case 'SearchOrders':
        return grpcWebOk(SearchOrdersResponseSchema, { orders: [] });
      case 'ListSupportThreads':
        return grpcWebOk(ListSupportThreadsResponseSchema, { threads: [] });
      case 'ListJobBoard':
        return grpcWebOk(ListJobBoardResponseSchema, { jobs: [] });
      case 'ListPartners':
        return grpcWebOk(ListPartnersResponseSchema, { partners: [] });
      default:
        return grpcWebError(Code.Unimplemented, `the board does not call ${method}`);
    }
  };
  const each = async (words: string) => {
    for (const id of panels) await vi.waitFor(() => expect(screen.getByTestId(id).textContent).toContain(words), eventually);
  };

  it('says each panel is loading while its answer is on its way', async () => {
    serve(never);
    shown(<BoardPage />);
    await each(messages.loading);
  });

  it('says each panel is empty when there is nothing to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => empty(input)),
    );
    shown(<BoardPage />);
    await each(consoleMessages.empty);
  });

  it('says each panel could not load when refused, and when there is no connection', async () => {
    for (const answer of [() => grpcWebError(Code.PermissionDenied, 'no'), offline]) {
      serve(answer);
      shown(<BoardPage />);
      await each(consoleMessages.loadFailed);
      cleanup();
      queryClient.clear();
    }
  });
});
