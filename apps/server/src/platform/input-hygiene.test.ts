import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signupCustomer, type TestContext } from '../../test/harness.js';
import { INVALID_CHARACTERS, TOO_DEEP } from './input-hygiene.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('input hygiene', () => {
  it('refuses a NUL byte in a path parameter with 400, not a database error', async () => {
    const res = await call(t.app, { url: '/api/personalize/history/abc%00def?limit=5' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(INVALID_CHARACTERS);
  });

  it('refuses NUL bytes and lone surrogates in JSON bodies and query strings', async () => {
    const { token } = await signupCustomer(t.app);
    const nul = await call(t.app, { method: 'PUT', url: '/api/profile', token, body: { phone: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    const surrogate = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"phone":"\\ud800x"}' });
    expect(surrogate.statusCode).toBe(400);
    const query = await call(t.app, { url: '/api/products/search/phone?category=%E0%A4%A' });
    expect(query.status).toBeLessThan(500);
  });

  it('refuses bodies nested deeper than the limit, even very deep ones', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t.app.inject({ method: 'POST', url: '/api/ai/chat', headers: { 'content-type': 'application/json' }, payload: `{"message":"hi","productContext":${deep}}` });
    expect(res.statusCode).toBe(400);
    expect([TOO_DEEP, 'Invalid JSON body']).toContain(res.json().error);
  });
});
