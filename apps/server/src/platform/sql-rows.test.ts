import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from './db.js';
import { namedRowsOf } from './sql-rows.js';

// A hand-written statement built from parts, sent named (decision 0200): each shape is a statement of its own,
// prepared once per connection, and every call answers with its own values — in and out of transactions, after a
// rolled-back one. On PostgreSQL (TEST_DATABASE_URL) with a pool of ONE connection, so every shape meets every other
// on the same connection; on PGlite otherwise (the name ignored, the same answers).
const url = process.env.TEST_DATABASE_URL;

describe(`namedRowsOf (${url ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    if (url) {
      const name = `souq_named_rows_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(url);
      u.pathname = `/${name}`;
      database = await openDatabase({ kind: 'postgres', url: u.toString(), max: 1 });
      dropDb = async () => {
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      };
    } else {
      database = await openDatabase({ kind: 'pglite' });
    }
    await database.exec(`
      create table named_rows_items (id serial primary key, label text not null, moved boolean not null default false);
      create table named_rows_notes (id serial primary key, item_id int not null, note text not null);
      insert into named_rows_items (label) select 'item ' || g from generate_series(1, 6) g;`);
  }, 300_000);
  afterAll(async () => {
    await database.close();
    await dropDb?.();
  });

  /** A move of some items, with or without its notes: two shapes of one statement, every value a parameter. */
  const move = (ids: number[], note: string | null): SQL => {
    const parts = [
      sql`moved as (update named_rows_items set moved = true where id = any(${`{${ids.join(',')}}`}::int[]) returning id)`,
      ...(note === null ? [] : [sql`noted as (insert into named_rows_notes (item_id, note) select id, ${note} from moved returning id)`]),
    ];
    return sql`with ${sql.join(parts, sql`, `)} select (select count(*)::int from moved) as moved, ${note === null ? sql`null::int` : sql`(select count(*)::int from noted)`} as noted`;
  };

  it('answers each call with its own values, each shape named apart and prepared once on the connection', async () => {
    const db = database.db;
    const answers: { moved: number; noted: number | null }[] = [];
    for (const [ids, note] of [[[1], 'a'], [[2, 3], null], [[4, 5], 'b'], [[6], null], [[1, 2, 3], 'c']] as const) {
      answers.push(...await db.transaction((tx) => namedRowsOf<{ moved: number; noted: number | null }>(tx, 'named-rows-move', move([...ids], note))));
    }
    // a transaction rolled back after the statement ran: nothing of it stays, and the statement runs again after it
    await expect(db.transaction(async (tx) => {
      await namedRowsOf(tx, 'named-rows-move', move([4], 'rolled back'));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    answers.push(...await namedRowsOf<{ moved: number; noted: number | null }>(db, 'named-rows-move', move([5, 6], 'd')));

    expect(answers).toEqual([
      { moved: 1, noted: 1 }, { moved: 2, noted: null }, { moved: 2, noted: 2 }, { moved: 1, noted: null }, { moved: 3, noted: 3 }, { moved: 2, noted: 2 },
    ]);
    const notes = await database.query<{ item_id: number; note: string }>('select item_id, note from named_rows_notes order by id');
    expect(notes).toEqual([
      { item_id: 1, note: 'a' }, { item_id: 4, note: 'b' }, { item_id: 5, note: 'b' },
      { item_id: 1, note: 'c' }, { item_id: 2, note: 'c' }, { item_id: 3, note: 'c' }, { item_id: 5, note: 'd' }, { item_id: 6, note: 'd' },
    ]);
    if (url) {
      // the one pooled connection holds one prepared statement per shape, under names of the prefix
      const prepared = await database.query<{ name: string }>("select name from pg_prepared_statements where name like 'named-rows-move-%' order by name");
      expect(prepared).toHaveLength(2);
      expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
    }
  });
});
