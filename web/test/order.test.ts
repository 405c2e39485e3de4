import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { PlanSchema } from '@/gen/booking/v1/catalog_pb';
import { fieldProblem, isGone, toDetails } from '@/features/order/api/order-api';
import { refusal } from '@/lib/api/refusal';
import { refusedWith } from './grpc-web';
import { flowOfPath, stepPath } from '@/lib/paths';
import { initialDetails } from '@/features/order/flows';
import { isFlightNumber, rulesFor, startProblem } from '@/features/order/rules';
import { FIELDS } from '@/features/order/flows';
import { instantOf, showInstant, vietnamFromNow } from '@/lib/vietnam-time';

const plan = create(PlanSchema, {
  id: 'shuttle-sgn-4',
  durationMinutes: [],
  vehicle: { seats: 4, luggage: 3 },
  rules: { leadTimeMinutes: 240, horizonDays: 180, capacity: 4 },
});
// 2026-11-22 10:00 in Vietnam.
const NOW = Date.UTC(2026, 10, 22, 3, 0);

describe('order rules in the server’s words', () => {
  it('takes flight numbers as IATA writes them', () => {
    for (const ok of ['VN123', 'vn 123', 'BR391', '9W12', 'VJ1234A']) expect(isFlightNumber(ok), ok).toBe(true);
    for (const bad of ['', '123', 'VN', 'VN12345', 'VN-12', 'VNA12']) expect(isFlightNumber(bad), bad).toBe(false);
  });

  it('reads a Vietnam wall-clock time, or a day, as the instant it is', () => {
    expect(instantOf('2026-11-22T10:00').toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect(instantOf('2026-11-22').toISOString()).toBe('2026-11-21T17:00:00.000Z');
  });

  it('keeps times inside the plan’s booking window, in Vietnam time', () => {
    expect(vietnamFromNow(0, NOW)).toBe('2026-11-22T10:00');
    expect(startProblem('2026-11-22T14:00', plan, NOW)).toBeUndefined();
    expect(startProblem('2026-11-22T13:59', plan, NOW)).toBe('請預約 4 小時後的時段（越南時間）');
    expect(startProblem('2027-05-21T10:01', plan, NOW)).toBe('最多可預約 180 天內的時段');
    expect(startProblem('', plan, NOW)).toBe('請填寫這個欄位');
    expect(showInstant(new Date(NOW))).toBe('2026/11/22 10:00');
  });

  it('bounds counts by the vehicle and child seats by the passengers', () => {
    const passengers = FIELDS.shuttle.find((f) => f.name === 'passengers')!;
    const rules = rulesFor(passengers, plan);
    expect(rules.max).toEqual({ value: 4, message: '此方案最多 4' });
    const seats = rulesFor(FIELDS.shuttle.find((f) => f.name === 'childSeats')!, plan);
    const validate = seats.validate as (v: number, all: Record<string, number>) => true | string;
    expect(validate(3, { passengers: 2 })).toBe('兒童座椅不可多於乘客人數');
    expect(validate(2, { passengers: 2 })).toBe(true);
  });
});

describe('order requests', () => {
  it('sends counts as numbers and text as text, under the flow’s case', () => {
    const details = toDetails('shuttle', { ...initialDetails('shuttle', plan), passengers: '3', flightNumber: 'VN1' });
    expect(details.service.case).toBe('shuttle');
    expect(details.service.value).toMatchObject({ passengers: 3, flightNumber: 'VN1', luggage: 0, direction: 'pick-up' });
  });

  it('sends a massage’s therapist and hotel photos as the contract has them', () => {
    const values = { ...initialDetails('massage', plan), therapist: 'specific', therapistId: 't-thu', hotelImageIds: 'img-a,img-b' };
    expect(toDetails('massage', values).service.value).toMatchObject({ therapist: 'specific', therapistId: 't-thu', hotelImageIds: ['img-a', 'img-b'] });
    expect(toDetails('massage', initialDetails('massage', plan)).service.value).toMatchObject({ therapist: 'any', therapistId: '', hotelImageIds: [] });
    // A lost race for a therapist is shown in the server's words, not as a network problem.
    expect(refusal(refusedWith(Code.Aborted, { reason: 'THERAPIST_TAKEN', words: '這位按摩師在這個時段已有預約' }), 'net')).toBe('這位按摩師在這個時段已有預約');
    expect(refusal(new ConnectError('x', Code.Unavailable), 'net')).toBe('net');
  });

  it('reads the server’s field errors as the form names its fields', () => {
    const err = (m: string, code = Code.InvalidArgument) => new ConnectError(m, code);
    const field = (path: string, words: string) => refusedWith(Code.InvalidArgument, { reason: 'X', field: path, words });
    expect(fieldProblem(field('details.flight_number', '請輸入正確的航班編號'))).toEqual({ field: 'flightNumber', message: '請輸入正確的航班編號' });
    expect(fieldProblem(field('contact.phone.number', '請輸入正確的電話號碼'))?.field).toBe('phoneNumber');
    // Words alone name no field, whatever they look like.
    expect(fieldProblem(err('details.flight_number: 請輸入正確的航班編號'))).toBeUndefined();
    expect(fieldProblem(err('訂單已付款，無法修改', Code.FailedPrecondition))).toBeUndefined();
    expect(isGone(err('order not found', Code.NotFound))).toBe(true);
    expect(isGone(err('x', Code.Unavailable))).toBe(false);
  });

  it('finds the flow of each step path and builds them back', () => {
    expect(flowOfPath('/order/escort/escort-city-half-day/step2')).toBe('escort');
    expect(flowOfPath('/order/massage/confirm')).toBe('massage');
    expect(flowOfPath('/order/helicopter/step1')).toBeUndefined();
    expect(stepPath('escort', 'step1', 'escort-a')).toBe('/order/escort/escort-a/step1');
    expect(stepPath('escort', 'confirm', 'escort-a')).toBe('/order/escort/confirm');
    expect(stepPath('shuttle', 'step1', 'shuttle-sgn-4')).toBe('/order/shuttle/step1?plan=shuttle-sgn-4');
  });
});
