import { create, fromBinary } from '@bufbuild/protobuf';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GetOrderRequestSchema, GetOrderResponseSchema, OrderSchema } from '@/gen/booking/v1/order_pb';
import { useOrder } from '@/features/order/api/order-api';
import { queryClient } from '@/lib/query-client';
import { grpcWebOk } from './grpc-web';

/** An order server behind the global fetch whose answers come when the test releases them. */
function slowOrders() {
  const waiting = new Map<string, () => void>();
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { orderId } = fromBinary(GetOrderRequestSchema, (init?.body as Uint8Array).subarray(5));
      asked.push(orderId);
      await new Promise<void>((resolve) => waiting.set(orderId, resolve));
      const order = create(OrderSchema, { id: orderId, planName: `plan of ${orderId}` });
      return grpcWebOk(GetOrderResponseSchema, { order });
    }),
  );
  return { asked, answer: (id: string) => act(async () => waiting.get(id)?.()) };
}

function Shown({ id }: { id: string }) {
  const { data } = useOrder(id);
  return <p data-testid="shown">{data?.planName ?? 'loading'}</p>;
}

function app(id: string) {
  return (
    <QueryClientProvider client={queryClient}>
      <Shown id={id} />
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('a read shown on a page', () => {
  it('never shows the answer for an input the page has left, however late it comes', async () => {
    const server = slowOrders();
    const view = render(app('A'));
    await vi.waitFor(() => expect(server.asked).toEqual(['A']));
    view.rerender(app('B'));
    await vi.waitFor(() => expect(server.asked).toEqual(['A', 'B']));
    await server.answer('B');
    await vi.waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('plan of B'));
    // A's answer arrives last: B's stays on screen.
    await server.answer('A');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('shown').textContent).toBe('plan of B');
  });

  it('is asked once for every component that shows it', async () => {
    const server = slowOrders();
    render(
      <QueryClientProvider client={queryClient}>
        <Shown id="A" />
        <Shown id="A" />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(server.asked).toEqual(['A']));
    await server.answer('A');
    await vi.waitFor(() => expect(screen.getAllByText('plan of A')).toHaveLength(2));
    expect(server.asked).toEqual(['A']);
  });
});
