// The console's own route table, under the one `ops` route of the app's (`@/lib/paths`). The build
// writes these into dist/routes.json too, so the server knows each console page. No imports here.

export const consolePaths = {
  board: '/ops',
  orders: '/ops/orders',
  order: '/ops/orders/:orderId',
  support: '/ops/support',
  customers: '/ops/customers',
  customer: '/ops/customers/:customerId',
  audit: '/ops/audit',
  reviews: '/ops/reviews',
  staff: '/ops/staff',
  catalog: '/ops/catalog',
  partners: '/ops/partners',
  payroll: '/ops/payroll',
  reports: '/ops/reports',
  promotions: '/ops/promotions',
  gifts: '/ops/gifts',
  refunds: '/ops/refunds',
  invoices: '/ops/invoices',
  backups: '/ops/backups',
} as const;

export type ConsoleRoute = keyof typeof consolePaths;

/** Fills a console route: `opsTo('order', { orderId })`. */
export function opsTo(name: ConsoleRoute, params: Record<string, string> = {}): string {
  return consolePaths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
