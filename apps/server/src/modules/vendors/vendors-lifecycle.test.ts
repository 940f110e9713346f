import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { BUSINESS_TYPES, VENDOR_DOCUMENT_MAX_BYTES } from '@souq/shared/constants';
import { auditLog } from '../../db/schema/audit.js';
import { files, vendorDocuments } from '../../db/schema/vendors.js';
import { adminToken, call, createTestApp, multipart, signupCustomer, signupVendor, type MultipartFilePart, type TestContext } from '../../../test/harness.js';

// The smallest files each type check accepts: the type is read from these first bytes, never from the name.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

const FIELDS = {
  company_name: 'Lifecycle Trading LLC',
  contact_name: 'Layla Haddad',
  phone: '+971 4 123 4567',
  website: 'https://lifecycle.example',
  address: JSON.stringify({ street: 'Sheikh Zayed Road 1', city: 'Dubai', state: 'Dubai', postal_code: '', country: 'UAE', coordinates: { latitude: 25.2048, longitude: 55.2708 } }),
  business_type: 'LLC',
  industry: 'Electronics',
  tax_id: '',
  vat_number: '',
  establishment_date: '2020-02-02',
};
const file = (field: string, data: Buffer, filename: string, contentType = 'application/octet-stream'): MultipartFilePart => ({ field, data, filename, contentType });
const ALL_DOCS = [file('trade_license', PDF, 'licence.pdf', 'application/pdf'), file('emirates_id_front', PNG, 'front.png', 'image/png'), file('emirates_id_back', JPG, 'back.jpg', 'image/jpeg')];

let t: TestContext;
let admin: string;
let customer: string;
let a: { token: string; vendor: { id: number }; email: string };
let b: { token: string; vendor: { id: number }; email: string };

/**
 * Sends the wizard's form. The e-mail is the vendor's login (moving it to another account's address is a 409), so
 * unless a test gives one, each vendor sends its own: the one it signed up with.
 */
async function onboard(token: string | null, fields: Record<string, string>, docs: MultipartFilePart[]) {
  // an admin names the vendor by vendor_id; a vendor's own session always onboards itself
  const forVendor = [a, b].find((v) => (token === admin ? String(v.vendor.id) === fields.vendor_id : v.token === token));
  const form = multipart({ email: forVendor?.email ?? 'nobody@lifecycle.example', ...fields }, docs);
  const res = await t.app.inject({ method: 'POST', url: '/api/vendors/onboarding', payload: form.payload, headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: res.statusCode, json: res.json() as any };
}

async function putDocument(token: string | null, vendorId: number, type: string, doc: MultipartFilePart) {
  const form = multipart({}, [doc]);
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/vendors/${vendorId}/documents/${type}`, payload: form.payload, headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: res.statusCode, json: res.json() as any };
}

/** Stored objects on disk (every upload, public or private) and file rows: a failed write must leave both unchanged. */
async function storedState() {
  const root = path.join(t.dataDir, 'uploads');
  const list = async (dir: string): Promise<string[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))));
    return nested.flat();
  };
  const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return { objects: (await list(root)).sort(), rows: count!.n };
}

const auditCount = async (vendorId: number) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(and(eq(auditLog.targetType, 'vendor'), eq(auditLog.targetId, String(vendorId)))))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = (await signupCustomer(t.app)).token;
  a = await signupVendor(t.app, 'Vendor A LLC');
  b = await signupVendor(t.app, 'Vendor B LLC');
});
afterAll(() => t.close());

describe('POST /api/vendors/onboarding', () => {
  it('refuses anonymous callers (401) and customers (403) before reading the upload', async () => {
    expect((await onboard(null, FIELDS, ALL_DOCS)).status).toBe(401);
    expect((await onboard(customer, FIELDS, ALL_DOCS)).status).toBe(403);
  });

  it('refuses a file whose bytes are not an accepted type, whatever its name, and writes nothing', async () => {
    const before = await storedState();
    const audits = await auditCount(a.vendor.id);
    // a PDF named like an image for the Emirates ID (images only)
    const res = await onboard(a.token, FIELDS, [ALL_DOCS[0]!, file('emirates_id_front', PDF, 'front.png', 'image/png'), ALL_DOCS[2]!]);
    expect(res.status).toBe(415);
    expect(res.json.error).toBe(MSG.emiratesIdType);
    // text renamed .pdf for the trade licence
    const text = await onboard(a.token, FIELDS, [file('trade_license', Buffer.from('just text, not a PDF'), 'licence.pdf', 'application/pdf'), ALL_DOCS[1]!, ALL_DOCS[2]!]);
    expect(text.status).toBe(415);
    expect(text.json.error).toBe(MSG.tradeLicenseType);
    expect(await storedState()).toEqual(before);
    expect(await auditCount(a.vendor.id)).toBe(audits);
  });

  it('cuts a file over 10 MB off while streaming (413 with the spec text) and writes nothing', async () => {
    const before = await storedState();
    const big = Buffer.concat([PDF, Buffer.alloc(VENDOR_DOCUMENT_MAX_BYTES, 0x20)]);
    const res = await onboard(a.token, FIELDS, [file('trade_license', big, 'big.pdf', 'application/pdf'), ALL_DOCS[1]!, ALL_DOCS[2]!]);
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(MSG.fileTooLarge);
    expect(await storedState()).toEqual(before);
  });

  it('needs every document not yet on file, and the step fields, with field messages; nothing is written', async () => {
    const before = await storedState();
    const missing = await onboard(a.token, FIELDS, [ALL_DOCS[0]!, ALL_DOCS[1]!]);
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ emirates_id_back: 'Emirates ID (back) is required' });
    const blank = await onboard(a.token, { ...FIELDS, company_name: ' ', address: JSON.stringify({ street: '', city: 'Dubai', state: 'Dubai' }), establishment_date: '' }, ALL_DOCS);
    expect(blank.status).toBe(400);
    expect(blank.json.error).toBe(MSG.validationFailed);
    expect(blank.json.fields).toMatchObject({ company_name: 'Company name is required', 'address.street': 'Street is required', establishment_date: 'Establishment date is required' });
    const badJson = await onboard(a.token, { ...FIELDS, address: '{not json' }, ALL_DOCS);
    expect(badJson.status).toBe(400);
    const unknownField = await onboard(a.token, FIELDS, [...ALL_DOCS, file('passport', PNG, 'p.png')]);
    expect(unknownField.status).toBe(400);
    expect(await storedState()).toEqual(before);
  });

  it('stores the data and three private documents in one audited write: the vendor is Pending Review', async () => {
    const audits = await auditCount(a.vendor.id);
    const res = await onboard(a.token, FIELDS, ALL_DOCS);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: a.vendor.id, company_name: 'Lifecycle Trading LLC', industry: 'Electronics', establishment_date: '2020-02-02', verification_status: 'pending', is_verified: false,
      address: { street: 'Sheikh Zayed Road 1', city: 'Dubai', country: 'UAE', coordinates: { latitude: 25.2048, longitude: 55.2708 } },
      trade_license: { mime_type: 'application/pdf', name: 'licence.pdf' },
      emirates_id_front: { mime_type: 'image/png' },
      emirates_id_back: { mime_type: 'image/jpeg' },
    });
    expect(res.json.license_file).toEqual(res.json.trade_license);
    expect(await auditCount(a.vendor.id)).toBe(audits + 1);
    // the vendor opens its document; the bytes are the ones sent
    const own = await t.app.inject({ url: res.json.trade_license.url, headers: { authorization: `Bearer ${a.token}` } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(own.rawPayload).equals(PDF)).toBe(true);
  });

  it('keeps documents private: another vendor and customers cannot open them, admins can', async () => {
    const profile = await call(t.app, { url: `/api/vendors/${a.vendor.id}/profile`, token: a.token });
    const url = profile.json.emirates_id_front.url as string;
    expect((await call(t.app, { url, token: b.token })).status).toBe(403);
    expect((await call(t.app, { url, token: customer })).status).toBe(403);
    expect((await call(t.app, { url })).status).toBe(401);
    expect((await call(t.app, { url, token: admin })).status).toBe(200);
    expect((await call(t.app, { url: `/api/vendors/${a.vendor.id}/profile`, token: b.token })).status).toBe(403);
  });

  it('while Pending Review the submission stays as sent: a vendor\'s new company, phone or documents are a 409 and nothing is written', async () => {
    const before = await call(t.app, { url: `/api/vendors/${a.vendor.id}`, token: a.token });
    const state = await storedState();
    const audits = await auditCount(a.vendor.id);
    const res = await onboard(a.token, { ...FIELDS, company_name: 'Overwritten Trading LLC', phone: '+971 50 000 0000' }, []);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(MSG.onboardingUnderReview);
    const withDocs = await onboard(a.token, FIELDS, ALL_DOCS);
    expect(withDocs.status).toBe(409);
    const after = await call(t.app, { url: `/api/vendors/${a.vendor.id}`, token: a.token });
    expect(after.json).toEqual(before.json);
    expect(after.json).toMatchObject({ company_name: 'Lifecycle Trading LLC', phone: '+971 4 123 4567', verification_status: 'pending' });
    expect(await storedState()).toEqual(state);
    expect(await auditCount(a.vendor.id)).toBe(audits);
  });

  it('a business type outside the spec\'s list is a 400 with the list, on onboarding and on the profile', async () => {
    const bad = await onboard(b.token, { ...FIELDS, business_type: 'Pirate Ship' }, ALL_DOCS);
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ business_type: MSG.businessTypeInvalid(BUSINESS_TYPES) });
    const profile = await call(t.app, { method: 'PUT', url: `/api/vendors/${b.vendor.id}/profile`, token: b.token, body: { business_type: 'Pirate Ship' } });
    expect(profile.status).toBe(400);
    expect(profile.json.fields).toEqual({ business_type: MSG.businessTypeInvalid(BUSINESS_TYPES) });
    const stored = await call(t.app, { url: `/api/vendors/${b.vendor.id}`, token: b.token });
    expect(stored.json.business_type).not.toBe('Pirate Ship');
    for (const type of BUSINESS_TYPES) {
      expect((await call(t.app, { method: 'PUT', url: `/api/vendors/${b.vendor.id}/profile`, token: b.token, body: { business_type: type } })).json.business_type).toBe(type);
    }
  });

  it('an admin\'s correction on the vendor\'s behalf replaces the documents sent and deletes the old files (rows and stored objects)', async () => {
    const before = await call(t.app, { url: `/api/vendors/${a.vendor.id}`, token: a.token });
    const oldId = before.json.trade_license.id as string;
    const [oldRow] = await t.database.db.select().from(files).where(eq(files.id, oldId));
    const state = await storedState();
    const res = await onboard(admin, { ...FIELDS, email: a.email, industry: 'Fashion', vendor_id: String(a.vendor.id) }, [file('trade_license', JPG, 'licence-2024.jpg', 'image/jpeg')]);
    expect(res.status).toBe(200);
    expect(res.json.industry).toBe('Fashion');
    expect(res.json.trade_license.id).not.toBe(oldId);
    expect(res.json.trade_license.mime_type).toBe('image/jpeg');
    expect(res.json.emirates_id_front.id).toBe(before.json.emirates_id_front.id);
    expect(await t.database.db.select().from(files).where(eq(files.id, oldId))).toEqual([]);
    await expect(fs.access(path.join(t.dataDir, 'uploads', oldRow!.storageKey))).rejects.toThrow();
    const after = await storedState();
    expect(after.rows).toBe(state.rows);
    expect(after.objects.length).toBe(state.objects.length);
    const docs = await t.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, a.vendor.id));
    expect(docs).toHaveLength(3);
  });

  it('lets an admin onboard a vendor on its behalf (vendor_id); the files belong to the vendor', async () => {
    const noId = await onboard(admin, FIELDS, ALL_DOCS);
    expect(noId.status).toBe(400);
    expect(noId.json.fields.vendor_id).toBe(MSG.vendorIdRequired);
    expect((await onboard(admin, { ...FIELDS, vendor_id: '999999' }, ALL_DOCS)).status).toBe(404);
    const audits = await auditCount(b.vendor.id);
    const res = await onboard(admin, { ...FIELDS, company_name: 'Vendor B LLC', vendor_id: String(b.vendor.id) }, ALL_DOCS);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: b.vendor.id, verification_status: 'pending' });
    expect(await auditCount(b.vendor.id)).toBe(audits + 1);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'vendor'), eq(auditLog.targetId, String(b.vendor.id)), eq(auditLog.action, 'vendor.onboarding')));
    expect(entry!.actorRole).toBe('admin');
    expect((await call(t.app, { url: res.json.trade_license.url, token: b.token })).status).toBe(200);
  });
});

describe('admin vendor management', () => {
  it('GET /api/admin/vendors: 401/403, paged with X-Total-Count, searched and filtered by derived status', async () => {
    expect((await call(t.app, { url: '/api/admin/vendors' })).status).toBe(401);
    expect((await call(t.app, { url: '/api/admin/vendors', token: a.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/vendors', token: customer })).status).toBe(403);
    const c = await signupVendor(t.app, 'Incomplete Camel Co');
    const page = await call(t.app, { url: '/api/admin/vendors?limit=2&offset=0', token: admin });
    expect(page.status).toBe(200);
    expect(page.json).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBe(3);
    expect(page.json[0].id).toBe(c.vendor.id); // newest first
    const next = await call(t.app, { url: '/api/admin/vendors?limit=2&offset=2', token: admin });
    expect(next.json).toHaveLength(1);
    const search = await call(t.app, { url: '/api/admin/vendors?search=camel', token: admin });
    expect(search.json.map((v: { id: number }) => v.id)).toEqual([c.vendor.id]);
    const pending = await call(t.app, { url: '/api/admin/vendors?status=pending', token: admin });
    expect(pending.json.map((v: { id: number }) => v.id).sort()).toEqual([a.vendor.id, b.vendor.id].sort());
    const incomplete = await call(t.app, { url: '/api/admin/vendors?status=incomplete', token: admin });
    expect(incomplete.json.map((v: { id: number }) => v.id)).toEqual([c.vendor.id]);
    const bad = await call(t.app, { url: '/api/admin/vendors?status=maybe', token: admin });
    expect(bad.status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/vendors?limit=0', token: admin })).status).toBe(400);
    const stats = await call(t.app, { url: '/api/admin/vendors/stats', token: admin });
    expect(stats.json).toEqual({ total: 3, verified: 0, pending: 2, incomplete: 1, rejected: 0 });
    expect((await call(t.app, { url: '/api/admin/vendors/stats', token: a.token })).status).toBe(403);
  });

  it('the admin bell counts vendors pending review', async () => {
    const res = await call(t.app, { url: '/api/admin/notifications/summary', token: admin });
    expect(res.status).toBe(200);
    expect(res.json.items).toContainEqual(expect.objectContaining({ kind: 'vendors_pending_review', count: 2, section: 'vendors' }));
  });

  it('PUT /api/admin/vendors/:id/verify: only admins, only while Pending Review; records who, when and the notes', async () => {
    const url = `/api/admin/vendors/${a.vendor.id}/verify`;
    expect((await call(t.app, { method: 'PUT', url, body: { is_verified: true } })).status).toBe(401);
    expect((await call(t.app, { method: 'PUT', url, token: a.token, body: { is_verified: true } })).status).toBe(403);
    const bad = await call(t.app, { method: 'PUT', url, token: admin, body: { is_verified: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.is_verified).toBeDefined();
    const incomplete = await call(t.app, { url: '/api/admin/vendors?status=incomplete', token: admin });
    const cId = incomplete.json[0].id as number;
    const early = await call(t.app, { method: 'PUT', url: `/api/admin/vendors/${cId}/verify`, token: admin, body: { is_verified: true } });
    expect(early.status).toBe(409);
    expect(early.json.error).toBe(MSG.vendorNotPendingReview('Incomplete'));
    expect(await auditCount(cId)).toBe(0);

    const audits = await auditCount(a.vendor.id);
    const ok = await call(t.app, { method: 'PUT', url, token: admin, body: { is_verified: true, verification_notes: 'Licence and ID checked' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ is_verified: true, verification_status: 'verified', verification_notes: 'Licence and ID checked' });
    expect(typeof ok.json.verified_by).toBe('string');
    expect(ok.json.verified_by.length).toBeGreaterThan(0);
    expect(Date.parse(ok.json.verification_date)).not.toBeNaN();
    expect(await auditCount(a.vendor.id)).toBe(audits + 1);
    // the vendor sees it
    const seen = await call(t.app, { url: `/api/vendors/${a.vendor.id}/profile`, token: a.token });
    expect(seen.json).toMatchObject({ verification_status: 'verified', verification_notes: 'Licence and ID checked', verified_by: ok.json.verified_by });
    const again = await call(t.app, { method: 'PUT', url, token: admin, body: { is_verified: false } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(MSG.vendorNotPendingReview('Verified'));

    const reject = await call(t.app, { method: 'PUT', url: `/api/admin/vendors/${b.vendor.id}/verify`, token: admin, body: { is_verified: false, verification_notes: 'ID unreadable' } });
    expect(reject.status).toBe(200);
    expect(reject.json).toMatchObject({ is_verified: false, verification_status: 'rejected', verification_notes: 'ID unreadable' });
    expect((await call(t.app, { url: '/api/admin/vendors/stats', token: admin })).json).toMatchObject({ verified: 1, rejected: 1, pending: 0 });
    expect((await call(t.app, { method: 'PUT', url: '/api/admin/vendors/999999/verify', token: admin, body: { is_verified: true } })).status).toBe(404);
  });

  it('a rejected vendor that sends a document again is back in Pending Review', async () => {
    const res = await onboard(b.token, { ...FIELDS, company_name: 'Vendor B LLC' }, [file('emirates_id_back', PNG, 'back-new.png', 'image/png')]);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ verification_status: 'pending', verification_date: null, verified_by: null });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, String(b.vendor.id)), eq(auditLog.action, 'vendor.onboarding'), eq(auditLog.actorRole, 'vendor')));
    expect(entry!.changes).toMatchObject({ emirates_id_back: { after: res.json.emirates_id_back.id }, rejected_at: { after: null } });
  });

  it('a verified vendor that sends new documents is reviewed again; new data alone keeps the verification', async () => {
    // vendor_id from a vendor's own session is ignored: it onboards itself only
    const dataOnly = await onboard(a.token, { ...FIELDS, phone: '+971 4 123 4567', vendor_id: String(b.vendor.id) }, []);
    expect(dataOnly.status).toBe(200);
    expect(dataOnly.json.id).toBe(a.vendor.id);
    expect(dataOnly.json.verification_status).toBe('verified');
    const docs = await onboard(a.token, FIELDS, [file('emirates_id_back', PNG, 'back-2.png', 'image/png')]);
    expect(docs.json).toMatchObject({ verification_status: 'pending', is_verified: false, verified_by: null });
    const again = await call(t.app, { method: 'PUT', url: `/api/admin/vendors/${a.vendor.id}/verify`, token: admin, body: { is_verified: true, verification_notes: 'New ID checked' } });
    expect(again.json.verification_status).toBe('verified');
  });

  it('PUT /api/admin/vendors/:id/documents/:type: admins replace one document under the same rules; old file deleted', async () => {
    const before = await call(t.app, { url: `/api/vendors/${a.vendor.id}`, token: admin });
    const oldId = before.json.emirates_id_front.id as string;
    expect((await putDocument(null, a.vendor.id, 'emirates_id_front', file('file', PNG, 'f.png'))).status).toBe(401);
    expect((await putDocument(a.token, a.vendor.id, 'emirates_id_front', file('file', PNG, 'f.png'))).status).toBe(403);
    expect((await putDocument(admin, a.vendor.id, 'passport', file('file', PNG, 'f.png'))).status).toBe(400);
    const state = await storedState();
    const wrong = await putDocument(admin, a.vendor.id, 'emirates_id_front', file('file', PDF, 'f.png'));
    expect(wrong.status).toBe(415);
    expect(await storedState()).toEqual(state);
    const audits = await auditCount(a.vendor.id);
    const ok = await putDocument(admin, a.vendor.id, 'emirates_id_front', file('file', JPG, 'front-2.jpg'));
    expect(ok.status).toBe(200);
    expect(ok.json.emirates_id_front.id).not.toBe(oldId);
    expect(ok.json.verification_status).toBe('verified'); // an admin's replacement keeps the decision
    expect(await t.database.db.select().from(files).where(eq(files.id, oldId))).toEqual([]);
    expect(await auditCount(a.vendor.id)).toBe(audits + 1);
    expect((await call(t.app, { url: ok.json.emirates_id_front.url, token: a.token })).status).toBe(200);
    expect((await putDocument(admin, 999999, 'emirates_id_front', file('file', JPG, 'x.jpg'))).status).toBe(404);
  });
});

describe('PUT /api/vendors/:id/profile audit', () => {
  it('leaves exactly one audit entry per edit, naming the fields that changed', async () => {
    const audits = await auditCount(a.vendor.id);
    const res = await call(t.app, { method: 'PUT', url: `/api/vendors/${a.vendor.id}/profile`, token: a.token, body: { phone: '+971 50 111 2222' } });
    expect(res.status).toBe(200);
    expect(await auditCount(a.vendor.id)).toBe(audits + 1);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'vendor.profile'), eq(auditLog.targetId, String(a.vendor.id))));
    expect(entry!.changes).toEqual({ phone: { before: '+971 4 123 4567', after: '+971 50 111 2222' } });
  });
});
