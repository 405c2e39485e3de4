// What each order flow asks on its steps. Which category a flow books and where its steps live is
// the route table's (`@/lib/paths`).

import type { Flow } from '@/lib/paths';
import type { Plan } from '@/gen/booking/v1/catalog_pb';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { orderMessages } from '@/lib/order-messages';

export type { Flow };

/** Form values of step1: text as strings, counts as numbers, as the protobuf messages have them. */
export type DetailsValues = Record<string, string | number>;

export interface FieldSpec {
  name: string;
  label: string;
  /** `custom` fields are drawn by the page (the massage flow's therapist picker and photos). */
  kind: 'text' | 'number' | 'select' | 'datetime' | 'textarea' | 'custom';
  /** A list, kept in the form as comma-separated text and sent as an array. */
  list?: boolean;
  required?: boolean;
  hint?: string;
  min?: number;
  /** Upper bound from the plan (capacity, extras it sells). */
  max?: (plan: Plan) => number;
  options?: (plan: Plan) => ReadonlyArray<{ value: string; label: string }>;
  /** A fixed choice's words for each value, for showing an order's details. */
  labels?: Record<string, string>;
  /** An extra the plan sells (its option code), shown only when sold, with its price per unit. */
  option?: { code: string; unit: string };
  /** Extras are asked on step2, with the contact; the rest on step1. */
  extra?: boolean;
  /** Asked only when the other answers call for it (a drop-off's departure). */
  when?: (values: Partial<DetailsValues>) => boolean;
  /** The label where it depends on other answers (the shuttle's time: landing or pick-up). */
  labelFor?: (values: Partial<DetailsValues>) => string;
  /** What the field means, for the help beside it (may depend on other answers). */
  help?: (values: Partial<DetailsValues>) => string;
}

/** The field's label for these answers. */
export function labelOf(spec: FieldSpec, values: Partial<DetailsValues>): string {
  return spec.labelFor?.(values) ?? spec.label;
}

const m = orderMessages;
const labelled = (labels: Record<string, string>) => () => Object.entries(labels).map(([value, label]) => ({ value, label }));
/** Driver languages, with the price of a Chinese-speaking driver where the plan charges one. */
const languages = (plan: Plan) =>
  Object.entries(m.languages).map(([value, label]) => {
    const price = optionPrice(plan, 'chinese-speaking');
    return { value, label: value === 'zh' && price ? messages.aside(label, `+${formatVnd(price)}`) : label };
  });
const durations = (plan: Plan) => plan.durationMinutes.map((d) => ({ value: String(d), label: messages.catalog.minutes(d) }));
const capacity = (plan: Plan) => plan.rules?.capacity ?? 1;
const maxExtraHours = (plan: Plan) => plan.rules?.maxExtraHours ?? 0;
const maxExtraStops = (plan: Plan) => plan.rules?.maxExtraStops ?? 0;

const start: FieldSpec = { name: 'start', label: m.start, kind: 'datetime', required: true };
const dropOff = (values: Partial<DetailsValues>) => values.direction === 'drop-off';

export const FIELDS: Record<Flow, FieldSpec[]> = {
  shuttle: [
    { name: 'direction', label: m.direction, kind: 'select', required: true, options: labelled(m.directions), labels: m.directions },
    { name: 'flightNumber', label: m.flightNumber, kind: 'text', required: true, hint: m.flightHint, help: () => m.help.flightNumber },
    // A drop-off asks when the flight leaves, then suggests when to be collected from it.
    { name: 'departure', label: m.departure, kind: 'datetime', required: true, when: dropOff, help: () => m.help.departure },
    {
      ...start,
      label: m.landing,
      labelFor: (v) => (dropOff(v) ? m.pickupTime : m.landing),
      help: (v) => (dropOff(v) ? m.help.pickupTime : m.help.landing),
    },
    { name: 'address', label: m.address, kind: 'text', required: true },
    { name: 'passengers', label: m.passengers, kind: 'number', min: 1, max: capacity },
    { name: 'luggage', label: m.luggage, kind: 'number', min: 0, max: (p) => p.vehicle?.luggage ?? 0 },
    { name: 'childSeats', label: m.childSeats, kind: 'number', min: 0, max: capacity, option: { code: 'child-seat', unit: m.perSeat }, extra: true, help: () => m.help.childSeats },
    { name: 'extraStops', label: m.extraStops, kind: 'number', min: 0, max: maxExtraStops, option: { code: 'extra-stop', unit: m.perStop }, extra: true },
  ],
  charter: [
    start,
    { name: 'durationMinutes', label: m.duration, kind: 'select', required: true, options: durations },
    { name: 'pickupAddress', label: m.pickupAddress, kind: 'text', required: true },
    { name: 'itinerary', label: m.itinerary, kind: 'textarea', hint: m.itineraryHint },
    { name: 'passengers', label: m.passengers, kind: 'number', min: 1, max: capacity },
    { name: 'extraHours', label: m.extraHours, kind: 'number', min: 0, max: maxExtraHours, option: { code: 'extra-hour', unit: m.perHour }, extra: true },
    { name: 'childSeats', label: m.childSeats, kind: 'number', min: 0, max: capacity, option: { code: 'child-seat', unit: m.perSeat }, extra: true, help: () => m.help.childSeats },
    { name: 'driverLanguage', label: m.driverLanguage, kind: 'select', required: true, options: languages, labels: m.languages, extra: true },
  ],
  escort: [
    start,
    { name: 'durationMinutes', label: m.duration, kind: 'select', required: true, options: durations },
    { name: 'meetingPoint', label: m.meetingPoint, kind: 'text', required: true },
    { name: 'people', label: m.people, kind: 'number', min: 1, max: capacity },
    { name: 'language', label: m.language, kind: 'select', required: true, options: labelled(m.languages), labels: m.languages },
    { name: 'extraHours', label: m.extraHours, kind: 'number', min: 0, max: maxExtraHours, option: { code: 'extra-hour', unit: m.perHour }, extra: true },
  ],
  massage: [
    { name: 'hotelName', label: m.hotelName, kind: 'text', required: true },
    { name: 'hotelAddress', label: m.hotelAddress, kind: 'text', required: true },
    { name: 'room', label: m.room, kind: 'text', required: true },
    start,
    { name: 'durationMinutes', label: m.duration, kind: 'select', required: true, options: durations },
    { name: 'people', label: m.people, kind: 'number', min: 1, max: capacity },
    { name: 'therapist', label: m.therapist, kind: 'custom', labels: m.therapists, extra: true },
    { name: 'therapistId', label: m.therapistId, kind: 'custom', extra: true },
    { name: 'hotelImageIds', label: m.hotelImageIds, kind: 'custom', list: true, extra: true },
  ],
};

/** What the plan charges for an extra, if it sells it. */
export function optionPrice(plan: Plan, code: string): bigint | undefined {
  return plan.options.find((o) => o.code === code)?.priceVnd;
}

/** The fields of a step: step1 the service, step2 the extras the plan sells. */
export function fieldsOf(flow: Flow, step: 1 | 2, plan: Plan): FieldSpec[] {
  return FIELDS[flow].filter((spec) => Boolean(spec.extra) === (step === 2) && (!spec.option || Boolean(optionPrice(plan, spec.option.code))));
}

/** A fresh step1 for a plan: the first length it sells, one person, no paid extra chosen. */
export function initialDetails(flow: Flow, plan: Plan | undefined): DetailsValues {
  const minutes = plan?.durationMinutes[0] ?? 0;
  const values: Record<Flow, DetailsValues> = {
    shuttle: { direction: 'pick-up', flightNumber: '', departure: '', start: '', address: '', passengers: 1, luggage: 0, childSeats: 0, extraStops: 0 },
    charter: { start: '', durationMinutes: minutes, extraHours: 0, pickupAddress: '', itinerary: '', passengers: 1, childSeats: 0, driverLanguage: 'vi' },
    escort: { start: '', durationMinutes: minutes, extraHours: 0, meetingPoint: '', people: 1, language: 'zh' },
    massage: { hotelName: '', hotelAddress: '', room: '', start: '', durationMinutes: minutes, people: 1, therapist: 'any', therapistId: '', hotelImageIds: '' },
  };
  return values[flow];
}
