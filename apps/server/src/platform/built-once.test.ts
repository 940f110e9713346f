import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database, type Db } from './db.js';
import { builtOnce } from './built-once.js';

// A query built once and run on each transaction that asks (decision 0196): the same rows, mapped as Drizzle maps them.
const shelves = pgTable('built_once_shelves', { id: serial('id').primaryKey(), name: text('name').notNull() });
const boxes = pgTable('built_once_boxes', {
  id: serial('id').primaryKey(),
  shelfId: integer('shelf_id'),
  label: text('label').notNull(),
  packedAt: timestamp('packed_at', { withTimezone: true }).notNull(),
});

describe('builtOnce', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    db = database.db;
    await database.exec(`
      create table built_once_shelves (id serial primary key, name text not null);
      create table built_once_boxes (id serial primary key, shelf_id int, label text not null, packed_at timestamptz not null);
      insert into built_once_shelves (name) values ('top');
      insert into built_once_boxes (shelf_id, label, packed_at) values (1, 'a', '2026-12-01T00:00:00Z'), (null, 'b', '2026-12-01T01:00:00Z'), (1, 'c', '2026-12-01T02:00:00Z');`);
  }, 300_000);
  afterAll(async () => {
    await database.close();
  });

  it('builds the query once, then runs it in each transaction with that call’s values, rows mapped (dates, joined nulls)', async () => {
    let builds = 0;
    const boxesFrom = builtOnce('built-once-boxes', (d) => {
      builds++;
      return d.select({ box: boxes, shelf: shelves.name }).from(boxes).leftJoin(shelves, eq(shelves.id, boxes.shelfId))
        .where(sql`${boxes.packedAt} >= ${sql.placeholder('from')}::timestamptz`).orderBy(asc(boxes.id)).for('update', { of: boxes });
    });
    const first = await db.transaction((tx) => boxesFrom(tx, { from: '2026-12-01T00:30:00Z' }));
    const second = await db.transaction((tx) => boxesFrom(tx, { from: '2026-12-01T00:00:00Z' }));
    const third = await boxesFrom(db, { from: '2026-12-01T01:30:00Z' });
    expect(builds).toBe(1);
    expect(first.map((r) => r.box.label)).toEqual(['b', 'c']);
    expect(second.map((r) => [r.box.label, r.shelf])).toEqual([['a', 'top'], ['b', null], ['c', 'top']]);
    expect(third.map((r) => r.box.label)).toEqual(['c']);
    expect(second[0]!.box.packedAt).toEqual(new Date('2026-12-01T00:00:00Z'));
  });
});
