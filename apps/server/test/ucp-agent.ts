import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSigner, createVerifier, httpbis } from 'http-message-signatures';

/**
 * A UCP agent (platform) for tests, written from the release's text, not from Souq's answers: it publishes its own
 * profile at http://127.0.0.1:<port>/.well-known/ucp (services, capabilities, payment handlers, an ES256 signing key),
 * signs its requests as the message-signatures text describes (RFC 9421 over @method, @authority, @path, @query,
 * ucp-agent, idempotency-key, content-digest, content-type; RFC 9530 digest), and takes order webhooks at /webhooks,
 * verifying them against the business profile's `signing_keys`.
 */
export const UCP_RELEASE = '2026-04-08';
const SPEC = 'https://ucp.dev/specification';
const SCHEMAS = 'https://ucp.dev/schemas';

/** The capabilities of a platform that takes everything the release defines for shopping (and Souq's vendor extension). */
export function allCapabilities(version = UCP_RELEASE, webhookUrl?: string) {
  const cap = (name: string, schema: string, extra: object = {}) => [{ version, spec: `${SPEC}/${name}`, schema: `${SCHEMAS}/${schema}`, ...extra }];
  return {
    'dev.ucp.shopping.catalog.search': cap('catalog/search', 'shopping/catalog_search.json'),
    'dev.ucp.shopping.catalog.lookup': cap('catalog/lookup', 'shopping/catalog_lookup.json'),
    'dev.ucp.shopping.cart': cap('cart', 'shopping/cart.json'),
    'dev.ucp.shopping.checkout': cap('checkout', 'shopping/checkout.json'),
    'dev.ucp.shopping.fulfillment': cap('fulfillment', 'shopping/fulfillment.json', { extends: 'dev.ucp.shopping.checkout' }),
    'dev.ucp.shopping.discount': cap('discount', 'shopping/discount.json', { extends: ['dev.ucp.shopping.checkout'] }),
    'dev.ucp.shopping.order': cap('order', 'shopping/order.json', webhookUrl ? { config: { webhook_url: webhookUrl } } : {}),
    'test.souq.shopping.vendor': [{ version, spec: 'https://souq.test/ucp/vendor', schema: 'https://souq.test/ucp/schemas/vendor.json', extends: ['dev.ucp.shopping.catalog.search', 'dev.ucp.shopping.catalog.lookup'] }],
  };
}

export type Received = { headers: http.IncomingHttpHeaders; body: Buffer; json: Record<string, unknown>; path: string; verified: boolean | null };

export type TestAgent = Awaited<ReturnType<typeof startTestAgent>>;

export async function startTestAgent(opts: {
  /** the profile's capabilities (default: all, with the order webhook when `webhooks` is on) */
  capabilities?: Record<string, unknown>;
  version?: string;
  /** take order webhooks at /webhooks */
  webhooks?: boolean;
  /** answer the webhooks with this status (default 200); a function decides per delivery */
  webhookStatus?: number | ((n: number) => number);
  /** what the profile URL answers instead of the profile */
  profileOverride?: { status?: number; body?: string; delayMs?: number; headers?: Record<string, string> };
} = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = `agent-${randomBytes(4).toString('hex')}`;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'ES256' };
  const received: Received[] = [];
  let profileFetches = 0;
  let businessKeys: Record<string, unknown>[] = [];
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'GET' && req.url === '/.well-known/ucp') {
        profileFetches++;
        const o = opts.profileOverride;
        if (o?.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
        if (o?.status || o?.body !== undefined) {
          res.writeHead(o.status ?? 200, { 'content-type': 'application/json', ...o.headers });
          return res.end(o.body ?? '');
        }
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60', ...o?.headers });
        return res.end(JSON.stringify(profile()));
      }
      if (req.method === 'POST' && req.url === '/webhooks' && opts.webhooks) {
        const entry: Received = { headers: req.headers, body, json: JSON.parse(body.toString('utf8')), path: req.url, verified: null };
        entry.verified = await verifyFromBusiness(req, body).catch(() => false);
        received.push(entry);
        const status = typeof opts.webhookStatus === 'function' ? opts.webhookStatus(received.length) : opts.webhookStatus ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ ucp: { version: UCP_RELEASE } }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profileUrl = `${origin}/.well-known/ucp`;
  const webhookUrl = `${origin}/webhooks`;

  function profile() {
    return {
      ucp: {
        version: opts.version ?? UCP_RELEASE,
        services: { 'dev.ucp.shopping': [{ version: opts.version ?? UCP_RELEASE, spec: `${SPEC}/overview`, transport: 'rest', schema: 'https://ucp.dev/services/shopping/rest.openapi.json' }] },
        capabilities: opts.capabilities ?? allCapabilities(opts.version ?? UCP_RELEASE, opts.webhooks ? webhookUrl : undefined),
        payment_handlers: {},
      },
      signing_keys: [jwk],
    };
  }

  /** The business's webhook, verified as the release's order text says: its profile's signing_keys, the digest, the signature. */
  async function verifyFromBusiness(req: http.IncomingMessage, body: Buffer): Promise<boolean> {
    const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
    if (req.headers['content-digest'] !== digest) return false;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const result = await httpbis.verifyMessage({
      keyLookup: async (p) => {
        const key = businessKeys.find((k) => k.kid === p.keyid);
        if (!key) return null;
        const { createPublicKey } = await import('node:crypto');
        return { id: String(key.kid), algs: ['ecdsa-p256-sha256'], verify: createVerifier(createPublicKey({ key: key as never, format: 'jwk' }), 'ecdsa-p256-sha256') };
      },
      requiredFields: ['@method', '@authority', '@path', 'content-digest', 'content-type', 'ucp-agent'],
    }, { method: req.method!, url: `http://${req.headers.host}${req.url}`, headers });
    return result === true;
  }

  /** RFC 9421 headers for a request this agent sends (signatures.md, REST request signing). */
  async function sign(method: string, url: string, headers: Record<string, string>, body?: Buffer | string, key: KeyObject = privateKey, keyId = kid) {
    const h: Record<string, string> = { ...headers };
    const fields = ['@method', '@authority', '@path'];
    if (new URL(url).search) fields.push('@query');
    if (h['ucp-agent']) fields.push('ucp-agent');
    if (h['idempotency-key']) fields.push('idempotency-key');
    if (body !== undefined && Buffer.byteLength(body) > 0) {
      h['content-digest'] = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
      h['content-type'] ??= 'application/json';
      fields.push('content-digest', 'content-type');
    }
    const signed = await httpbis.signMessage({ key: createSigner(key, 'ecdsa-p256-sha256', keyId), name: 'sig1', fields, params: ['created', 'keyid'] }, { method, url, headers: h });
    return signed.headers as Record<string, string>;
  }

  return {
    origin, profileUrl, webhookUrl, kid, received,
    header: `profile="${profileUrl}"`,
    meta: { 'ucp-agent': { profile: profileUrl } },
    get profileFetches() {
      return profileFetches;
    },
    sign,
    /** Another key (not in the profile): a signature by it is one the business must refuse. */
    strangerKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    /** The business's published keys the webhooks are verified with (from its /.well-known/ucp). */
    trust(keys: Record<string, unknown>[]) {
      businessKeys = keys;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port free on the loopback now: an app whose PUBLIC_URL must be the address it listens on is built for it. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
