import { HotelPhotos, MassageSummary, TherapistPicker } from '@/features/massage';
import { splitList, type ExtrasForm } from '@/features/order';
import { therapistReviews } from './lazy-reviews';

/** The massage flow's step2 fields: the therapist and the hotel photos (the order flow draws the rest). */
export function massageExtras({ values, set, errors, orderId }: ExtrasForm) {
  return (
    <>
      <TherapistPicker
        start={String(values.start ?? '')}
        durationMinutes={Number(values.durationMinutes ?? 0)}
        orderId={orderId}
        therapist={String(values.therapist || 'any')}
        therapistId={String(values.therapistId ?? '')}
        error={errors.therapistId ?? errors.therapist}
        onChange={(choice) => set({ ...choice })}
        reviews={therapistReviews}
      />
      <HotelPhotos ids={splitList(values.hotelImageIds)} onChange={(ids) => set({ hotelImageIds: ids.join(',') })} />
    </>
  );
}

/** Confirm's massage rows: the therapist by name and the photos. */
export function massageSummary(details: Record<string, unknown>) {
  return (
    <MassageSummary
      therapist={String(details.therapist ?? '')}
      therapistId={String(details.therapistId ?? '')}
      hotelImageIds={Array.isArray(details.hotelImageIds) ? (details.hotelImageIds as string[]) : []}
    />
  );
}
