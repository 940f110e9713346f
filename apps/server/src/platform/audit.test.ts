import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { changesBetween, type Actor } from './audit.js';

describe('changesBetween', () => {
  it('keeps only the fields that changed, before → after', () => {
    expect(changesBetween({ name: 'A', price: 1, stock: 5 }, { name: 'B', price: 1 })).toEqual({ name: { before: 'A', after: 'B' } });
  });
  it('describes a creation and a deletion', () => {
    expect(changesBetween(null, { name: 'A' })).toEqual({ name: { before: null, after: 'A' } });
    expect(changesBetween({ name: 'A' }, null)).toEqual({ name: { before: 'A', after: null } });
  });
  it('compares dates by value and never records secrets', () => {
    const d = new Date('2026-01-01T00:00:00Z');
    expect(changesBetween({ at: d }, { at: new Date(d) })).toEqual({});
    expect(changesBetween({ passwordHash: 'x' }, { passwordHash: 'y' })).toEqual({ passwordHash: { before: '[redacted]', after: '[redacted]' } });
  });
});

describe('audit_log table', () => {
  let t: TestContext;
  const actor: Actor = { userId: 1, role: 'admin', name: 'Sara', ip: '127.0.0.1' };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records and lists entries, newest first, with filters', async () => {
    const { audit } = t.app.services;
    await audit.record(t.database.db, { actor, action: 'product.update', target: { type: 'product', id: 7 }, changes: { name: { before: 'A', after: 'B' } } });
    await audit.record(t.database.db, { actor: { ...actor, name: 'Omar' }, action: 'order.status', target: { type: 'order', id: 3 } });
    const all = await audit.list({}, { limit: 10, offset: 0 });
    expect(all.total).toBe(2);
    expect(all.items.map((e) => e.action)).toEqual(['order.status', 'product.update']);
    const one = await audit.list({ targetType: 'product', targetId: '7' }, { limit: 10, offset: 0 });
    expect(one.items).toHaveLength(1);
    expect(one.items[0]).toMatchObject({ actorName: 'Sara', actorRole: 'admin', ip: '127.0.0.1', changes: { name: { before: 'A', after: 'B' } } });
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await t.app.services.audit.record(t.database.db, { actor, action: 'vendor.verify', target: { type: 'vendor', id: 1 } });
    await expect(t.database.query(`update audit_log set actor_name = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.database.query(`delete from audit_log`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`truncate audit_log`)).rejects.toThrow(/append-only/);
    const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from audit_log where actor_name = 'someone else'`);
    expect(row!.n).toBe(0);
  });
});
