// A local Web Push service for tests: it plays the part of FCM / Mozilla autopush on 127.0.0.1. It checks what a
// real push service checks — the VAPID JWT's ES256 signature against the `k=` key, its audience, expiry and subject
// — and, holding the subscriber's private key like a browser does, decrypts the aes128gcm payload (RFC 8291), so a
// test sees exactly what the browser's service worker would receive. Unknown or expired subscriptions answer 410.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export type PushSubscriptionJson = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
export type Delivered = {
  subscription: string;
  payload: string;
  /** The JWT's claims and the VAPID public key the push came with. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  ttl: number;
};

type Subscriber = { ecdh: ECDH; auth: Buffer; gone: boolean };

const b64u = (b: Buffer) => b.toString('base64url');

/** Verifies `vapid t=<jwt>, k=<key>`; returns the claims and key, or the reason it is refused. */
function checkVapid(header: string | undefined, origin: string): { claims: Delivered['claims']; key: string } | string {
  const m = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'missing vapid authorization';
  const [, jwt, key] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return 'malformed jwt';
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256') return `alg ${head.alg}`;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) return 'bad signature';
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Delivered['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) return 'exp out of range';
  if (!/^(mailto:|https:)/.test(claims.sub)) return 'sub is not mailto: or https:';
  return { claims, key };
}

export async function startPushService() {
  const subscribers = new Map<string, Subscriber>();
  const delivered: Delivered[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subscribers.get(id);
      const answer = (status: number, reason?: string) => {
        if (reason) refused.push(reason);
        res.writeHead(status).end(reason ?? '');
        for (const w of waiters) w();
      };
      if (req.method !== 'POST') return answer(405, 'method');
      if (!sub || sub.gone) return answer(410);
      const vapid = checkVapid(req.headers.authorization, origin);
      if (typeof vapid === 'string') return answer(401, vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(400, `content-encoding ${req.headers['content-encoding']}`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl)) return answer(400, 'missing TTL');
      let payload: string;
      try {
        payload = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64u(sub.auth) }).toString('utf8');
      } catch (err) {
        return answer(400, `decrypt: ${(err as Error).message}`);
      }
      delivered.push({ subscription: id, payload, claims: vapid.claims, vapidKey: vapid.key, ttl });
      answer(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    delivered,
    refused,
    /** A browser's subscription: a fresh P-256 key pair and auth secret, the private half kept here. */
    subscribe(): PushSubscriptionJson & { id: string } {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth, gone: false });
      return { id, endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    /** The browser dropped this subscription: the service answers 410 Gone from now on. */
    expire(id: string) {
      subscribers.get(id)!.gone = true;
    },
    /** Resolves once `count` pushes reached a subscription (or rejects after the timeout). */
    async waitFor(subscription: string, count = 1, timeoutMs = 5000): Promise<Delivered[]> {
      const mine = () => delivered.filter((d) => d.subscription === subscription);
      if (mine().length >= count) return mine();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} push(es) to ${subscription}, got ${mine().length}; refused: ${refused.join('; ')}`));
        }, timeoutMs);
        function check() {
          if (mine().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mine());
        }
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
