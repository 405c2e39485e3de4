import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { OrderEventSchema, OrderGroup, OrderSchema, PaidStepSchema, RefundedStepSchema, type OrderEvent } from '@/gen/booking/v1/order_pb';
import { isTab, TABS } from '@/features/order/api/member-orders-api';
import { reasonText } from '@/features/order/components/member-order-detail';
import { draftFromOrder } from '@/features/order/draft';
import { refusal } from '@/lib/api/refusal';
import { showTimestamp } from '@/lib/vietnam-time';
import { refusedWith } from './grpc-web';

describe('the member area', () => {
  it('has a tab for every group the server puts orders in, and one for all', () => {
    const groups = Object.values(OrderGroup).filter((g): g is OrderGroup => typeof g === 'number' && g !== OrderGroup.UNSPECIFIED);
    const tabbed = Object.entries(TABS)
      .filter(([tab]) => tab !== 'all')
      .map(([, group]) => group);
    expect([...tabbed].sort()).toEqual([...groups].sort());
    expect(TABS.all).toBe(OrderGroup.UNSPECIFIED);
    expect(isTab('closed')).toBe(true);
    expect(isTab('constructor')).toBe(false);
    expect(isTab(null)).toBe(false);
  });

  it('books again with the same plan, details and contact, but a new time and no photos', () => {
    const order = create(OrderSchema, {
      id: 'BK261123ABC',
      planId: 'massage-classic',
      note: '請帶精油',
      details: {
        service: {
          case: 'massage',
          value: {
            hotelName: 'Rex',
            hotelAddress: '141 Nguyễn Huệ',
            room: '1203',
            start: '2026-11-25T21:00',
            durationMinutes: 90,
            people: 2,
            therapist: 'specific',
            therapistId: 't-thu',
            hotelImageIds: ['img-a', 'img-b'],
          },
        },
      },
      contact: { name: '陳美玲', phoneCountryCode: '886', phoneNumber: '912345678', messagingApp: 'line', messagingId: 'mei' },
    });
    draftFromOrder('massage', order);
    const saved = JSON.parse(localStorage.getItem('booking.draft.massage') ?? '{}');
    expect(saved.planId).toBe('massage-classic');
    expect(saved.orderId).toBe('');
    expect(saved.details).toMatchObject({ hotelName: 'Rex', room: '1203', durationMinutes: 90, people: 2, therapist: 'specific', therapistId: 't-thu' });
    expect(saved.details.start).toBeUndefined();
    expect(saved.details.hotelImageIds).toBeUndefined();
    expect(saved.contact).toEqual({ name: '陳美玲', phoneCountryCode: '886', phoneNumber: '912345678', messagingApp: 'line', messagingId: 'mei' });
    expect(saved.note).toBe('請帶精油');
  });

  it('shows the server’s words for refusals and timestamps in Vietnam time', () => {
    const refused = refusedWith(Code.InvalidArgument, { reason: 'SUPPORT_BODY_REQUIRED', field: 'body', words: '請輸入訊息內容' });
    expect(refusal(refused, 'x')).toBe('請輸入訊息內容');
    expect(refusal(refusedWith(Code.ResourceExhausted, { reason: 'SUPPORT_THROTTLED', words: '請 5 分鐘後再試' }), 'x')).toBe('請 5 分鐘後再試');
    expect(refusal(new ConnectError('db down', Code.Unavailable), '網路不穩')).toBe('網路不穩');
    expect(showTimestamp({ seconds: BigInt(Date.UTC(2026, 10, 24, 14, 30) / 1000) })).toBe('2026/11/24 21:30');
    expect(showTimestamp(undefined)).toBe('');
  });
});

describe("an order's history in words", () => {
  // As the server sends a step: the kept text and its parts (`why`), which alone are read.
  const step = (why: OrderEvent['why'], actor = 'customer:u1') => create(OrderEventSchema, { why, actor, reason: 'ignored' });

  it('says the reasons the server keeps, from their parts', () => {
    expect(reasonText(step({ case: 'paid', value: create(PaidStepSchema, { method: 'VCOIN', paymentId: 'PY1' }) }))).toBe('以 V 幣付款');
    expect(reasonText(step({ case: 'driver', value: '阮文明' }, 'operator:小美'))).toBe('指派司機 阮文明');
    expect(reasonText(step({ case: 'therapist', value: '阿秋 Thu' }, 'operator:小美'))).toBe('指派按摩師 阿秋 Thu');
    const refunded = (fee: bigint, refund: bigint, said: string) =>
      ({ case: 'refunded', value: create(RefundedStepSchema, { feeVnd: fee, refundVnd: refund, said }) }) as const;
    expect(reasonText(step(refunded(0n, 380_000n, '改期')))).toBe('客戶取消（改期）；手續費 VND\u00a00，退回 VND\u00a0380,000');
    expect(reasonText(step(refunded(190_000n, 190_000n, ''), 'operator:小美'))).toBe('客服取消；手續費 VND\u00a0190,000，退回 VND\u00a0190,000');
    expect(reasonText(step({ case: 'code', value: 'created' }))).toBe('建立訂單');
  });

  it('shows words kept before reasons were codes as they are', () => {
    expect(reasonText(step({ case: 'code', value: '指派司機 Lan' }, 'operator:x'))).toBe('指派司機 Lan');
  });
});
