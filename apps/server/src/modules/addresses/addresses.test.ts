import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { MSG_AR } from '@souq/shared/messages.ar';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = {
  label: 'Home',
  address: {
    name: 'Layla Haddad', phone: '050 123 4567', emirate: 'dubai', area: 'Al Barsha 1', street: 'Al Barsha Heights, Tower 2',
    flat: '1204', landmark: 'behind Mall of the Emirates', makani: '30245 95127', latitude: 25.1, longitude: 55.2,
  },
};
const rows = async (userId: number) => (await t.database.query<{ n: number }>('select count(*)::int as n from shopper_addresses where user_id = $1', [userId]))[0]!.n;

describe('address book (decision 0151)', () => {
  it('saves a UAE address with its phone in +971 form and its Makani digits; the first one is the default', async () => {
    const { token, user } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/my/addresses', token, body: home });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      label: 'Home', is_default: true,
      address: { ...home.address, phone: '+971501234567', makani: '3024595127' },
    });
    const list = await call(t.app, { url: '/api/my/addresses', token });
    expect(list.json).toHaveLength(1);
    expect(await rows(user.id)).toBe(1);
  });

  it.each([
    ['05x', '0501234567'], ['9715x', '971501234567'], ['+971 5x', '+971 50 123 4567'], ['00971', '00971-50-123-4567'], ['+971 (0)', '+971 (0) 50 123 4567'], ['landline', '04 123 4567'],
  ])('normalises a %s phone', async (_, phone) => {
    const { token } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/my/addresses', token, body: { address: { ...home.address, phone } } });
    expect(res.status).toBe(201);
    expect(res.json.address.phone).toMatch(/^\+971(5\d{8}|4\d{7})$/);
  });

  it.each([
    ['an unknown emirate', { emirate: 'doha' }, 'emirate', MSG.emirateInvalid],
    ['a Makani number of 9 digits', { makani: '302459512' }, 'address.makani', MSG.addressMakaniInvalid],
    ['a Makani number with letters', { makani: '30245 9512A' }, 'address.makani', MSG.addressMakaniInvalid],
    ['a foreign phone', { phone: '+44 20 7946 0958' }, 'address.phone', MSG.addressPhoneInvalid],
    ['a short phone', { phone: '050 123' }, 'address.phone', MSG.addressPhoneInvalid],
    ['a pin in Doha', { latitude: 25.29, longitude: 51.53 - 1 }, 'address.latitude', MSG.addressPinOutsideUae],
    ['half a pin', { latitude: 25.1, longitude: null }, 'address.longitude', MSG.addressPinIncomplete],
    ['no area', { area: '  ' }, 'address.area', MSG.addressAreaRequired],
  ])('refuses %s with 400 and a clear message, writing nothing', async (_, change, field, message) => {
    const { token, user } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/my/addresses', token, body: { address: { ...home.address, ...change } } });
    expect(res.status).toBe(400);
    expect(Object.entries(res.json.fields ?? {}).some(([k, v]) => k.endsWith(field.replace(/^address\./, '')) && v === message), JSON.stringify(res.json)).toBe(true);
    expect(await rows(user.id)).toBe(0);
  });

  it('answers the Makani rule in Arabic to an Arabic reader', async () => {
    const { token } = await signupCustomer(t.app);
    const res = await call(t.app, { method: 'POST', url: '/api/my/addresses', token, headers: { 'accept-language': 'ar' }, body: { address: { ...home.address, makani: '123' } } });
    expect(res.status).toBe(400);
    expect(Object.values(res.json.fields ?? {})).toContain(MSG_AR.addressMakaniInvalid);
  });

  it('edits, moves the default, and deletes; the newest other address becomes the default', async () => {
    const { token } = await signupCustomer(t.app);
    const a = (await call(t.app, { method: 'POST', url: '/api/my/addresses', token, body: home })).json;
    const b = (await call(t.app, { method: 'POST', url: '/api/my/addresses', token, body: { label: 'Office', address: { ...home.address, emirate: 'abu_dhabi', area: 'Al Reem Island' } } })).json;
    expect(b.is_default).toBe(false);
    const moved = await call(t.app, { method: 'PUT', url: `/api/my/addresses/${b.id}`, token, body: { label: 'Office', is_default: true, address: { ...home.address, emirate: 'abu_dhabi', area: 'Al Reem', makani: '' } } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ is_default: true, address: { area: 'Al Reem', makani: null } });
    let list = (await call(t.app, { url: '/api/my/addresses', token })).json as { id: number; is_default: boolean }[];
    expect(list.map((x) => [x.id, x.is_default])).toEqual([[b.id, true], [a.id, false]]);
    expect((await call(t.app, { method: 'DELETE', url: `/api/my/addresses/${b.id}`, token })).status).toBe(200);
    list = (await call(t.app, { url: '/api/my/addresses', token })).json;
    expect(list.map((x) => [x.id, x.is_default])).toEqual([[a.id, true]]);
  });

  it("another shopper's address is not found: no edit, no delete (checkout: delivery.test.ts)", async () => {
    const owner = await signupCustomer(t.app);
    const other = await signupCustomer(t.app);
    const saved = (await call(t.app, { method: 'POST', url: '/api/my/addresses', token: owner.token, body: home })).json;
    const edit = await call(t.app, { method: 'PUT', url: `/api/my/addresses/${saved.id}`, token: other.token, body: { ...home, label: 'Mine now' } });
    expect(edit.status).toBe(404);
    expect(edit.json.error).toBe(MSG.addressNotFound);
    expect((await call(t.app, { method: 'DELETE', url: `/api/my/addresses/${saved.id}`, token: other.token })).status).toBe(404);
    expect((await call(t.app, { url: '/api/my/addresses', token: owner.token })).json[0]).toMatchObject({ id: saved.id, label: 'Home' });
    expect((await call(t.app, { url: '/api/my/addresses', token: other.token })).json).toEqual([]);
  });

  it('needs a signed-in shopper', async () => {
    expect((await call(t.app, { url: '/api/my/addresses' })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/my/addresses', body: home })).status).toBe(401);
  });
});
