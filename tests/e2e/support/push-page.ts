import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import type { PushService } from '../../../apps/server/test/push-service.js';

// A signed-in customer whose browser "subscribes" to the test's LOCAL push service (see notifications.spec.ts for why
// the subscription is substituted; everything after it — VAPID, encryption, delivery — is real).

export async function newCustomer(request: APIRequestContext) {
  const email = `push-${Date.now()}-${Math.random().toString(16).slice(2)}@example.test`;
  const res = await request.post('/api/auth/signup', { data: { name: 'Pia Push', email, password: 'password-123' } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { token: string; user: { id: number } };
}

/** Signs the customer in and makes pushManager hand out a subscription of the local push service; returns it. */
export async function customerWithLocalPush(context: BrowserContext, request: APIRequestContext, push: PushService, baseURL: string | undefined) {
  const customer = await newCustomer(request);
  const sub = push.subscribe();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript(
    ([token, user, subscription]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_user', JSON.stringify(user));
      localStorage.setItem('user', JSON.stringify({ id: user.id }));
      // the substituted subscription: subscribe() hands out the local push service's endpoint
      const KEY = 'e2e_push_subscribed';
      const fake = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      };
      PushManager.prototype.subscribe = async function () {
        sessionStorage.setItem(KEY, '1');
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (sessionStorage.getItem(KEY) ? fake : null) as unknown as PushSubscription;
      };
    },
    [customer.token, customer.user, { endpoint: sub.endpoint, keys: sub.keys }] as const,
  );
  return { customer, sub };
}
