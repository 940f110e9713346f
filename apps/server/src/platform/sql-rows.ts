import type { SQL } from 'drizzle-orm';
import type { Db } from './db.js';

/** Raw rows of a hand-written query on either driver (both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
