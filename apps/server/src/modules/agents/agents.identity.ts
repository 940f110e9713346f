import type { FastifyRequest } from 'fastify';
import { UCP_ORDER } from '@souq/shared/api/ucp';
import type { AgentGrant } from './agents.linking.js';
import { type AgentProfile, type AgentProfiles, profileFromHeader } from './agents.profiles.js';
import { type Active, type Capability, checkVersion, intersect } from './agents.negotiate.js';
import { verifyAgentRequest } from './agents.signing.js';
import { UcpFailure } from './agents.wire.js';

/**
 * Who is calling (decision 0130). An agent is known by its profile's origin, and by its OAuth client when it calls
 * with a linked token — never by the URL string it names (a query, a second path or a new URL on the same host are the
 * same agent). It is *identified* when its request carries an RFC 9421 signature that verifies against that profile's
 * keys, or a linked token; an unsigned request only claims its origin: it is served, counted and blocked under it,
 * and it also spends the budget of its network address (so rotating claimed profiles from one address meets a limit).
 */
export type AgentContext = {
  /** the identity limits, blocks and the admin's Agents list use: an origin, or `client:<id>` with a linked token */
  key: string;
  /** the profile's origin: the owner of the agent's carts and checkout sessions */
  origin: string | null;
  profile: AgentProfile | null;
  /** a signature verified against the profile's keys, or a linked token */
  identified: boolean;
  signed: boolean;
  /** the negotiated capabilities (business ∩ agent) */
  active: Active;
  /** the agent's order webhook (its profile's order capability config), when order is negotiated */
  webhookUrl: string | null;
};

export const clientKey = (clientId: string) => `client:${clientId}`;

/** The MCP request's profile: the UCP-Agent header when sent, else `meta.ucp-agent.profile` of a tools/call. */
export function mcpProfileOf(req: FastifyRequest): string | null {
  if (req.headers['ucp-agent']) return profileFromHeader(req.headers['ucp-agent']);
  const body = req.body as { method?: unknown; params?: { arguments?: { meta?: { 'ucp-agent'?: { profile?: unknown } } } } } | undefined;
  if (body?.method !== 'tools/call') return null;
  const profile = body.params?.arguments?.meta?.['ucp-agent']?.profile;
  if (typeof profile !== 'string') throw new UcpFailure(400, 'invalid_profile_url', 'tools/call needs meta["ucp-agent"].profile: the URL of the agent profile');
  return profile;
}

export function createAgentIdentity(deps: {
  profiles: AgentProfiles;
  /** Souq's capabilities as its profile declares them */
  business: Map<string, Capability[]>;
}) {
  const { profiles } = deps;
  // a fetched profile is immutable until it is fetched again: its negotiation is worked out once
  const negotiated = new WeakMap<AgentProfile, { active: Active; webhookUrl: string | null }>();
  const negotiate = (profile: AgentProfile) => {
    let out = negotiated.get(profile);
    if (!out) {
      const active = intersect(deps.business, profile.capabilities);
      const orderConfig = active.has(UCP_ORDER) ? profile.capabilities.get(UCP_ORDER)?.find((c) => typeof c.config.webhook_url === 'string')?.config : undefined;
      out = { active, webhookUrl: typeof orderConfig?.webhook_url === 'string' ? orderConfig.webhook_url : null };
      negotiated.set(profile, out);
    }
    return out;
  };

  return {
    /**
     * The calling agent, from the profile URL the request names (null: a request naming none, an MCP handshake):
     * its profile fetched and its version checked, its signature verified when it sent one, its capabilities
     * intersected with Souq's. Refusals are the release's discovery, version and signature errors.
     */
    async resolve(
      req: FastifyRequest & { rawBody?: Buffer }, profileUrl: string | null, grant: AgentGrant | null,
      /** called before a profile that is not cached is fetched: the address pays for the discovery */
      beforeFetch: () => Promise<void>,
    ): Promise<AgentContext> {
      if (profileUrl === null) {
        return { key: grant ? clientKey(grant.clientId) : `ip:${req.ip}`, origin: null, profile: null, identified: Boolean(grant), signed: false, active: new Map(), webhookUrl: null };
      }
      const url = profiles.check(profileUrl);
      if (!profiles.isCached(url.href)) await beforeFetch();
      let profile = await profiles.get(url.href);
      checkVersion(profile);
      const signed = Boolean(req.headers['signature-input'] || req.headers['signature']);
      if (signed) {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        await verifyAgentRequest(
          { method: req.method, url: `${req.protocol}://${req.host}${req.url}`, headers, body: req.rawBody ?? null },
          profile,
          async () => (profile = await profiles.get(url.href, { refresh: true })),
        );
      }
      const { active, webhookUrl } = negotiate(profile);
      return {
        key: grant ? clientKey(grant.clientId) : profile.origin,
        origin: profile.origin,
        profile,
        identified: signed || Boolean(grant),
        signed,
        active,
        webhookUrl,
      };
    },
  };
}
