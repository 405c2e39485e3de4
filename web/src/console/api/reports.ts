// The business's numbers (admins only): a period's report, and its CSV files streamed from the
// server a page of rows at a time, gathered here into one file to save.

import { createClient } from '@connectrpc/connect';
import { ReportService, type GetReportResponse, type ReportExport, type ReportGrain } from '@/gen/booking/v1/report_pb';
import { transport } from '@/lib/api/clients';
import { useRpc } from '@/lib/api/hooks';

export type Report = GetReportResponse;

export interface ReportAsk {
  from: string;
  until: string;
  grain: ReportGrain;
}

export function useReport(ask: ReportAsk) {
  return useRpc(ReportService.method.getReport, ask);
}

/** A CSV export, whole: its name and its pieces as they came (no deadline: a year of orders
 * takes longer than a read may). */
export async function exportReport(ask: ReportAsk, what: ReportExport): Promise<{ filename: string; parts: Uint8Array<ArrayBuffer>[] }> {
  const client = createClient(ReportService, transport);
  let filename = '';
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for await (const piece of client.exportReport({ ...ask, export: what }, { timeoutMs: 0 })) {
    filename ||= piece.filename;
    parts.push(new Uint8Array(piece.chunk));
  }
  return { filename, parts };
}
