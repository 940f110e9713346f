import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { Db, Tx } from './db.js';

/** Raw rows of a hand-written query on either driver (both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Each text's statement name, made once; past the limit, a new text runs unnamed (nothing kept per connection). */
const names = new Map<string, string>();
const MAX_NAMED_TEXTS = 64;

/**
 * `rowsOf` sent as a NAMED statement (decision 0200): PostgreSQL parses, analyses and plans it once per pooled
 * connection — after its first runs, with a generic plan — instead of at every call. For a hand-written statement whose
 * text is the same at every call of one kind and whose values are all parameters, but which is built from parts (a
 * few shapes: with or without some of its CTEs). The name is `prefix` and a hash of the text, so each shape is a
 * statement of its own and one name never stands for two texts. PGlite ignores the name.
 */
export async function namedRowsOf<T>(db: Db | Tx, prefix: string, query: SQL): Promise<T[]> {
  // the database's own dialect turns the query into its text and parameters, as `execute` does
  const built: Query = (db as unknown as { dialect: { sqlToQuery(q: SQL): Query } }).dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name && names.size < MAX_NAMED_TEXTS) {
    name = `${prefix}-${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
    names.set(built.sql, name);
  }
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}
