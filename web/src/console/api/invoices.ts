// E-invoices: the ones the provider refused or never answered, and sending one again.

import { InvoiceService } from '@/gen/booking/v1/invoice_pb';
import { useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';

/** Invoices that failed, oldest first, with the provider's reason. */
export function useFailedInvoices() {
  return useRpcPages(InvoiceService.method.listFailedInvoices, { pageSize: 50 }, (page) => page.invoices);
}

export const invoiceActions = {
  retryInvoice: async (invoiceId: string) => {
    try {
      return await callRpc(InvoiceService.method.retryInvoice, { invoiceId });
    } finally {
      await invalidate(InvoiceService);
    }
  },
};
