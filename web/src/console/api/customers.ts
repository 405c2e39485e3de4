// Customers: finding one, and one with their wallet's ledger.

import type { Customer } from '@/gen/booking/v1/operator_pb';
import { useRpc, useRpcPages } from '@/lib/api/hooks';
import { calls } from './shared';

export type { Customer };

export function useCustomers(query: string) {
  return useRpcPages(calls.findCustomers, { query }, (page) => page.customers);
}

export function useCustomer(customerId: string) {
  return useRpcPages(calls.getCustomer, { customerId }, (page) => page.entries);
}

/** The customer's card (the first page's), apart from the ledger's pages. */
export function useCustomerCard(customerId: string) {
  return useRpc(calls.getCustomer, { customerId, pageSize: 1 }, { select: (r) => r.customer });
}
