import { type InvoiceCompany, InvoiceService } from '@/gen/booking/v1/invoice_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';

/** The order's e-invoices and the company it is to be invoiced to. */
export function useOrderInvoices(orderId: string) {
  return useRpc(InvoiceService.method.getOrderInvoices, { orderId });
}

/** Asks for the order to be invoiced to a company (none: to the customer), before it is paid;
 * the server checks the tax code and says in words what is wrong. */
export async function setInvoiceCompany(orderId: string, company?: Pick<InvoiceCompany, 'name' | 'taxCode' | 'address'>) {
  const done = await callRpc(InvoiceService.method.setInvoiceCompany, { orderId, company });
  await invalidate(InvoiceService);
  return done;
}
