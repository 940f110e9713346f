import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { agentIdempotency } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { UcpFailure } from './agents.wire.js';

/** The release asks for at least 24 hours; 48 is its recommendation. */
export const IDEMPOTENCY_KEEP_MS = 48 * 3_600_000;

export type Replay = { status: number; body: unknown };
export type AgentIdempotency = ReturnType<typeof createAgentIdempotency>;

/**
 * Idempotency-Key as the release's message-signature text defines it (decision 0130), for every write of an agent
 * (REST POST/PUT, MCP tools with `meta.idempotency-key`): the first request with a key claims it with the SHA-256 of
 * its operation and raw body; a duplicate with the same payload gets the first answer again without running anything,
 * one with another payload is refused with 409 (MCP -32000), one arriving while the first is still being answered too.
 * Keys are per agent identity. An answer Souq failed to produce (5xx) releases the key, so a retry can run.
 */
export function createAgentIdempotency(deps: { db: Db }) {
  const { db } = deps;
  const hashOf = (operation: string, body: Buffer | string) => createHash('sha256').update(operation).update('\n').update(body).digest('hex');

  return {
    hashOf,

    /** Claims the key, or answers the stored replay; throws the 409 for a reused key with another payload. */
    async claim(agent: string, key: string, hash: string): Promise<Replay | null> {
      try {
        await db.insert(agentIdempotency).values({ agent, key, requestHash: hash });
        return null;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const [row] = await db.select().from(agentIdempotency).where(and(eq(agentIdempotency.agent, agent), eq(agentIdempotency.key, key)));
      if (!row) return this.claim(agent, key, hash);
      if (row.requestHash !== hash) throw new UcpFailure(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different request; use a new key for a changed request');
      if (row.status === null) throw new UcpFailure(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being answered; retry shortly');
      return { status: row.status, body: row.response };
    },

    /** Keeps the answer for replays (a 5xx releases the key instead). */
    async settle(agent: string, key: string, status: number, body: unknown) {
      if (status >= 500) {
        await db.delete(agentIdempotency).where(and(eq(agentIdempotency.agent, agent), eq(agentIdempotency.key, key), isNull(agentIdempotency.status)));
        return;
      }
      await db.update(agentIdempotency).set({ status, response: body as never }).where(and(eq(agentIdempotency.agent, agent), eq(agentIdempotency.key, key)));
    },

    /** Forgets keys older than IDEMPOTENCY_KEEP_MS (the background job's step). */
    async sweep(now = new Date()): Promise<number> {
      const gone = await db.delete(agentIdempotency).where(lt(agentIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS))).returning({ key: agentIdempotency.key });
      return gone.length;
    },
  };
}
