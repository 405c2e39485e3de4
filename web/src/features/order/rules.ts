// The order forms check what the server checks, in the same words, before a request is sent.

import type { RegisterOptions } from 'react-hook-form';
import type { Plan } from '@/gen/booking/v1/catalog_pb';
import { vietnamFromNow } from '@/lib/vietnam-time';
import type { DetailsValues, FieldSpec } from './flows';
import { orderMessages } from '@/lib/order-messages';

const e = orderMessages.errors;

/** IATA flight designator: a two-character airline code (not two digits), 1–4 digits, a letter. */
export function isFlightNumber(raw: string): boolean {
  return /^(?![0-9]{2})[A-Z0-9]{2}[0-9]{1,4}[A-Z]?$/.test(raw.replace(/\s+/g, '').toUpperCase());
}

/** The booking window of a plan, as `datetime-local` bounds in Vietnam time. */
export function window(plan: Plan, now = Date.now()): { min: string; max: string } {
  const lead = plan.rules?.leadTimeMinutes ?? 0;
  const days = plan.rules?.horizonDays ?? 365;
  return { min: vietnamFromNow(lead, now), max: vietnamFromNow(days * 1440, now) };
}

export function startProblem(value: string, plan: Plan, now = Date.now()): string | undefined {
  if (!value) return e.required;
  const { min, max } = window(plan, now);
  if (value < min) return e.tooSoon(Math.ceil((plan.rules?.leadTimeMinutes ?? 0) / 60));
  if (value > max) return e.tooLate(plan.rules?.horizonDays ?? 0);
  return undefined;
}

/** A drop-off's pick-up must leave time to catch the flight, as the server checks. */
function dropOffProblem(spec: FieldSpec, values: DetailsValues, plan: Plan): string | undefined {
  const least = plan.rules?.dropOffMinLeadMinutes ?? 0;
  if (spec.name !== 'start' || values.direction !== 'drop-off' || !values.departure || !least) return undefined;
  const gap = (Date.parse(String(values.departure)) - Date.parse(String(values.start))) / 60_000;
  return gap < least ? e.pickupTooLate(least) : undefined;
}

/** The pick-up a drop-off suggests for a departure (`datetime-local` text, Vietnam time). */
export function suggestedPickUp(departure: string, plan: Plan): string | undefined {
  const lead = plan.rules?.dropOffLeadMinutes ?? 0;
  const leaves = Date.parse(`${departure}:00Z`);
  if (!lead || Number.isNaN(leaves)) return undefined;
  return new Date(leaves - lead * 60_000).toISOString().slice(0, 16);
}

export function rulesFor(spec: FieldSpec, plan: Plan): RegisterOptions<DetailsValues, string> {
  const max = spec.max?.(plan);
  return {
    required: spec.required ? e.required : false,
    ...(spec.kind === 'number' && {
      valueAsNumber: true,
      min: spec.min === undefined ? undefined : { value: spec.min, message: e.min(spec.min) },
      max: max === undefined ? undefined : { value: max, message: e.max(max) },
    }),
    validate: (value: string | number, values: DetailsValues) => {
      if (spec.when && !spec.when(values)) return true;
      if (spec.kind === 'datetime') return startProblem(String(value), plan) ?? dropOffProblem(spec, values, plan) ?? true;
      if (spec.name === 'flightNumber' && !isFlightNumber(String(value))) return e.flightNumber;
      if (spec.name === 'childSeats' && Number(value) > Number(values.passengers)) return e.childSeats;
      return true;
    },
  };
}
