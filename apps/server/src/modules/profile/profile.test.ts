import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const full = {
  dob: '1990-05-17',
  gender: 'prefer_not_to_say',
  phone: ' +971 50 000 1111 ',
  address: { address_line1: '1 Corniche Road', address_line2: 'Tower A', city: 'Abu Dhabi', state: 'Abu Dhabi', postal_code: '12345', country: 'UAE' },
};

describe('profile', () => {
  it('starts empty: nulls and empty address parts, not onboarded', async () => {
    const { token } = await signupCustomer(t.app);
    const res = await call(t.app, { url: '/api/profile', token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      dob: null, gender: null, phone: null, onboarded: false,
      address: { address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: '' },
    });
  });

  it('saves and reads back, trimmed; the first save completes onboarding', async () => {
    const { token, user } = await signupCustomer(t.app);
    const put = await call(t.app, { method: 'PUT', url: '/api/profile', token, body: full });
    expect(put.status).toBe(200);
    const expected = { ...full, phone: '+971 50 000 1111', onboarded: true };
    expect(put.json).toEqual(expected);
    expect((await call(t.app, { url: '/api/profile', token })).json).toEqual(expected);
    const [first] = await t.database.query<{ onboarded_at: Date }>('select onboarded_at from profiles where user_id = $1', [user.id]);

    // a second save keeps the first onboarding time
    await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { phone: '+971 50 000 2222' } });
    const [second] = await t.database.query<{ onboarded_at: Date }>('select onboarded_at from profiles where user_id = $1', [user.id]);
    expect(second!.onboarded_at).toEqual(first!.onboarded_at);
  });

  it('stores empty dob, gender and phone as null and empty address parts as empty strings', async () => {
    const { token } = await signupCustomer(t.app);
    await call(t.app, { method: 'PUT', url: '/api/profile', token, body: full });
    const res = await call(t.app, {
      method: 'PUT', url: '/api/profile', token,
      body: { dob: null, gender: null, phone: '', address: { address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: '' } },
    });
    expect(res.json).toMatchObject({ dob: null, gender: null, phone: null, address: { address_line1: '', city: '', postal_code: '' } });
  });

  it('keeps fields that were not sent', async () => {
    const { token } = await signupCustomer(t.app);
    await call(t.app, { method: 'PUT', url: '/api/profile', token, body: full });
    const res = await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { gender: 'female' } });
    expect(res.json).toMatchObject({ dob: full.dob, gender: 'female', phone: '+971 50 000 1111', address: full.address });
  });

  it('accepts the alternate address names line1, line2 and zip', async () => {
    const { token } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { address: { line1: 'Villa 9', line2: 'Street 4', zip: '54321', city: 'Ajman' } } });
    expect(res.status).toBe(200);
    expect(res.json.address).toEqual({ address_line1: 'Villa 9', address_line2: 'Street 4', city: 'Ajman', state: '', postal_code: '54321', country: '' });
  });

  it('validates with field messages and writes nothing on error', async () => {
    const { token, user } = await signupCustomer(t.app);
    const cases: [unknown, string][] = [
      [{ dob: '17/05/1990' }, 'dob'],
      [{ dob: '2999-01-01' }, 'dob'],
      [{ gender: 'robot' }, 'gender'],
      [{ phone: 'x'.repeat(41) }, 'phone'],
      [{ address: { postal_code: '1'.repeat(21) } }, 'address.postal_code'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, { method: 'PUT', url: '/api/profile', token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(MSG.validationFailed);
      expect(Object.keys(res.json.fields)).toContain(field);
    }
    expect(await t.database.query('select 1 from profiles where user_id = $1', [user.id])).toHaveLength(0);
  });

  it("names the date of birth's own problem: a future date, or one before 1900", async () => {
    const { token } = await signupCustomer(t.app);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { dob: tomorrow } });
    expect(future.status).toBe(400);
    expect(future.json).toEqual({ error: MSG.validationFailed, detail: MSG.dobInFuture, fields: { dob: MSG.dobInFuture } });
    const ancient = await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { dob: '1850-02-01' } });
    expect(ancient.json).toEqual({ error: MSG.validationFailed, detail: MSG.invalidDob, fields: { dob: MSG.invalidDob } });
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { dob: today } })).status).toBe(200);
  });

  it('keeps profiles apart and needs a customer session', async () => {
    const a = await signupCustomer(t.app);
    const b = await signupCustomer(t.app);
    await call(t.app, { method: 'PUT', url: '/api/profile', token: a.token, body: full });
    expect((await call(t.app, { url: '/api/profile', token: b.token })).json.dob).toBeNull();
    expect((await call(t.app, { url: '/api/profile' })).status).toBe(401);
    expect((await call(t.app, { method: 'PUT', url: '/api/profile', body: full })).status).toBe(401);
  });
});
