import { AGENT_SCOPES } from '@souq/shared/api/agent-linking';
import { UCP_VERSION, type UcpErrorResponse } from '@souq/shared/api/ucp';
import type { AgentGrant } from './agents.linking.js';

/** The protocol's error answer (types/error_response.json) for refusals of identity and access. */
export const ucpError = (code: string, content: string): UcpErrorResponse => ({
  ucp: { version: UCP_VERSION, status: 'error' },
  messages: [{ type: 'error', code, content, severity: 'unrecoverable' }],
});

/** Orders are read only with a linked token holding the order:read scope (REST and MCP ask the same). */
export function orderAccess(grant: AgentGrant | null): { status: 401 | 403; body: UcpErrorResponse } | null {
  if (!grant) return { status: 401, body: ucpError('identity_required', 'Reading orders needs the shopper to link their Souq account (OAuth, see /.well-known/oauth-protected-resource)') };
  if (!grant.scopes.has(AGENT_SCOPES.ordersRead)) return { status: 403, body: ucpError('insufficient_scope', `Reading orders needs the scope ${AGENT_SCOPES.ordersRead}`) };
  return null;
}

/** Placing an order with a linked token needs the checkout:complete scope (a token without it must not buy). */
export function placeAccess(grant: AgentGrant | null): UcpErrorResponse | null {
  return grant && !grant.scopes.has(AGENT_SCOPES.ordersPlace) ? ucpError('insufficient_scope', `Placing orders needs the scope ${AGENT_SCOPES.ordersPlace}`) : null;
}
