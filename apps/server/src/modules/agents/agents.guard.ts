import { eq, sql } from 'drizzle-orm';
import { agentBlocks, agentCheckouts, agentIdentities, agentTraffic, oauthRecords } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { containsPattern } from '../../platform/like.js';

export type AgentGuard = ReturnType<typeof createAgentGuard>;
export type AgentTrafficRow = {
  agent: string; name: string | null; profile_url: string | null; signed: boolean; requests: number; checkouts: number; orders: number;
  last_seen: string | null; blocked: boolean; reason: string | null;
};

/** An admin's entry → the identity it blocks: a URL stands for its origin (never a path or query of it). */
export function identityOf(input: string): string {
  if (/^https?:\/\//i.test(input)) {
    try {
      return new URL(input).origin;
    } catch {
      return input;
    }
  }
  return input;
}

/** How long a block decision is cached per instance: a block reaches every agent call within this. */
const BLOCK_CACHE_MS = 2_000;
/** Request counts are written in batches, not one row update per agent call. */
const FLUSH_EVERY_MS = 5_000;

/**
 * The admin's hold on agents (issue 27 item 7; decision 0130): blocks and the traffic behind the admin's Agents view,
 * both by an agent's identity — its profile's origin ("https://agent.example"), or its OAuth client ("client:…")
 * when it calls with a linked token — never by the profile URL string it names.
 */
export function createAgentGuard(deps: { db: Db; audit: AuditLog }) {
  const { db } = deps;
  let blocked: { at: number; keys: Map<string, string> } | null = null;
  const pending = new Map<string, number>();
  const seen = new Map<string, { profileUrl: string | null; signed: boolean; at: Date }>();
  let timer: NodeJS.Timeout | null = null;

  async function blockedKeys() {
    if (!blocked || Date.now() - blocked.at > BLOCK_CACHE_MS) {
      const rows = await db.select({ agent: agentBlocks.agent, reason: agentBlocks.reason }).from(agentBlocks);
      blocked = { at: Date.now(), keys: new Map(rows.map((r) => [r.agent, r.reason])) };
    }
    return blocked.keys;
  }

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending.size && !seen.size) return;
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const rows = [...pending].map(([agent, requests]) => ({ agent, hour, requests }));
    const identities = [...seen].map(([agent, s]) => ({ agent, profileUrl: s.profileUrl, signed: s.signed, firstSeen: s.at, lastSeen: s.at }));
    pending.clear();
    seen.clear();
    if (rows.length) await db.insert(agentTraffic).values(rows).onConflictDoUpdate({ target: [agentTraffic.agent, agentTraffic.hour], set: { requests: sql`${agentTraffic.requests} + excluded.requests` } });
    if (identities.length) {
      await db.insert(agentIdentities).values(identities).onConflictDoUpdate({
        target: agentIdentities.agent,
        set: { profileUrl: sql`coalesce(excluded.profile_url, ${agentIdentities.profileUrl})`, signed: sql`excluded.signed`, lastSeen: sql`greatest(${agentIdentities.lastSeen}, excluded.last_seen)` },
      });
    }
  }

  return {
    /** The reason an agent is blocked, or null; any of its keys blocked blocks it. */
    async blockedReason(keys: string[]): Promise<string | null> {
      const map = await blockedKeys();
      for (const k of keys) if (map.has(k)) return map.get(k)!;
      return null;
    },

    /** Counts one request of the agent and when it was last seen (written within FLUSH_EVERY_MS, or at `flush`). */
    count(agent: string, info: { profileUrl: string | null; signed: boolean } = { profileUrl: null, signed: false }) {
      pending.set(agent, (pending.get(agent) ?? 0) + 1);
      seen.set(agent, { ...info, at: new Date() });
      timer ??= setTimeout(() => void flush().catch(() => undefined), FLUSH_EVERY_MS).unref();
    },
    flush,

    async block(input: string, reason: string, actor: Actor) {
      const agent = identityOf(input);
      await db.transaction(async (tx) => {
        await tx.insert(agentBlocks).values({ agent, reason, blockedBy: actor.userId }).onConflictDoUpdate({ target: agentBlocks.agent, set: { reason } });
        await deps.audit.record(tx, { actor, action: 'agent.block', target: { type: 'agent', id: agent }, changes: { blocked: { before: false, after: true }, reason: { before: null, after: reason } } });
      });
      blocked = null;
    },

    async unblock(input: string, actor: Actor) {
      const agent = identityOf(input);
      await db.transaction(async (tx) => {
        const gone = await tx.delete(agentBlocks).where(eq(agentBlocks.agent, agent)).returning();
        if (!gone.length) throw notFound('This agent is not blocked');
        await deps.audit.record(tx, { actor, action: 'agent.unblock', target: { type: 'agent', id: agent }, changes: { blocked: { before: true, after: false } } });
      });
      blocked = null;
    },

    /**
     * The agents seen or blocked, a page at a time, most recently seen first: requests served, checkout sessions opened
     * and orders placed, last seen; `q` finds an agent by its origin, client id, profile or registered name.
     */
    async overview(opts: { q?: string; limit: number; offset: number }): Promise<{ agents: AgentTrafficRow[]; total: number }> {
      await flush();
      type Raw = { agent: string; name: string | null; profile_url: string | null; signed: boolean | null; requests: string; checkouts: string; orders: string; last_seen: Date | string | null; reason: string | null; total: string };
      const like = opts.q ? containsPattern(opts.q) : null;
      const result = (await db.execute(sql`
        with keys as (
          select agent from ${agentIdentities} union select agent from ${agentTraffic} union select agent from ${agentBlocks}
          union select agent from ${agentCheckouts} union select 'client:' || client_id from ${agentCheckouts} where client_id is not null
        ), rows as (
          select k.agent,
            (select o.payload->>'client_name' from ${oauthRecords} o where o.model = 'Client' and 'client:' || o.id = k.agent) as name,
            i.profile_url, i.signed, i.last_seen,
            coalesce((select sum(t.requests) from ${agentTraffic} t where t.agent = k.agent), 0) as requests,
            (select count(*) from ${agentCheckouts} c where c.agent = k.agent or 'client:' || c.client_id = k.agent) as checkouts,
            (select count(*) from ${agentCheckouts} c where (c.agent = k.agent or 'client:' || c.client_id = k.agent) and c.status = 'completed') as orders,
            b.reason
          from keys k left join ${agentBlocks} b on b.agent = k.agent left join ${agentIdentities} i on i.agent = k.agent
        )
        select *, count(*) over () as total from rows
        where ${like === null ? sql`true` : sql`(lower(agent) like ${like} or lower(coalesce(name, '')) like ${like} or lower(coalesce(profile_url, '')) like ${like})`}
        order by last_seen desc nulls last, requests desc, agent
        limit ${opts.limit} offset ${opts.offset}`)) as unknown as { rows: Raw[] };
      const agents = result.rows.map((r) => ({
        agent: r.agent, name: r.name ?? null, profile_url: r.profile_url ?? null, signed: r.signed ?? false,
        requests: Number(r.requests), checkouts: Number(r.checkouts), orders: Number(r.orders),
        last_seen: r.last_seen === null ? null : new Date(r.last_seen).toISOString(), blocked: r.reason !== null, reason: r.reason,
      }));
      return { agents, total: result.rows[0] ? Number(result.rows[0].total) : 0 };
    },
  };
}
