import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { desc, gt, isNull, or } from 'drizzle-orm';
import { createSigner, createVerifier, httpbis, type Algorithm, type VerifyingKey } from 'http-message-signatures';
import { agentSigningKeys } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import type { AgentProfile } from './agents.profiles.js';
import { UcpFailure } from './agents.wire.js';

/**
 * Souq's signatures over HTTP (RFC 9421 with RFC 9530 digests; decision 0131), as the release's message-signature text
 * asks: ES256 keys (P-256, the baseline every verifier supports) published in the profile's `signing_keys`; answers
 * signed over `@status`, `content-digest` and `content-type` with `created` and `keyid`; webhooks over `@method`,
 * `@authority`, `@path`, `content-digest`, `content-type` and `ucp-agent`; agents' requests verified against the keys
 * of the profile they name. Keys live in `agent_signing_keys` (every instance reads the same), one signs at a time
 * (the newest), a rotated one keeps verifying for `GRACE_MS` before it leaves the profile, and a key older than
 * `ROTATE_AFTER_MS` is rotated by the background job.
 */

export const ROTATE_AFTER_MS = 90 * 24 * 3_600_000;
/** The release: keep accepting signatures of a replaced key for at least 7 days. */
export const GRACE_MS = 7 * 24 * 3_600_000;
const RELOAD_MS = 60_000;

/** RFC 9530: `sha-256=:<base64>:` of the bytes as sent. */
export const contentDigest = (body: Buffer | string) => `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;

/** A new P-256 key pair, stored (the private half never leaves the table and this process). */
async function newKeyIn(db: Pick<Db, 'insert'>): Promise<string> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = `souq-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  const priv = privateKey.export({ format: 'jwk' });
  const { d: _d, ...pub } = priv;
  await db.insert(agentSigningKeys).values({ kid, privateJwk: priv as Record<string, unknown>, publicJwk: { ...pub, kid, use: 'sig', alg: 'ES256' } });
  return kid;
}

type Loaded = { at: number; current: { kid: string; key: KeyObject; signer: ReturnType<typeof createSigner> }; published: (JsonWebKey & { kid: string })[] };
export type AgentSigning = ReturnType<typeof createAgentSigning>;

export function createAgentSigning(deps: { db: Db; audit: AuditLog }) {
  const { db } = deps;
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;

  async function load(): Promise<Loaded> {
    const since = new Date(Date.now() - GRACE_MS);
    let rows = await db.select().from(agentSigningKeys).where(or(isNull(agentSigningKeys.retiredAt), gt(agentSigningKeys.retiredAt, since))).orderBy(desc(agentSigningKeys.createdAt));
    if (!rows.some((r) => r.retiredAt === null)) {
      await newKeyIn(db);
      rows = await db.select().from(agentSigningKeys).where(or(isNull(agentSigningKeys.retiredAt), gt(agentSigningKeys.retiredAt, since))).orderBy(desc(agentSigningKeys.createdAt));
    }
    // two instances starting on an empty table may each make one: the newest signs, both are published
    const signing = rows.find((r) => r.retiredAt === null)!;
    loaded = {
      at: Date.now(),
      current: (() => {
        const key = createPrivateKey({ key: signing.privateJwk as never, format: 'jwk' });
        return { kid: signing.kid, key, signer: createSigner(key, 'ecdsa-p256-sha256', signing.kid) };
      })(),
      published: rows.map((r) => r.publicJwk as JsonWebKey & { kid: string }),
    };
    return loaded;
  }

  async function keys(): Promise<Loaded> {
    if (loaded && Date.now() - loaded.at < RELOAD_MS) return loaded;
    loading ??= load().finally(() => {
      loading = null;
    });
    return loaded && !loading ? loaded : loading;
  }

  async function sign(message: { status: number; headers: Record<string, string> } | { method: string; url: string; headers: Record<string, string> }, fields: string[]) {
    const { current } = await keys();
    const signed = await httpbis.signMessage(
      { key: current.signer, name: 'sig1', fields, params: ['created', 'keyid'] },
      message as never,
    );
    const h = (signed as { headers: Record<string, string> }).headers;
    return { 'signature-input': h['Signature-Input'] ?? h['signature-input']!, signature: h['Signature'] ?? h['signature']! };
  }

  return {
    /** The public keys the profile publishes: the signing one and those replaced less than GRACE_MS ago. */
    async published() {
      return (await keys()).published;
    },

    /** Signature headers for an answer with a body (RFC 9421 §2.2.9 `@status`). */
    async signResponse(status: number, contentType: string, digest: string) {
      return sign({ status, headers: { 'content-type': contentType, 'content-digest': digest } }, ['@status', 'content-digest', 'content-type']);
    },

    /** Signature headers for a request Souq sends (order webhooks). */
    async signRequest(method: string, url: string, headers: Record<string, string>) {
      const fields = ['@method', '@authority', '@path', ...(new URL(url).search ? ['@query'] : []), 'content-digest', 'content-type', 'ucp-agent'];
      return sign({ method, url, headers }, fields);
    },

    /** A new signing key; the previous one keeps verifying for GRACE_MS (audited when an admin asks for it). */
    async rotate(actor?: Actor): Promise<string> {
      const previous = (await keys()).current.kid;
      const kid = await db.transaction(async (tx) => {
        await tx.update(agentSigningKeys).set({ retiredAt: new Date() }).where(isNull(agentSigningKeys.retiredAt));
        const made = await newKeyIn(tx);
        if (actor) await deps.audit.record(tx, { actor, action: 'agent.signing_key_rotate', target: { type: 'signing_key', id: made }, changes: { kid: { before: previous, after: made } } });
        return made;
      });
      loaded = null;
      return kid;
    },

    /** Rotates when the signing key is older than ROTATE_AFTER_MS (the background job's step). */
    async maintain(now = new Date()): Promise<boolean> {
      const [newest] = await db.select().from(agentSigningKeys).where(isNull(agentSigningKeys.retiredAt)).orderBy(desc(agentSigningKeys.createdAt)).limit(1);
      if (newest && now.getTime() - newest.createdAt.getTime() < ROTATE_AFTER_MS) return false;
      if (!newest) {
        await keys();
        return false;
      }
      await this.rotate();
      return true;
    },

    /** Forgets the loaded keys (tests that rotate from outside, and an instance told of a rotation). */
    reload() {
      loaded = null;
    },
  };

}

/** The RFC 9421 algorithm a published JWK verifies with (the release: ES256 required, ES384 and Ed25519 optional). */
function algorithmOf(jwk: JsonWebKey): Algorithm | null {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ecdsa-p256-sha256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-384') return 'ecdsa-p384-sha384';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'ed25519';
  return null;
}

export type SignedRequest = { method: string; url: string; headers: Record<string, string>; body: Buffer | null };

/**
 * Verifies an agent's signed request against its profile's keys (signatures.md, REST request verification): the
 * covered components must include the target, the body's digest and type when there is a body, and the UCP-Agent and
 * Idempotency-Key headers when sent; `Content-Digest` must be the body's SHA-256. Refusals in the release's codes:
 * digest_mismatch and algorithm_unsupported (400), key_not_found and signature_invalid (401).
 */
export async function verifyAgentRequest(req: SignedRequest, profile: AgentProfile, refresh: () => Promise<AgentProfile>): Promise<void> {
  const required = ['@method', '@authority', '@path'];
  if (new URL(req.url).search) required.push('@query');
  if (req.body && req.body.length) required.push('content-digest', 'content-type');
  if (req.headers['ucp-agent']) required.push('ucp-agent');
  if (req.headers['idempotency-key']) required.push('idempotency-key');
  if (req.body && req.body.length) {
    if (!req.headers['content-digest']) throw new UcpFailure(401, 'signature_invalid', 'A signed request with a body must carry Content-Digest (RFC 9530)');
    if (!digestMatches(req.headers['content-digest'], req.body)) throw new UcpFailure(400, 'digest_mismatch', 'Content-Digest does not match the body');
  }
  let missing: string | null = null;
  let unsupported = false;
  const lookup = (keys: AgentProfile['signingKeys']) => async (params: { keyid?: string }): Promise<VerifyingKey | null> => {
    const jwk = keys.find((k) => k.kid === params.keyid && k.use !== 'enc');
    if (!jwk) {
      missing = params.keyid ?? '(none)';
      return null;
    }
    const alg = algorithmOf(jwk);
    if (!alg) {
      unsupported = true;
      return null;
    }
    return { id: jwk.kid, algs: [alg], verify: verifierOf(jwk, alg) };
  };
  const attempt = async (keys: AgentProfile['signingKeys']) => {
    missing = null;
    unsupported = false;
    try {
      return await httpbis.verifyMessage({ keyLookup: lookup(keys), requiredFields: required, tolerance: 300 }, { method: req.method, url: req.url, headers: req.headers });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'UnsupportedAlgorithmError' || name === 'UnknownAlgorithmError') throw new UcpFailure(400, 'algorithm_unsupported', 'The signature algorithm is not supported: sign with ES256');
      const why = name === 'UnacceptableSignatureError' ? `it does not cover ${required.join(', ')}` : (err as Error).message;
      throw new UcpFailure(401, 'signature_invalid', `The request signature was not accepted: ${why}`);
    }
  };
  let result = await attempt(profile.signingKeys);
  // a key the cached profile does not have: the agent may have rotated; read its profile again (at most once a minute)
  if (result !== true && missing !== null) result = await attempt((await refresh()).signingKeys);
  if (result === true) return;
  if (unsupported) throw new UcpFailure(400, 'algorithm_unsupported', 'The signing key is of a type Souq does not verify: use ES256');
  if (missing !== null) throw new UcpFailure(401, 'key_not_found', `No key ${missing} in the agent profile's signing_keys`);
  throw new UcpFailure(401, 'signature_invalid', 'The request signature does not verify');
}

// an agent's key is turned into a verifier once, not on every request (bounded: keys come from fetched profiles)
const verifiers = new Map<string, ReturnType<typeof createVerifier>>();
function verifierOf(jwk: JsonWebKey & { kid: string }, alg: Algorithm) {
  const id = `${jwk.kid}|${jwk.kty}|${jwk.crv}|${jwk.x}|${jwk.y}`;
  let v = verifiers.get(id);
  if (!v) {
    if (verifiers.size > 5_000) verifiers.clear();
    v = createVerifier(createPublicKey({ key: jwk as never, format: 'jwk' }), alg);
    verifiers.set(id, v);
  }
  return v;
}

function digestMatches(header: string, body: Buffer): boolean {
  const m = /sha-256=:([A-Za-z0-9+/=]+):/.exec(header);
  return Boolean(m && m[1] === createHash('sha256').update(body).digest('base64'));
}
