import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { MSG_AR } from '@souq/shared/messages.ar';
import { adminToken, call, createTestApp, signupCustomer, uniqueEmail, type TestContext } from '../../test/harness.js';

// The API answers in its reader's language (issue 26 item 2, decision 0105): the same failures in English (a request
// that names no language: byte for byte as before) and in Arabic (Accept-Language, the cookie, the URL, the saved
// choice), and a saved language and digits per person.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AR = { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' };
const ARABIC = /[\u0600-\u06FF]/;

describe('error bodies in the reader language', () => {
  it('400: validation failures, the error and each field', async () => {
    const en = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: '', email: 'not-an-email', password: 'x' } });
    const ar = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: '', email: 'not-an-email', password: 'x' }, headers: AR });
    expect(en.status).toBe(400);
    expect(ar.status).toBe(400);
    expect(en.json.error).toBe(MSG.validationFailed);
    expect(en.json.fields.email).toBe(MSG.emailInvalid);
    expect(ar.json.error).toBe(MSG_AR.validationFailed);
    // a schema's own MSG text by its key; the same fields in both
    expect(ar.json.fields.email).toBe(MSG_AR.emailInvalid);
    expect(Object.keys(ar.json.fields).sort()).toEqual(Object.keys(en.json.fields).sort());
    expect(ar.json.detail).toBe(Object.values(ar.json.fields)[0]);
  });

  it("400: zod's own messages come in zod's Arabic", async () => {
    const en = await call(t.app, { url: '/api/products?limit=abc' });
    const ar = await call(t.app, { url: '/api/products?limit=abc', headers: AR });
    expect(en.status).toBe(400);
    expect(ar.status).toBe(400);
    const [field] = Object.keys(en.json.fields);
    expect(en.json.fields[field!]).not.toMatch(ARABIC);
    expect(ar.json.fields[field!]).toMatch(ARABIC);
  });

  it('401: no session, and an expired one', async () => {
    const en = await call(t.app, { url: '/api/auth/me' });
    const ar = await call(t.app, { url: '/api/auth/me', headers: AR });
    expect(en.status).toBe(401);
    expect(en.body).toBe(JSON.stringify({ error: MSG.authRequired }));
    expect(ar.json).toEqual({ error: MSG_AR.authRequired });
    const stale = await call(t.app, { url: '/api/auth/me', token: 'x'.repeat(43), headers: { cookie: 'souq_lang=ar' } });
    expect(stale.json).toEqual({ error: MSG_AR.sessionExpired });
  });

  it('404: a product, and a route that does not exist', async () => {
    const en = await call(t.app, { url: '/api/products/999999' });
    const ar = await call(t.app, { url: '/api/products/999999?lang=ar' });
    expect(en.status).toBe(404);
    expect(ar.status).toBe(404);
    expect(ar.json.error).toMatch(ARABIC);
    expect(MSG_AR[Object.entries(MSG).find(([, v]) => v === en.json.error)![0] as keyof typeof MSG]).toBe(ar.json.error);
    const noRouteEn = await call(t.app, { url: '/api/no-such-thing' });
    const noRouteAr = await call(t.app, { url: '/api/no-such-thing', headers: AR });
    expect(noRouteEn.json).toEqual({ error: MSG.routeNotFound, detail: 'GET /api/no-such-thing' });
    expect(noRouteAr.json).toEqual({ error: MSG_AR.routeNotFound, detail: 'GET /api/no-such-thing' });
  });

  it('409: an e-mail already taken', async () => {
    const { email } = await signupCustomer(t.app);
    const body = { name: 'Again', email, password: 'password-123' };
    const en = await call(t.app, { method: 'POST', url: '/api/auth/signup', body });
    const ar = await call(t.app, { method: 'POST', url: '/api/auth/signup', body, headers: { cookie: 'souq_lang=ar' } });
    expect(en.status).toBe(409);
    expect(ar.status).toBe(409);
    expect(en.body).toBe(JSON.stringify({ error: MSG.emailTaken }));
    expect(ar.json).toEqual({ error: MSG_AR.emailTaken });
  });

  it('a text with arguments goes out from its key, with the arguments, in the reader language', async () => {
    const admin = await adminToken(t.app, t.config);
    const url = '/api/analytics/sales?from=2020-01-01&to=2024-12-31';
    const en = await call(t.app, { url, token: admin });
    const ar = await call(t.app, { url, token: admin, headers: AR });
    expect(en.status).toBe(400);
    expect(en.json).toEqual({ error: MSG.dateRangeTooLong(366), fields: { to: MSG.dateRangeTooLong(366) } });
    expect(ar.json).toEqual({ error: MSG_AR.dateRangeTooLong(366), fields: { to: MSG_AR.dateRangeTooLong(366) } });
    expect(ar.json.error).toBe('اختر فترة لا تتجاوز 366 يومًا');
  });

  it('the URL lang comes before the cookie, the cookie before Accept-Language', async () => {
    expect((await call(t.app, { url: '/api/auth/me?lang=en', headers: { ...AR, cookie: 'souq_lang=ar' } })).json.error).toBe(MSG.authRequired);
    expect((await call(t.app, { url: '/api/auth/me', headers: { ...AR, cookie: 'souq_lang=en' } })).json.error).toBe(MSG.authRequired);
    expect((await call(t.app, { url: '/api/auth/me', headers: { 'accept-language': 'fr, ar;q=0.8' } })).json.error).toBe(MSG_AR.authRequired);
  });
});

describe('the saved language and digits of a signed-in person', () => {
  it('is saved, validated, answered by GET, and sets the cookies pages read', async () => {
    const { token } = await signupCustomer(t.app);
    expect((await call(t.app, { url: '/api/auth/language', token })).json).toEqual({ locale: null, digits: 'latn' });
    const bad = await call(t.app, { method: 'PUT', url: '/api/auth/language', token, body: { locale: 'fr' } });
    expect(bad.status).toBe(400);
    const anon = await call(t.app, { method: 'PUT', url: '/api/auth/language', body: { locale: 'ar' } });
    expect(anon.status).toBe(401);
    const saved = await call(t.app, { method: 'PUT', url: '/api/auth/language', token, body: { locale: 'ar', digits: 'arab' } });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ locale: 'ar', digits: 'arab' });
    expect(saved.headers['set-cookie']).toEqual([expect.stringMatching(/^souq_lang=ar; Path=\//), expect.stringMatching(/^souq_digits=arab; Path=\//)]);
    // the language alone keeps the digits
    const again = await call(t.app, { method: 'PUT', url: '/api/auth/language', token, body: { locale: 'ar' } });
    expect(again.json).toEqual({ locale: 'ar', digits: 'arab' });
  });

  it("the person's errors follow the saved choice (digits too) whatever the browser says; the URL still wins", async () => {
    const { token } = await signupCustomer(t.app);
    await call(t.app, { method: 'PUT', url: '/api/auth/language', token, body: { locale: 'ar', digits: 'arab' } });
    const res = await call(t.app, { method: 'PUT', url: '/api/auth/language', token, body: { locale: 'xx' }, headers: { 'accept-language': 'en' } });
    expect(res.json.error).toBe(MSG_AR.validationFailed);
    const inUrl = await call(t.app, { method: 'PUT', url: '/api/auth/language?lang=en', token, body: { locale: 'xx' } });
    expect(inUrl.json.error).toBe(MSG.validationFailed);

    const admin = await adminToken(t.app, t.config);
    await call(t.app, { method: 'PUT', url: '/api/auth/language', token: admin, body: { locale: 'ar', digits: 'arab' } });
    const sales = await call(t.app, { url: '/api/analytics/sales?from=2020-01-01&to=2024-12-31', token: admin });
    expect(sales.json.error).toBe('اختر فترة لا تتجاوز ٣٦٦ يومًا');
    await call(t.app, { method: 'PUT', url: '/api/auth/language', token: admin, body: { locale: 'en', digits: 'latn' } });
  });

  it('a sign-in brings the saved choice to the browser; none saved, no cookie', async () => {
    const email = uniqueEmail();
    const signup = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Huda', email, password: 'password-123' } });
    const first = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' } });
    expect(first.headers['set-cookie']).toBeUndefined();
    await call(t.app, { method: 'PUT', url: '/api/auth/language', token: signup.json.token, body: { locale: 'ar' } });
    const later = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' } });
    expect(later.status).toBe(200);
    expect(later.headers['set-cookie']).toEqual([expect.stringMatching(/^souq_lang=ar;/), expect.stringMatching(/^souq_digits=latn;/)]);
  });

  it('signing in or up while reading Arabic saves it for an account that has no choice yet; a saved choice wins', async () => {
    // a sign-in from a page opened in Arabic (its cookie) with the Arabic-Indic digits chosen
    const email = uniqueEmail();
    await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Noor', email, password: 'password-123' } });
    const reading = { cookie: 'souq_lang=ar; souq_digits=arab', 'accept-language': 'en' };
    const login = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' }, headers: reading });
    expect(login.headers['set-cookie']).toEqual([expect.stringMatching(/^souq_lang=ar;/), expect.stringMatching(/^souq_digits=arab;/)]);
    expect((await call(t.app, { url: '/api/auth/language', token: login.json.token })).json).toEqual({ locale: 'ar', digits: 'arab' });
    // another device, reading English by its cookie: the saved Arabic comes to it, unchanged
    const other = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: 'password-123' }, headers: { cookie: 'souq_lang=en' } });
    expect(other.headers['set-cookie']).toEqual([expect.stringMatching(/^souq_lang=ar;/), expect.stringMatching(/^souq_digits=arab;/)]);
    expect((await call(t.app, { url: '/api/auth/language', token: other.json.token })).json.locale).toBe('ar');

    // a sign-up from a browser that asks for Arabic first; a vendor's too
    const signup = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Salem', email: uniqueEmail(), password: 'password-123' }, headers: AR });
    expect(signup.status).toBe(201);
    expect((await call(t.app, { url: '/api/auth/language', token: signup.json.token })).json).toEqual({ locale: 'ar', digits: 'latn' });
    const vendor = await call(t.app, {
      method: 'POST', url: '/api/vendor/signup', headers: { cookie: 'souq_lang=ar' },
      body: { company_name: 'Dar Al Kutub', contact_name: 'Mona', email: uniqueEmail(), password: 'password-123' },
    });
    expect(vendor.status).toBe(201);
    expect((await call(t.app, { url: '/api/auth/language', token: vendor.json.token })).json.locale).toBe('ar');

    // English by default is no choice: nothing saved
    const plain = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: 'Sam', email: uniqueEmail(), password: 'password-123' }, headers: { 'accept-language': 'en-GB' } });
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect((await call(t.app, { url: '/api/auth/language', token: plain.json.token })).json.locale).toBeNull();
  });

  it("the sign-up form's own rules in the reader's language", async () => {
    const ar = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: '', email: uniqueEmail(), password: 'short' }, headers: AR });
    expect(ar.status).toBe(400);
    expect(ar.json.fields).toEqual({ name: MSG_AR.nameRequired, password: MSG_AR.passwordTooShort });
    const en = await call(t.app, { method: 'POST', url: '/api/auth/signup', body: { name: '', email: uniqueEmail(), password: 'short' } });
    expect(en.json.fields).toEqual({ name: 'Name is required', password: 'Password must be at least 8 characters' });
  });
});
