// The partner app's own route table, under the app's one `partner` route (`@/lib/paths`). The
// build writes these into dist/routes.json too, so the server knows each page. No imports here.

export const partnerPaths = {
  schedule: '/partner',
  job: '/partner/jobs/:orderId',
  earnings: '/partner/earnings',
  week: '/partner/earnings/:week',
  availability: '/partner/availability',
} as const;

export type PartnerRoute = keyof typeof partnerPaths;

/** Fills a partner route: `partnerTo('job', { orderId })`. */
export function partnerTo(name: PartnerRoute, params: Record<string, string> = {}): string {
  return partnerPaths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
