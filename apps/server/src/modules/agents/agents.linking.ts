import { and, eq, or } from 'drizzle-orm';
import { AGENT_SCOPE_LIST, type ConnectDetails, type ConnectedAssistant } from '@souq/shared/api/agent-linking';
import { oauthRecords } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { AgentOauth } from './agents.oauth.js';

/** A linked agent's call: the shopper it acts for, the OAuth client (the agent) and what the shopper allowed. */
export type AgentGrant = { userId: number; clientId: string; clientName: string; grantId: string; scopes: Set<string> };
export type AgentLinking = ReturnType<typeof createAgentLinking>;

/** Only the scopes Souq defines; anything else an agent asks for is never granted. */
const requested = (scope: unknown) => String(scope ?? '').split(' ').filter((s) => (AGENT_SCOPE_LIST as string[]).includes(s));

/**
 * Identity linking around the authorization server (decision 0097): what the consent page shows, the shopper's
 * Allow/Deny as the interaction's result, the shopper's list of linked agents and their revocation, and the check
 * of an agent's bearer token on every UCP call (live token, this resource, grant not revoked).
 */
export function createAgentLinking(deps: { db: Db; oauth: AgentOauth; audit: AuditLog }) {
  const { provider, resource } = deps.oauth;

  async function interaction(uid: string) {
    const found = await provider.Interaction.find(uid);
    if (!found) throw notFound('This link request has expired; ask the assistant to start again');
    const client = await provider.Client.find(String(found.params.client_id ?? ''));
    if (!client) throw notFound('Unknown assistant');
    return { found, client };
  }

  const clientName = (c: { clientName?: string; clientId: string }) => c.clientName?.trim() || c.clientId;

  return {
    async details(uid: string): Promise<ConnectDetails> {
      const { found, client } = await interaction(uid);
      return { uid, client: { id: client.clientId, name: clientName(client), uri: client.clientUri ?? null }, scopes: requested(found.params.scope) };
    },

    /**
     * The shopper's answer. Allow: the signed-in shopper is the account, a grant holds the requested Souq scopes on
     * the UCP resource, and the linking is audited; Deny: the agent gets access_denied. Either way the browser goes
     * back to the authorization server (`redirect_to`), which sends it on to the agent.
     */
    async decide(uid: string, allow: boolean, actor: Actor): Promise<{ redirect_to: string }> {
      const { found, client } = await interaction(uid);
      if (!allow) {
        found.result = { error: 'access_denied', error_description: 'The shopper declined the link' };
        await found.save(Math.max(found.exp - Math.floor(Date.now() / 1000), 1));
        return { redirect_to: found.returnTo };
      }
      const accountId = String(actor.userId);
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      const scopes = requested(found.params.scope);
      for (const s of String(found.params.scope ?? '').split(' ')) if (s === 'openid' || s === 'offline_access') grant.addOIDCScope(s);
      if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      found.result = { login: { accountId }, consent: { grantId } };
      await found.save(Math.max(found.exp - Math.floor(Date.now() / 1000), 1));
      await deps.audit.record(deps.db, {
        actor, action: 'agent.link', target: { type: 'agent', id: client.clientId },
        changes: { agent: { before: null, after: clientName(client) }, scopes: { before: null, after: scopes.join(' ') } },
      });
      return { redirect_to: found.returnTo };
    },

    /** The shopper's linked agents ('Connected assistants'), newest first. */
    async assistants(userId: number): Promise<ConnectedAssistant[]> {
      const rows = await deps.db.select().from(oauthRecords).where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.accountId, String(userId))));
      const out: ConnectedAssistant[] = [];
      for (const row of rows) {
        const p = row.payload as { clientId: string; iat?: number; resources?: Record<string, string> };
        const client = await provider.Client.find(p.clientId);
        out.push({
          grant_id: row.id,
          client_id: p.clientId,
          name: client ? clientName(client) : p.clientId,
          scopes: (p.resources?.[resource] ?? '').split(' ').filter(Boolean),
          linked_at: new Date((p.iat ?? 0) * 1000).toISOString(),
        });
      }
      return out.sort((a, b) => b.linked_at.localeCompare(a.linked_at));
    },

    /** Ends one of the shopper's links: the grant and every token issued under it, with its audit entry, together. */
    async revoke(userId: number, grantId: string, actor: Actor) {
      await deps.db.transaction(async (tx) => {
        const [grant] = await tx.select().from(oauthRecords).where(and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.id, grantId), eq(oauthRecords.accountId, String(userId))));
        if (!grant) throw notFound('Connected assistant not found');
        await tx.delete(oauthRecords).where(or(eq(oauthRecords.grantId, grantId), and(eq(oauthRecords.model, 'Grant'), eq(oauthRecords.id, grantId))));
        const clientId = (grant.payload as { clientId: string }).clientId;
        await deps.audit.record(tx, { actor, action: 'agent.unlink', target: { type: 'agent', id: clientId }, changes: { grant: { before: grantId, after: null } } });
      });
    },

    /** An agent's bearer token → its grant, or null (unknown, expired, another resource, grant revoked). */
    async authenticate(token: string): Promise<AgentGrant | null> {
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
      const at = await provider.AccessToken.find(token);
      if (!at || at.isExpired) return null;
      const aud = [at.aud ?? []].flat();
      if (!aud.includes(resource)) return null;
      const grant = await provider.Grant.find(at.grantId);
      if (!grant || grant.accountId !== at.accountId) return null;
      const userId = Number(at.accountId);
      if (!Number.isSafeInteger(userId)) return null;
      const client = await provider.Client.find(at.clientId);
      return { userId, clientId: at.clientId, clientName: client ? clientName(client) : at.clientId, grantId: at.grantId, scopes: new Set((at.scope ?? '').split(' ').filter(Boolean)) };
    },
  };
}
