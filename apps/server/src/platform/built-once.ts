import type { Query } from 'drizzle-orm';
import type { Db, Tx } from './db.js';

/** What Drizzle's `.prepare(name)` gives on either driver (its text, parameters and result shape are read once). */
type PreparedLike<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): PreparedLike<R> };
/** The parts of a Drizzle prepared query that do not depend on the connection it runs on. */
type Shape = { query: Query; fields: unknown; joins: unknown };

/**
 * A Drizzle query with placeholders, BUILT ONCE and run as a named statement on whichever transaction asks (decision
 * 0196). Drizzle's `.prepare(name)` is bound to the session it was built on, so a query run inside a transaction was
 * built again each time: its SQL text and result mapping from the builder — about a twentieth of Souq's CPU on a paid
 * card purchase's webhook (the held sub-orders' read). Here the first call builds and prepares it as usual and keeps
 * its text, parameters and result shape; later calls hand those to the transaction's own session (`prepareQuery`, the
 * same call `.prepare` ends in), so only the placeholders' values change. On PostgreSQL the name keeps the statement
 * parsed and planned once per pooled connection; PGlite ignores it. `build` must give the same query every time
 * (values only through `sql.placeholder`).
 */
export function builtOnce<R>(name: string, build: (db: Db | Tx) => Preparable<R>) {
  let shape: Shape | null = null;
  return (db: Db | Tx, values: Record<string, unknown>): Promise<R> => {
    if (!shape) {
      // the first run: Drizzle's own prepared query (its internals hold what the session needs to run it again)
      const first = build(db).prepare(name) as PreparedLike<R> & { queryString: string; params: unknown[]; fields?: unknown; joinsNotNullableMap?: unknown };
      shape = { query: { sql: first.queryString, params: first.params }, fields: first.fields, joins: first.joinsNotNullableMap };
      return first.execute(values);
    }
    const again = db._.session.prepareQuery(shape.query, shape.fields as never, name, true) as unknown as PreparedLike<R> & { joinsNotNullableMap?: unknown };
    again.joinsNotNullableMap = shape.joins;
    return again.execute(values);
  };
}
