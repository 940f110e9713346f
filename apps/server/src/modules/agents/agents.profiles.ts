import type { JsonWebKey } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseDictionary } from 'structured-headers';
import { isPrivateAddress } from '../../platform/private-address.js';
import { UcpFailure } from './agents.wire.js';

/**
 * Agents' profiles (the platform profile a UCP-Agent header or an MCP `meta` names), fetched and kept as the release's
 * overview asks of a business (decision 0130): the URL is the agent's `/.well-known/ucp` (the REST binding), https in
 * production, never a redirect, never an address of this machine or its network (only loopback, and only where
 * UCP_ALLOW_LOOPBACK_AGENTS says so — the tests' and benches' local agents); a bounded time and size; validated against
 * the platform profile's required fields; cached at least 60 s (longer when its Cache-Control says so, at most an
 * hour), failures for 30 s, in a bounded map.
 */

export const PROFILE_PATH = '/.well-known/ucp';
const MAX_BYTES = 128 * 1024;
const TTL_FLOOR_MS = 60_000;
const TTL_DEFAULT_MS = 5 * 60_000;
const TTL_CEILING_MS = 60 * 60_000;
const FAILURE_TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

const version = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const capabilityEntry = z.object({ version, extends: z.union([z.string(), z.array(z.string()).min(1)]).optional(), config: z.record(z.string(), z.unknown()).optional() }).loose();
const signingKey = z.object({ kid: z.string().min(1).max(200), kty: z.string().min(1).max(20) }).loose();

/** The fields of discovery/profile_schema.json#/$defs/platform_profile Souq reads, with their rules. */
const platformProfileSchema = z.object({
  ucp: z.object({
    version,
    services: z.record(z.string(), z.array(z.object({ version, transport: z.string() }).loose())),
    capabilities: z.record(z.string(), z.array(capabilityEntry).max(20)).optional(),
    payment_handlers: z.record(z.string(), z.array(z.unknown())),
  }).loose(),
  signing_keys: z.array(signingKey).max(50).optional(),
}).loose();

export type AgentCapability = { version: string; extends: string[]; config: Record<string, unknown> };
export type AgentProfile = {
  url: string;
  /** The agent's identity (decision 0130): scheme, host and port of its profile. */
  origin: string;
  version: string;
  capabilities: Map<string, AgentCapability[]>;
  signingKeys: (JsonWebKey & { kid: string })[];
};

type Entry = { at: number; until: number; value: AgentProfile | UcpFailure };

/** The UCP-Agent header (RFC 8941 Dictionary) → the profile URL it names, or an `invalid_profile_url` refusal. */
export function profileFromHeader(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (!value) throw new UcpFailure(400, 'invalid_profile_url', 'The UCP-Agent header is required: profile="https://…/.well-known/ucp"');
  let profile: unknown;
  try {
    // a member is an Item [value, params] or an Inner List [items, params]: the profile is an Item of a String
    profile = parseDictionary(value).get('profile')?.[0];
  } catch {
    throw new UcpFailure(400, 'invalid_profile_url', 'UCP-Agent is not an RFC 8941 dictionary: profile="https://…/.well-known/ucp"');
  }
  if (typeof profile !== 'string') throw new UcpFailure(400, 'invalid_profile_url', 'UCP-Agent must name the agent profile as a string: profile="https://…"');
  return profile;
}

export type AgentProfiles = ReturnType<typeof createAgentProfiles>;

export function createAgentProfiles(opts: {
  /** production: profiles only over https */
  requireHttps: boolean;
  /** tests and benches: profiles on this machine's loopback are allowed (and over http) */
  allowLoopback: boolean;
  timeoutMs?: number;
}) {
  const timeoutMs = opts.timeoutMs ?? 3_000;
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<AgentProfile>>();

  const isLoopback = (address: string) => net.isIP(address) !== 0 && ipaddr.process(address).range() === 'loopback';
  const allowed = (address: string) => !isPrivateAddress(address) || (opts.allowLoopback && isLoopback(address));

  /** A profile URL as the release allows it, normalised; refusals are `invalid_profile_url`. */
  function check(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new UcpFailure(400, 'invalid_profile_url', 'The agent profile is not a URL');
    }
    const loopbackHttp = opts.allowLoopback && url.protocol === 'http:' && (url.hostname === 'localhost' || (net.isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 && isLoopback(url.hostname.replace(/^\[|\]$/g, ''))));
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (!opts.requireHttps || loopbackHttp))) {
      throw new UcpFailure(400, 'invalid_profile_url', 'The agent profile must be an https URL');
    }
    if (url.username || url.password || url.search || url.hash) throw new UcpFailure(400, 'invalid_profile_url', 'The agent profile URL carries no credentials, query or fragment');
    if (url.pathname !== PROFILE_PATH) throw new UcpFailure(400, 'invalid_profile_url', `The agent profile must be the agent's ${PROFILE_PATH}`);
    return url;
  }

  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const usable = addresses.filter((a) => allowed(a.address));
      if (usable.length === 0) return callback(Object.assign(new Error('the profile resolves to an address Souq does not call'), { code: 'EREFUSED' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };

  /** GET the profile: no redirects, bounded time and size; answers the text and its cache lifetime. */
  function download(url: URL): Promise<{ text: string; ttlMs: number }> {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !allowed(literal)) return Promise.reject(new UcpFailure(424, 'profile_unreachable', 'The agent profile is on an address Souq does not call'));
    if (literal === 'localhost' && !opts.allowLoopback) return Promise.reject(new UcpFailure(424, 'profile_unreachable', 'The agent profile is on an address Souq does not call'));
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.get(url, { lookup, headers: { accept: 'application/json' }, timeout: timeoutMs }, (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new UcpFailure(424, 'profile_unreachable', `The agent profile answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            req.destroy();
            reject(new UcpFailure(422, 'profile_malformed', `The agent profile is larger than ${MAX_BYTES / 1024} KiB`));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), ttlMs: ttlOf(res.headers['cache-control']) }));
        res.on('error', (e) => reject(new UcpFailure(424, 'profile_unreachable', `The agent profile could not be read: ${e.message}`)));
      });
      // one deadline for connecting and answering
      const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (e) => reject(e instanceof UcpFailure ? e : new UcpFailure(424, 'profile_unreachable', `The agent profile could not be fetched: ${e.message}`)));
    });
  }

  function parse(url: URL, text: string): AgentProfile {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UcpFailure(422, 'profile_malformed', 'The agent profile is not JSON');
    }
    const parsed = platformProfileSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      throw new UcpFailure(422, 'profile_malformed', `The agent profile is not a UCP platform profile (${first.path.join('.') || '(root)'}: ${first.message})`);
    }
    const capabilities = new Map<string, AgentCapability[]>();
    for (const [name, entries] of Object.entries(parsed.data.ucp.capabilities ?? {})) {
      capabilities.set(name, entries.map((e) => ({ version: e.version, extends: e.extends === undefined ? [] : [e.extends].flat(), config: e.config ?? {} })));
    }
    return {
      url: url.href, origin: url.origin, version: parsed.data.ucp.version, capabilities,
      signingKeys: (parsed.data.signing_keys ?? []) as AgentProfile['signingKeys'],
    };
  }

  async function fetchProfile(url: URL): Promise<AgentProfile> {
    const now = Date.now();
    try {
      const { text, ttlMs } = await download(url);
      const profile = parse(url, text);
      remember(url.href, { at: now, until: now + ttlMs, value: profile });
      return profile;
    } catch (err) {
      const failure = err instanceof UcpFailure ? err : new UcpFailure(424, 'profile_unreachable', 'The agent profile could not be fetched');
      remember(url.href, { at: now, until: now + FAILURE_TTL_MS, value: failure });
      throw failure;
    }
  }

  function remember(key: string, entry: Entry) {
    cache.delete(key);
    cache.set(key, entry);
    // the oldest entries go first: memory stays bounded however many profiles agents name
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }

  return {
    check,
    /** Whether the profile is known now (a request naming it costs no fetch). */
    isCached(raw: string): boolean {
      const hit = cache.get(raw);
      return Boolean(hit && hit.until > Date.now());
    },
    /** The agent's profile: from the cache, else fetched once however many requests ask at the same time. */
    async get(raw: string, opts: { refresh?: boolean } = {}): Promise<AgentProfile> {
      const url = check(raw);
      const hit = cache.get(url.href);
      // a forced refresh (a signature naming a key the cached profile lacks) at most once per TTL floor
      const fresh = hit && hit.until > Date.now() && !(opts.refresh && Date.now() - hit.at >= TTL_FLOOR_MS);
      if (hit && fresh) {
        if (hit.value instanceof UcpFailure) throw hit.value;
        return hit.value;
      }
      let pending = inFlight.get(url.href);
      if (!pending) {
        pending = fetchProfile(url).finally(() => inFlight.delete(url.href));
        inFlight.set(url.href, pending);
      }
      return pending;
    },
  };
}

/** Cache-Control max-age within [60 s, 1 h]; 5 minutes when the profile gives none. */
function ttlOf(cacheControl: string | undefined): number {
  const m = /max-age=(\d+)/i.exec(cacheControl ?? '');
  if (!m) return TTL_DEFAULT_MS;
  return Math.min(TTL_CEILING_MS, Math.max(TTL_FLOOR_MS, Number(m[1]) * 1000));
}
