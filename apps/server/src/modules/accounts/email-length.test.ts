import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

// Issue 23: a 1,000-character e-mail signed up. Every sign-up stores at most 254 characters (the shared schema).
const longEmail = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const users = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

describe('the e-mail of a sign-up is at most 254 characters', () => {
  it('POST /api/auth/signup: 1,000 characters is a 400 and no account; 254 signs up', async () => {
    const before = await users();
    const res = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Long Mail', email: longEmail(1000), password: 'password-123' } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ email: MSG.emailTooLong(254) });
    expect(await users()).toBe(before);
    const ok = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Long Mail', email: longEmail(254), password: 'password-123' } });
    expect(ok.status, ok.body).toBe(201);
  });

  it('POST /api/vendor/signup: 255 characters is a 400 and no account', async () => {
    const before = await users();
    const res = await call(t.app, {
      method: 'POST', url: '/api/vendor/signup',
      body: { company_name: 'Long Mail LLC', contact_name: 'Lena', email: longEmail(255), password: 'password-123', phone: '+971500000000', address: 'Dubai' },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ email: MSG.emailTooLong(254) });
    expect(await users()).toBe(before);
  });
});
