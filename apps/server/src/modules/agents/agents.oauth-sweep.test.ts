import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../../platform/db.js';
import { oauthAdapter } from './agents.oauth-adapter.js';
import { createOauthSweep, OAUTH_SWEEP_GRACE_MS } from './agents.oauth-sweep.js';

// The OAuth records' sweep on the real database: rows written by the provider's own adapter, the sweep run at a
// chosen moment, the table read back.
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const MINUTE = 60_000;
const ids = async () =>
  (await database.query<{ model: string; id: string }>('select model, id from oauth_records order by model, id')).map((r) => `${r.model}/${r.id}`);

describe('OAuth records sweep', () => {
  it('deletes records a grace period past their expiry, in batches, and keeps live ones and those without expiry', async () => {
    const Adapter = oauthAdapter(database.db);
    const codes = new Adapter('AuthorizationCode');
    const refresh = new Adapter('RefreshToken');
    const interactions = new Adapter('Interaction');
    const clients = new Adapter('Client');
    const start = Date.now();
    // seven codes that expire within a minute, one of them consumed (replayed codes must go too)
    for (let i = 0; i < 7; i++) await codes.upsert(`code-${i}`, { grantId: 'g1' }, 60);
    await codes.consume('code-3');
    await refresh.upsert('live-refresh', { grantId: 'g1', accountId: '7' }, 14 * 24 * 3600); // 14 days
    await interactions.upsert('recent', { uid: 'u1' }, 3600); // expires in an hour: still inside the grace
    await clients.upsert('agent-client', { client_id: 'agent-client' }); // no expiry at all
    expect(await ids()).toHaveLength(10);

    let steps = 0;
    const sweep = createOauthSweep({
      db: database.db,
      database: { background: (step) => (steps++, database.background(step)) },
      batchSize: 3,
    });
    // a day and two minutes after now: the codes are a day and a minute past expiry, the interaction under a day
    const at = new Date(start + OAUTH_SWEEP_GRACE_MS + 2 * MINUTE);
    expect(await sweep.runOnce(at)).toBe(7);
    expect(steps).toBe(3); // 3 + 3 + 1
    expect(await ids()).toEqual(['Client/agent-client', 'Interaction/recent', 'RefreshToken/live-refresh']);
    // the live refresh token still answers
    expect(await refresh.find('live-refresh')).toMatchObject({ grantId: 'g1' });

    // later still: the interaction goes, the refresh token (14 days) and the client stay
    expect(await sweep.runOnce(new Date(start + OAUTH_SWEEP_GRACE_MS + 2 * 3600_000))).toBe(1);
    expect(await ids()).toEqual(['Client/agent-client', 'RefreshToken/live-refresh']);
    expect(await sweep.runOnce(new Date(start + OAUTH_SWEEP_GRACE_MS + 2 * 3600_000))).toBe(0);
  });
});
