import { eq, sql } from 'drizzle-orm';
import { agentBlocks, agentCheckouts, agentTraffic, oauthRecords } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';

export type AgentGuard = ReturnType<typeof createAgentGuard>;
export type AgentTrafficRow = { agent: string; name: string | null; requests: number; checkouts: number; orders: number; blocked: boolean; reason: string | null };

/** How long a block decision is cached per instance: a block reaches every agent call within this. */
const BLOCK_CACHE_MS = 2_000;
/** Request counts are written in batches, not one row update per agent call. */
const FLUSH_EVERY_MS = 5_000;

/**
 * The admin's hold on agents (issue 27 item 7): blocks (an agent's key: its OAuth client id when it calls with a
 * linked token, else the UCP profile URL it names) and the traffic per agent behind the admin's Agents view.
 */
export function createAgentGuard(deps: { db: Db; audit: AuditLog }) {
  const { db } = deps;
  let blocked: { at: number; keys: Map<string, string> } | null = null;
  const pending = new Map<string, number>();
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
    if (!pending.size) return;
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const rows = [...pending].map(([agent, requests]) => ({ agent, hour, requests }));
    pending.clear();
    await db.insert(agentTraffic).values(rows).onConflictDoUpdate({ target: [agentTraffic.agent, agentTraffic.hour], set: { requests: sql`${agentTraffic.requests} + excluded.requests` } });
  }

  return {
    /** The reason an agent is blocked, or null; any of its keys blocked blocks it. */
    async blockedReason(keys: string[]): Promise<string | null> {
      const map = await blockedKeys();
      for (const k of keys) if (map.has(k)) return map.get(k)!;
      return null;
    },

    /** Counts one request of the agent (written within FLUSH_EVERY_MS, or at `flush`). */
    count(agent: string) {
      pending.set(agent, (pending.get(agent) ?? 0) + 1);
      timer ??= setTimeout(() => void flush().catch(() => undefined), FLUSH_EVERY_MS).unref();
    },
    flush,

    async block(agent: string, reason: string, actor: Actor) {
      await db.transaction(async (tx) => {
        await tx.insert(agentBlocks).values({ agent, reason, blockedBy: actor.userId }).onConflictDoUpdate({ target: agentBlocks.agent, set: { reason } });
        await deps.audit.record(tx, { actor, action: 'agent.block', target: { type: 'agent', id: agent }, changes: { blocked: { before: false, after: true }, reason: { before: null, after: reason } } });
      });
      blocked = null;
    },

    async unblock(agent: string, actor: Actor) {
      await db.transaction(async (tx) => {
        const gone = await tx.delete(agentBlocks).where(eq(agentBlocks.agent, agent)).returning();
        if (!gone.length) throw notFound('This agent is not blocked');
        await deps.audit.record(tx, { actor, action: 'agent.unblock', target: { type: 'agent', id: agent }, changes: { blocked: { before: true, after: false } } });
      });
      blocked = null;
    },

    /** Every agent seen or blocked: requests served, checkout sessions opened and orders placed, most active first. */
    async overview(): Promise<AgentTrafficRow[]> {
      await flush();
      type Raw = { agent: string; name: string | null; requests: string; checkouts: string; orders: string; reason: string | null };
      const result = (await db.execute(sql`
        with keys as (
          select agent from ${agentTraffic} union select agent from ${agentBlocks}
          union select agent from ${agentCheckouts} union select client_id from ${agentCheckouts} where client_id is not null
        )
        select k.agent,
          (select o.payload->>'client_name' from ${oauthRecords} o where o.model = 'Client' and o.id = k.agent) as name,
          coalesce((select sum(t.requests) from ${agentTraffic} t where t.agent = k.agent), 0) as requests,
          (select count(*) from ${agentCheckouts} c where c.agent = k.agent or c.client_id = k.agent) as checkouts,
          (select count(*) from ${agentCheckouts} c where (c.agent = k.agent or c.client_id = k.agent) and c.status = 'completed') as orders,
          b.reason
        from keys k left join ${agentBlocks} b on b.agent = k.agent
        order by 2 desc, 1 limit 500`)) as unknown as { rows: Raw[] };
      return result.rows.map((r) => ({ agent: r.agent, name: r.name ?? null, requests: Number(r.requests), checkouts: Number(r.checkouts), orders: Number(r.orders), blocked: r.reason !== null, reason: r.reason }));
    },
  };
}
