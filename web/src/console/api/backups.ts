// The backups (admins): what is kept, and taking one now.

import { useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export function useBackups() {
  return useRpc(calls.getBackups, {});
}

export const backupActions = {
  startBackup: () => changed(callRpc(calls.startBackup, {})),
};
