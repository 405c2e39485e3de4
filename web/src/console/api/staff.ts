// Staff and service keys (admins), and the audit log everyone reads.

import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { StaffRole, type AuditEntry } from '@/gen/booking/v1/operator_pb';
import { skipToken, useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed, vietnamDay } from './shared';

export type { AuditEntry };
export { StaffRole };

export interface AuditSearch {
  target?: string;
  actor?: string;
  action?: string;
  /** Vietnam dates, YYYY-MM-DD. */
  from?: string;
  until?: string;
}

export function useAudit(s: AuditSearch) {
  const input = {
    target: s.target ?? '',
    actor: s.actor ?? '',
    action: s.action ?? '',
    from: s.from ? timestampFromDate(vietnamDay(s.from)) : undefined,
    until: s.until ? timestampFromDate(vietnamDay(s.until, 1)) : undefined,
  };
  return useRpcPages(calls.listAuditEntries, input, (page) => page.entries);
}

export function useStaff(enabled: boolean) {
  return useRpc(calls.listStaff, enabled ? {} : skipToken, { select: (r) => r.staff });
}

export function useKeys(enabled: boolean) {
  return useRpc(calls.listServiceKeys, enabled ? {} : skipToken, { select: (r) => r.keys });
}

export const staffActions = {
  invite: (email: string, displayName: string, role: StaffRole) =>
    changed(callRpc(calls.inviteStaff, { email, displayName, role, continueUrl: '/ops' })),
  updateStaff: (accountId: string, change: { role?: StaffRole; disabled?: boolean; email?: string; displayName?: string }) =>
    changed(
      callRpc(calls.updateStaff, {
        accountId,
        role: change.role ?? StaffRole.UNSPECIFIED,
        disabled: change.disabled,
        email: change.email ?? '',
        displayName: change.displayName ?? '',
      }),
    ),
  issueKey: (name: string, admin: boolean) => changed(callRpc(calls.issueServiceKey, { name, admin })),
  revokeKey: (keyId: string) => changed(callRpc(calls.revokeServiceKey, { keyId })),
};
