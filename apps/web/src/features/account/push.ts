import { currentMsg } from '@/lib/use-msg';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@souq/shared/constants';
import { api } from '@/lib/api-client';
import type { DeliveryResult } from '@souq/shared/api/notifications';

// Browser push for the Notification Settings block. The server side (VAPID key, subscriptions, preferences, sending)
// answers under /api/notifications; every call here fails cleanly (the caller shows the spec's message) while it
// does not exist or the browser refuses.

export type Preferences = { orderUpdates: boolean; productRecommendations: boolean; promotions: boolean; aiInsights: boolean };

/** The service worker that receives pushes. */
export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

async function registration(create: boolean): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing || !create) return existing;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  try {
    const reg = await registration(false);
    return (await reg?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

function base64UrlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Permission must already be granted. Subscribes this browser and registers the subscription for the user. */
export async function subscribePush(userId: string): Promise<void> {
  const { publicKey } = await api<{ publicKey: string }>('/api/notifications/vapid-public-key');
  const reg = await registration(true);
  if (!reg) throw new Error(currentMsg().notificationsEnableFailed);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  try {
    await api('/api/notifications/subscribe', { method: 'POST', body: { subscription: subscription.toJSON(), userId } });
  } catch (err) {
    // A subscription the server does not know would never receive anything: undo it.
    await subscription.unsubscribe().catch(() => undefined);
    throw err;
  }
}

export async function unsubscribePush(userId: string): Promise<void> {
  const sub = await currentSubscription();
  await api('/api/notifications/unsubscribe', { method: 'POST', body: { userId, endpoint: sub?.endpoint } });
  await sub?.unsubscribe();
}

/** The user's preferences merged over the defaults; null when they cannot be read. */
export async function loadPreferences(userId: string): Promise<Preferences | null> {
  try {
    const res = await api<Partial<Preferences> | { preferences?: Partial<Preferences> }>(
      `/api/notifications/preferences/${encodeURIComponent(userId)}`,
    );
    const raw = res && 'preferences' in res ? res.preferences : (res as Partial<Preferences>);
    const merged: Preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    for (const key of Object.keys(merged) as (keyof Preferences)[]) {
      if (typeof raw?.[key] === 'boolean') merged[key] = raw[key];
    }
    return merged;
  } catch {
    return null;
  }
}

export const savePreferences = (userId: string, preferences: Preferences) =>
  api('/api/notifications/preferences', { method: 'PUT', body: { userId, preferences } });

export const sendTestNotification = (userId: string) =>
  api<DeliveryResult>('/api/notifications/send', {
    method: 'POST',
    body: { userId, title: currentMsg().testNotificationTitle, body: currentMsg().testNotificationBody, url: '/profile', icon: '/favicon.svg' },
  });
