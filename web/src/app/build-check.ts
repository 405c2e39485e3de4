import { useEffect } from 'react';
import { BUILD_ID } from '@/lib/config';
import { BUILD_CHECK_INTERVAL_MS } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { useModal } from '@/lib/modals';

/** The id of the build the server now serves, or undefined when it cannot be read. */
export async function fetchBuildId(fetchFn: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await fetchFn('/build.json', { cache: 'no-store' });
    if (!response.ok) return undefined;
    const info = (await response.json()) as { id?: unknown };
    return typeof info.id === 'string' ? info.id : undefined;
  } catch {
    return undefined;
  }
}

/** Hourly, asks whether a new build is out and offers a reload. */
export function useBuildCheck() {
  const modal = useModal();
  useEffect(() => {
    let offered = false;
    const timer = setInterval(async () => {
      const id = await fetchBuildId();
      if (offered || !id || id === BUILD_ID) return;
      offered = true;
      const reload = await modal.confirm({
        message: messages.build.newVersion,
        confirmText: messages.build.reload,
        cancelText: messages.build.later,
      });
      if (reload) location.reload();
    }, BUILD_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [modal]);
}
