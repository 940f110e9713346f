import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import { AGENT_SCOPE_LIST, CONNECT_PATH, OAUTH_PATH, OAUTH_TTL } from '@souq/shared/api/agent-linking';
import { UCP_REST_BASE } from '@souq/shared/api/ucp';
import type { Db } from '../../platform/db.js';
import { oauthAdapter } from './agents.oauth-adapter.js';

export type AgentOauth = ReturnType<typeof createAgentOauth>;

/** The protected resource: the UCP REST base (the MCP endpoint lives under it), on the public origin. */
export const resourceOf = (publicUrl: string) => new URL(UCP_REST_BASE, publicUrl).href;

/**
 * The authorization server agents link shoppers' accounts through (decision 0097): panva's oidc-provider, the
 * standards-tested implementation the issue asks for, with every record in PostgreSQL (oauth_records). Public
 * clients only (no secrets in agents), PKCE S256 on every authorization, opaque access tokens of 10 minutes for the
 * UCP resource, refresh tokens rotated on every use, revocation (RFC 7009) and dynamic registration (RFC 7591).
 * The consent is Souq's own page (/connect/{uid}) behind the normal sign-in.
 */
export function createAgentOauth(deps: { db: Db; publicUrl: string; cookieKeys?: string[] }) {
  const resource = resourceOf(deps.publicUrl);
  // ID tokens are never asked for by the UCP flow; a key per process signs the few an OIDC client might request
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'ES256', kid: randomBytes(8).toString('hex') };
  const configuration: Configuration = {
    adapter: oauthAdapter(deps.db) as never,
    clients: [],
    jwks: { keys: [jwk as never] },
    // several instances must share these (OAUTH_COOKIE_KEYS); one process alone may make its own
    cookies: { keys: deps.cookieKeys?.length ? deps.cookieKeys : [randomBytes(32).toString('hex')], long: { signed: true, sameSite: 'lax' }, short: { signed: true, sameSite: 'lax' } },
    // the agent scopes belong to the UCP resource (getResourceServerInfo), not to the OpenID provider
    scopes: ['openid', 'offline_access'],
    // the authorization code flow only (with PKCE): no implicit grant, no id_token response types are advertised
    responseTypes: ['code'],
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', id_token_signed_response_alg: 'ES256' },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== resource) throw new Error('unknown resource');
          return { scope: AGENT_SCOPE_LIST.join(' '), audience: resource, accessTokenTTL: OAUTH_TTL.accessToken, accessTokenFormat: 'opaque' };
        },
      },
    },
    // a refresh token for every linked agent (no offline_access dance), rotated on each use, not tied to the
    // browser session the consent happened in
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: OAUTH_TTL.accessToken,
      AuthorizationCode: OAUTH_TTL.authorizationCode,
      RefreshToken: OAUTH_TTL.refreshToken,
      Interaction: OAUTH_TTL.interaction,
      Grant: OAUTH_TTL.grant,
      Session: OAUTH_TTL.grant,
    },
    interactions: { url: (_ctx, interaction) => `${CONNECT_PATH}/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    // errors rendered to a browser as plain text: the provider's HTML page would carry inline styles
    renderError: async (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };
  const provider = new Provider(new URL(OAUTH_PATH, deps.publicUrl).href, configuration);
  provider.proxy = true;
  return { provider, resource, handler: provider.callback(), publicUrl: new URL(deps.publicUrl) };
}
