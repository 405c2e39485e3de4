// This browser as one of the signed-in person's devices for Web Push: asked for permission,
// subscribed with the server's VAPID key through the service worker (public/sw.js shows what
// arrives), and handed to the server; or unsubscribed and forgotten there. Used by the member
// area and the partner app alike.

import { NotificationService } from '@/gen/booking/v1/notification_pb';
import { callRpc } from '@/lib/api/rpc';

const notifications = NotificationService.method;

/** What this browser can do about notifications now. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return 'off';
  // Handed over again each visit: the server keeps one row per device, and a device another
  // person signed in on before becomes this person's.
  await hand(subscription);
  return 'on';
}

function base64url(key: ArrayBuffer | null): string {
  const bytes = new Uint8Array(key ?? new ArrayBuffer(0));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function hand(subscription: PushSubscription) {
  return callRpc(notifications.addPushDevice, {
    endpoint: subscription.endpoint,
    p256dh: base64url(subscription.getKey('p256dh')),
    auth: base64url(subscription.getKey('auth')),
  });
}

/** Asks the browser's permission and subscribes; the state it ends in. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { publicKey } = await callRpc(notifications.getPushKey, {});
  const manager = (await registration()).pushManager;
  const subscription =
    (await manager.getSubscription()) ?? (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await hand(subscription);
  return 'on';
}

/** Unsubscribes this browser and has the server forget it (also at sign-out). */
export async function turnPushOff(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const registrations = await navigator.serviceWorker.getRegistrations();
  const subscription = registrations.length ? await (await registration()).pushManager.getSubscription() : null;
  if (subscription) {
    await callRpc(notifications.removePushDevice, { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}
