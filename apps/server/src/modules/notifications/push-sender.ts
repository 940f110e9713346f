import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { guardedLookup, literalAllowed } from './push-endpoint.js';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type Target = { endpoint: string; p256dh: string; auth: string };
/** ok: the push service took it; gone: 404/410, the subscription is dead and must be removed; failed: anything else. */
export type Outcome = 'ok' | 'gone' | 'failed';

/** Time a push service gets to answer. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps an undelivered message (an offline phone gets it when it wakes). */
const PUSH_TTL_S = 24 * 60 * 60;

/**
 * Sends one Web Push message: web-push signs the VAPID JWT (ES256) and encrypts the payload (aes128gcm,
 * RFC 8291); the request itself goes through node:https with a DNS lookup that refuses private addresses, so a
 * stored endpoint cannot make the server call into its own network.
 */
export function createPushSender(opts: { vapid: () => Promise<VapidKeys>; allowPrivate: boolean; log: (msg: string) => void }) {
  const lookup = guardedLookup(opts.allowPrivate);

  return async function send(target: Target, payload: unknown): Promise<Outcome> {
    const vapid = await opts.vapid();
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: PUSH_TTL_S, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
    } catch (err) {
      // keys that are not a P-256 point: this subscription can never receive anything
      opts.log(`push: cannot encrypt for ${new URL(target.endpoint).host}: ${(err as Error).message}`);
      return 'gone';
    }
    const url = new URL(details.endpoint);
    if (!literalAllowed(url, opts.allowPrivate) || (url.protocol === 'http:' && !opts.allowPrivate)) return 'failed';
    const client = url.protocol === 'http:' ? http : https;
    const status = await new Promise<number>((resolve) => {
      const req = client.request(url, { method: details.method, headers: details.headers, lookup, timeout: PUSH_TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => {
        opts.log(`push: ${url.host}: ${err.message}`);
        resolve(0);
      });
      req.end(details.body ?? undefined);
    });
    if (status >= 200 && status < 300) return 'ok';
    if (status === 404 || status === 410) return 'gone';
    if (status) opts.log(`push: ${url.host} answered ${status}`);
    return 'failed';
  };
}

export const generateVapidKeys = () => webpush.generateVAPIDKeys();
