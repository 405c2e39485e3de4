import { CatalogService } from '@/gen/booking/v1/catalog_pb';
import { useRpc } from '@/lib/api/hooks';

// Outside api/: that folder is in the first page's API chunk, which must not pull in the query hooks.

/** The cancellation terms every plan is booked under, as the refund policy quotes them. */
export function useBookingTerms() {
  return useRpc(CatalogService.method.listCategories, {}, {
    select: (r) => ({ freeHours: r.freeCancellationHours, feePercent: r.lateCancellationFeePercent }),
  });
}
