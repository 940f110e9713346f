import { createHash } from 'node:crypto';
import { conflict } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import type { AgentCheckoutLine } from '../../db/schema/agents.js';
import type { UcpMessage } from '@souq/shared/api/ucp';

type Keyed = { requestHash: string | null };

/**
 * The one create-with-Idempotency-Key rule of agents' carts and checkout sessions: a retry with the same key and the
 * same body answers the row the first call made; the same key with another body is a 409; two calls racing with one
 * key both end on the one row (the unique index on (agent, key) decides, the loser reads the winner's row).
 */
export async function createIdempotently<Row extends Keyed, View, Refusal>(opts: {
  body: object;
  /** the lines the row takes (a cart's, for a checkout made from one) */
  lines: AgentCheckoutLine[];
  /** unknown item ids → the protocol's error answer, nothing created */
  resolve: (lines: AgentCheckoutLine[]) => Promise<{ unknown: UcpMessage[] }>;
  refuse: (unknown: UcpMessage[]) => Refusal;
  view: (row: Row) => Promise<View>;
  /** the row an earlier call made with this agent and key, if any */
  earlier: () => Promise<Row | undefined>;
  insert: (lines: AgentCheckoutLine[], requestHash: string) => Promise<Row>;
  /** the unique index on (agent, idempotency_key) */
  constraint: string;
}): Promise<{ created: boolean; body: View | Refusal }> {
  const { lines } = opts;
  const { unknown } = await opts.resolve(lines);
  if (unknown.length) return { created: false, body: opts.refuse(unknown) };
  const hash = createHash('sha256').update(JSON.stringify(opts.body)).digest('hex');
  for (;;) {
    const found = await opts.earlier();
    if (found) {
      if (found.requestHash !== hash) throw conflict('This Idempotency-Key was already used for a different request');
      return { created: false, body: await opts.view(found) };
    }
    try {
      return { created: true, body: await opts.view(await opts.insert(lines, hash)) };
    } catch (err) {
      // the same key raced in from a retry: go round once more and answer the row the first one made
      if (!isUniqueViolation(err, opts.constraint)) throw err;
    }
  }
}

/** The stored lines of a cart or checkout write: the agent's variant ids and quantities, numbered as the answer shows them. */
export const linesOf = (body: { line_items: { item: { id: string }; quantity: number }[] }): AgentCheckoutLine[] =>
  body.line_items.map((l, i) => ({ id: `line_${i + 1}`, item: l.item.id, quantity: l.quantity }));
