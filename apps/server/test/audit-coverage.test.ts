import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, multipart, signupCustomer, signupVendor, type TestContext } from './harness.js';
import type { OrderStatus } from '@souq/shared/constants';
import { DEFAULT_PERFORMANCE_THRESHOLDS } from '@souq/shared/rules/seller-performance';
import { makeProduct, placeOrder } from './admin-fixtures.js';
import { startTestPayments } from './payments-fixtures.js';

// Issue 13: every write of the admin and vendor areas leaves exactly one audit entry naming who did it, from where,
// what and on which record, with the changed fields before → after. The write routes come from the app's own route
// table, so a route added later without an entry below fails here with its name: add an entry (a few lines: the
// request, and the entry it must leave). The area's write routes are POST/PUT/PATCH/DELETE routes whose guard
// admits only vendors and/or admins (the /api/admin/ prefix, requireAdmin, requireVendor, requireVendorOrAdmin).
// POST /api/admin/access and /api/admin/logout are public doors, not record writes: failed sign-ins are kept as
// access attempts (Security section), sessions as sessions.

type Who = 'admin' | 'vendor';
type Expected = {
  action: string;
  target: { type: string; id: string | number };
  /** Matched with toMatchObject: the changed fields that must be there, before → after (one side when the other varies). */
  changes: Record<string, { before?: unknown; after?: unknown }>;
};
/** What a case sends: a JSON `body`, or a multipart `form` (see harness `multipart`) for upload routes. */
type Prepared = { url: string; body?: unknown; form?: { payload: Buffer; headers: Record<string, string> }; expect: Expected };
type Case = { as: Who; prepare: (fx: Fixtures) => Promise<Prepared> };

const CASES: Record<string, Case> = {
  // ---- admin: users, orders, products (admin §2) ----
  'PUT /api/admin/users/:id': { as: 'admin', prepare: async (fx) => {
    const c = await fx.customer('Before Audit');
    return { url: `/api/admin/users/${c}`, body: { name: 'After Audit' }, expect: { action: 'user.update', target: { type: 'user', id: c }, changes: { name: { before: 'Before Audit', after: 'After Audit' } } } };
  } },
  'DELETE /api/admin/users/:id': { as: 'admin', prepare: async (fx) => {
    const c = await fx.customer('Leaving');
    return { url: `/api/admin/users/${c}`, expect: { action: 'user.deactivate', target: { type: 'user', id: c }, changes: { deactivatedAt: { before: null } } } };
  } },
  'PUT /api/admin/orders/:id/status': { as: 'admin', prepare: async (fx) => {
    const o = await fx.order();
    return { url: `/api/admin/orders/${o}/status`, body: { status: 'shipped', notes: 'courier' }, expect: { action: 'order.status', target: { type: 'order', id: o }, changes: { status: { before: 'pending', after: 'shipped' }, notes: { before: null, after: 'courier' } } } };
  } },
  'PUT /api/admin/orders/:id/assign-vendor': { as: 'admin', prepare: async (fx) => {
    const o = await fx.order();
    return { url: `/api/admin/orders/${o}/assign-vendor`, body: { vendor_id: fx.vendorId }, expect: { action: 'order.assignVendor', target: { type: 'order', id: o }, changes: { vendor_id: { before: null, after: fx.vendorId } } } };
  } },
  'PUT /api/admin/products/:id': { as: 'admin', prepare: async (fx) => {
    const p = await fx.product('Admin Edit Lamp', 1000);
    return { url: `/api/admin/products/${p}`, body: { price_cents: 1250, stock_quantity: 7 }, expect: { action: 'product.update', target: { type: 'product', id: p }, changes: { priceCents: { before: 1000, after: 1250 }, stock: { before: 50, after: 7 } } } };
  } },
  'DELETE /api/admin/products/:id': { as: 'admin', prepare: async (fx) => {
    const p = await fx.product('Admin Delete Lamp', 1000);
    return { url: `/api/admin/products/${p}`, expect: { action: 'product.delete', target: { type: 'product', id: p }, changes: { name: { before: 'Admin Delete Lamp', after: null } } } };
  } },
  // ---- admin: live chat monitor and support inbox ----
  'PATCH /api/admin/chats/:id/status': { as: 'admin', prepare: async (fx) => {
    const s = await fx.chat();
    return { url: `/api/admin/chats/${s}/status`, body: { status: 'escalated', notes: 'needs a person' }, expect: { action: 'chat.status', target: { type: 'chat_session', id: s }, changes: { status: { before: 'active', after: 'escalated' }, statusNotes: { after: 'needs a person' } } } };
  } },
  'POST /api/admin/chats/:id/assign': { as: 'admin', prepare: async (fx) => {
    const s = await fx.chat();
    return { url: `/api/admin/chats/${s}/assign`, body: {}, expect: { action: 'chat.assign', target: { type: 'chat_session', id: s }, changes: { adminAssigned: { before: null, after: fx.adminId } } } };
  } },
  'POST /api/admin/chats/:id/mark-read': { as: 'admin', prepare: async (fx) => {
    const s = await fx.chat();
    return { url: `/api/admin/chats/${s}/mark-read`, body: {}, expect: { action: 'chat.markRead', target: { type: 'chat_session', id: s }, changes: { unreadMessages: { after: 0 } } } };
  } },
  'POST /api/admin/chats/:id/messages': { as: 'admin', prepare: async (fx) => {
    const s = await fx.chat();
    return { url: `/api/admin/chats/${s}/messages`, body: { message: 'A person here' }, expect: { action: 'chat.reply', target: { type: 'chat_session', id: s }, changes: { message: { before: null, after: 'A person here' } } } };
  } },
  'POST /api/admin/support/conversations/:id/messages': { as: 'admin', prepare: async (fx) => {
    const c = await fx.conversation();
    return { url: `/api/admin/support/conversations/${c}/messages`, body: { message: 'Looking into it' }, expect: { action: 'support.reply', target: { type: 'support_conversation', id: c }, changes: { message: { before: null, after: 'Looking into it' } } } };
  } },
  'PATCH /api/admin/support/conversations/:id': { as: 'admin', prepare: async (fx) => {
    const c = await fx.conversation();
    return { url: `/api/admin/support/conversations/${c}`, body: { status: 'resolved' }, expect: { action: 'support.update', target: { type: 'support_conversation', id: c }, changes: { status: { before: 'open', after: 'resolved' } } } };
  } },
  'POST /api/notifications/broadcast': { as: 'admin', prepare: async () => ({
    url: '/api/notifications/broadcast', body: { title: 'Sale', body: 'Half off', type: 'announcement' },
    expect: { action: 'notification.broadcast', target: { type: 'broadcast', id: '*' }, changes: { title: { before: null, after: 'Sale' }, type: { before: null, after: 'announcement' } } },
  }) },
  // ---- admin: the Security section itself ----
  'POST /api/admin/security/codes': { as: 'admin', prepare: async () => ({
    url: '/api/admin/security/codes', body: { name: 'Coverage Newcomer' },
    expect: { action: 'admin_code.create', target: { type: 'admin_code', id: '*' }, changes: { name: { before: null, after: 'Coverage Newcomer' } } },
  }) },
  'DELETE /api/admin/security/codes/:id': { as: 'admin', prepare: async (fx) => {
    const { id } = await fx.adminCode('Coverage Leaver');
    return { url: `/api/admin/security/codes/${id}`, expect: { action: 'admin_code.revoke', target: { type: 'admin_code', id }, changes: { revoked_at: { before: null } } } };
  } },
  'DELETE /api/admin/security/sessions/:id': { as: 'admin', prepare: async (fx) => {
    const { code } = await fx.adminCode('Coverage Session');
    await call(fx.t.app, { method: 'POST', url: '/api/admin/access', body: { code } });
    const [row] = await fx.t.database.query<{ id: number }>('select id from sessions order by id desc limit 1');
    return { url: `/api/admin/security/sessions/${row!.id}`, expect: { action: 'admin_session.revoke', target: { type: 'admin_session', id: row!.id }, changes: { admin: { before: 'Coverage Session', after: null } } } };
  } },
  // ---- vendor: products, embeds, profile, the optimisation dashboard ----
  'POST /api/products': { as: 'vendor', prepare: async () => ({
    url: '/api/products', body: { name: 'Vendor New Mug', description: 'A mug.', price_cents: 1500 },
    expect: { action: 'product.create', target: { type: 'product', id: '*' }, changes: { name: { before: null, after: 'Vendor New Mug' }, priceCents: { before: null, after: 1500 } } },
  }) },
  'PUT /api/products/:id': { as: 'vendor', prepare: async (fx) => {
    const p = await fx.product('Vendor Edit Mug', 1500, fx.vendorId);
    return { url: `/api/products/${p}`, body: { name: 'Vendor Edited Mug' }, expect: { action: 'product.update', target: { type: 'product', id: p }, changes: { name: { before: 'Vendor Edit Mug', after: 'Vendor Edited Mug' } } } };
  } },
  'DELETE /api/products/:id': { as: 'vendor', prepare: async (fx) => {
    const p = await fx.product('Vendor Gone Mug', 1500, fx.vendorId);
    return { url: `/api/products/${p}`, expect: { action: 'product.delete', target: { type: 'product', id: p }, changes: { name: { before: 'Vendor Gone Mug', after: null } } } };
  } },
  'POST /api/embedded-products': { as: 'vendor', prepare: async (fx) => {
    const p = await fx.product('Vendor Embed Mug', 1500, fx.vendorId);
    return { url: '/api/embedded-products', body: { product_id: p, embed_settings: { theme: 'dark' } }, expect: { action: 'embed.create', target: { type: 'embed', id: '*' }, changes: { productId: { before: null, after: p } } } };
  } },
  'PUT /api/vendors/:id/profile': { as: 'vendor', prepare: async (fx) => ({
    url: `/api/vendors/${fx.vendorId}/profile`, body: { company_name: 'Renamed Trading LLC' },
    expect: { action: 'vendor.profile', target: { type: 'vendor', id: fx.vendorId }, changes: { company_name: { before: 'Coverage Vendor LLC', after: 'Renamed Trading LLC' } } },
  }) },
  'PUT /api/vendor/optimisation/settings': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/optimisation/settings', body: { autoOptimize: true },
    expect: { action: 'optimiser.settings', target: { type: 'vendor', id: fx.vendorId }, changes: { autoOptimize: { before: false, after: true } } },
  }) },
  'POST /api/vendor/optimisation/runs': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/optimisation/runs',
    expect: { action: 'optimiser.run', target: { type: 'vendor', id: fx.vendorId }, changes: { products: { before: null } } },
  }) },
  'POST /api/vendor/optimisation/performance': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/optimisation/performance', body: { load_ms: 120, render_ms: 40, memory_pct: null, latency_ms: 30 },
    expect: { action: 'optimiser.performance', target: { type: 'vendor', id: fx.vendorId }, changes: { load_ms: { before: null, after: 120 } } },
  }) },
  'POST /api/vendor/optimisation/activity': { as: 'vendor', prepare: async (fx) => {
    const p = await fx.product('Vendor Applied Mug', 1500, fx.vendorId);
    return { url: '/api/vendor/optimisation/activity', body: { product_id: p, field: 'title' }, expect: { action: 'optimiser.applied', target: { type: 'vendor', id: fx.vendorId }, changes: { productId: { before: null, after: p }, field: { before: null, after: 'title' } } } };
  } },
  // ---- vendor lifecycle (issue 8): onboarding, verification, documents ----
  'POST /api/vendors/onboarding': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendors/onboarding',
    form: multipart({ ...ONBOARDING, company_name: 'Coverage Vendor LLC', email: 'vera@coverage.example' }, ALL_DOCUMENTS),
    expect: { action: 'vendor.onboarding', target: { type: 'vendor', id: fx.vendorId }, changes: { business_type: { after: 'LLC' } } },
  }) },
  'PUT /api/admin/vendors/:id/verify': { as: 'admin', prepare: async (fx) => {
    const v = await fx.pendingVendor();
    return { url: `/api/admin/vendors/${v}/verify`, body: { is_verified: true, verification_notes: 'Documents checked' }, expect: { action: 'vendor.verify', target: { type: 'vendor', id: v }, changes: { is_verified: { before: false, after: true } } } };
  } },
  'PUT /api/admin/vendors/:id/documents/:type': { as: 'admin', prepare: async (fx) => {
    const v = await fx.pendingVendor();
    return {
      url: `/api/admin/vendors/${v}/documents/trade_license`,
      form: multipart({}, [{ field: 'file', filename: 'licence.pdf', contentType: 'application/pdf', data: DOC.pdf }]),
      // the replaced file's id before → after, never its contents
      expect: { action: 'vendor.document', target: { type: 'vendor', id: v }, changes: { trade_license: { before: expect.anything(), after: expect.anything() } } },
    };
  } },
  // ---- vendor dashboard (h-vdash): Ship, settings ----
  'POST /api/vendor/orders/:id/ship': { as: 'vendor', prepare: async (fx) => {
    const o = await fx.order({ vendorId: fx.vendorId, status: 'processing' });
    return {
      url: `/api/vendor/orders/${o}/ship`, body: { tracking_number: 'AWB 1', carrier: 'Aramex' },
      expect: { action: 'order.status', target: { type: 'order', id: o }, changes: { status: { before: 'processing', after: 'shipped' }, tracking_number: { before: null, after: 'AWB 1' }, carrier: { before: null, after: 'Aramex' } } },
    };
  } },
  // ---- carriers (decision 0150): booking ships the sub-order (its status move is the entry); a return's pickup ----
  'POST /api/vendor/orders/:id/shipment': { as: 'vendor', prepare: async (fx) => {
    const o = await fx.order({ vendorId: fx.vendorId, status: 'confirmed' });
    return {
      url: `/api/vendor/orders/${o}/shipment`, body: { carrier: 'aramex', weight_grams: 800, pieces: 1 },
      expect: { action: 'order.status', target: { type: 'order', id: o }, changes: { status: { before: 'confirmed', after: 'shipped' }, carrier: { before: null, after: 'Aramex' } } },
    };
  } },
  'POST /api/vendor/returns/:id/pickup': { as: 'vendor', prepare: async (fx) => {
    const r = await fx.returnRequest(fx.vendorId, 'approved');
    return {
      url: `/api/vendor/returns/${r}/pickup`, body: { carrier: 'quiqup', weight_grams: 500, pieces: 1 },
      expect: { action: 'return.pickup', target: { type: 'return', id: r }, changes: { carrier: { before: null, after: 'quiqup' } } },
    };
  } },
  // ---- sellers paid by transfer (decision 0147): the payout account at the provider ----
  'POST /api/vendor/earnings/provider-account/onboarding': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/earnings/provider-account/onboarding',
    expect: { action: 'payout_account.onboarding', target: { type: 'vendor', id: fx.vendorId }, changes: { provider: { after: 'stripe' } } },
  }) },
  'POST /api/vendor/earnings/provider-account/refresh': { as: 'vendor', prepare: async (fx) => {
    await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', body: {}, token: fx.tokens.vendor });
    return { url: '/api/vendor/earnings/provider-account/refresh', expect: { action: 'payout_account.refresh', target: { type: 'vendor', id: fx.vendorId }, changes: {} } };
  } },
  // ---- a vendor runs its own sub-orders (decision 0086) ----
  'POST /api/vendor/orders/:id/confirm': { as: 'vendor', prepare: async (fx) => {
    const o = await fx.order({ vendorId: fx.vendorId });
    return { url: `/api/vendor/orders/${o}/confirm`, expect: { action: 'order.status', target: { type: 'order', id: o }, changes: { status: { before: 'pending', after: 'confirmed' } } } };
  } },
  'POST /api/vendor/orders/:id/deliver': { as: 'vendor', prepare: async (fx) => {
    const o = await fx.order({ vendorId: fx.vendorId, status: 'shipped' });
    return { url: `/api/vendor/orders/${o}/deliver`, expect: { action: 'order.status', target: { type: 'order', id: o }, changes: { status: { before: 'shipped', after: 'delivered' } } } };
  } },
  'POST /api/vendor/orders/:id/cancel': { as: 'vendor', prepare: async (fx) => {
    const o = await fx.order({ vendorId: fx.vendorId, status: 'confirmed' });
    return { url: `/api/vendor/orders/${o}/cancel`, expect: { action: 'order.status', target: { type: 'order', id: o }, changes: { status: { before: 'confirmed', after: 'cancelled' } } } };
  } },
  // ---- agents (issue 27, decision 0097): an admin blocks and unblocks an agent ----
  'POST /api/admin/agents/block': { as: 'admin', prepare: async () => ({
    // an agent is its profile's origin (decision 0130): a profile URL given by the admin blocks that origin
    url: '/api/admin/agents/block', body: { agent: 'https://audit-agent.example/.well-known/ucp', reason: 'scraping' },
    expect: { action: 'agent.block', target: { type: 'agent', id: 'https://audit-agent.example' }, changes: { blocked: { before: false, after: true }, reason: { after: 'scraping' } } },
  }) },
  'POST /api/admin/agents/unblock': { as: 'admin', prepare: async (fx) => {
    await fx.t.app.services.agentGuard.block('https://unblock-agent.example', 'test', { userId: null, role: 'admin', name: 'Set Up', ip: '127.0.0.1' });
    return {
      url: '/api/admin/agents/unblock', body: { agent: 'https://unblock-agent.example' },
      expect: { action: 'agent.unblock', target: { type: 'agent', id: 'https://unblock-agent.example' }, changes: { blocked: { before: true, after: false } } },
    };
  } },
  // Souq's UCP signing key (decision 0131): the new key's id, the previous one's before it
  'POST /api/admin/agents/signing-keys/rotate': { as: 'admin', prepare: async (fx) => {
    const before = (await fx.t.app.services.agentSigning.published())[0]!.kid;
    return { url: '/api/admin/agents/signing-keys/rotate', expect: { action: 'agent.signing_key_rotate', target: { type: 'signing_key', id: '*' }, changes: { kid: { before } } } };
  } },
  // ---- commission rates (decision 0087) ----
  'PUT /api/admin/commission': { as: 'admin', prepare: async () => ({
    url: '/api/admin/commission', body: { scope: 'category', category: 'Audit Lamps', rate_bps: 750 },
    expect: { action: 'commission.set', target: { type: 'commission', id: 'category:Audit Lamps' }, changes: { rate_bps: { before: null, after: 750 } } },
  }) },
  'DELETE /api/admin/commission': { as: 'admin', prepare: async (fx) => {
    await fx.t.app.services.ledger.setRate({ scope: 'vendor', vendor_id: fx.vendorId, rate_bps: 300 }, { userId: null, role: 'admin', name: 'Set Up', ip: '127.0.0.1' });
    return {
      url: `/api/admin/commission?scope=vendor&vendor_id=${fx.vendorId}`,
      expect: { action: 'commission.delete', target: { type: 'commission', id: `vendor:${fx.vendorId}` }, changes: { rate_bps: { before: 300, after: null } } },
    };
  } },
  // ---- payouts and adjustments (decision 0095) ----
  'PUT /api/vendors/:id/payout-account': { as: 'vendor', prepare: async (fx) => ({
    url: `/api/vendors/${fx.vendorId}/payout-account`, body: { iban: 'AE070331234567890123456', account_holder: 'Coverage Vendor LLC' },
    expect: { action: 'vendor.payout_account', target: { type: 'vendor', id: fx.vendorId }, changes: { iban: { after: 'AE•• •••• 3456' }, account_holder: { after: 'Coverage Vendor LLC' } } },
  }) },
  'POST /api/admin/finance/payout-batches': { as: 'admin', prepare: async (fx) => {
    await fx.payable();
    return { url: '/api/admin/finance/payout-batches', body: {}, expect: { action: 'payout.batch', target: { type: 'payout_batch', id: '*' }, changes: { payouts: { before: null } } } };
  } },
  'POST /api/admin/finance/payouts/:id/paid': { as: 'admin', prepare: async (fx) => {
    const id = await fx.payout();
    return { url: `/api/admin/finance/payouts/${id}/paid`, expect: { action: 'payout.paid', target: { type: 'payout', id }, changes: { status: { before: 'pending', after: 'paid' } } } };
  } },
  'POST /api/admin/finance/payouts/:id/failed': { as: 'admin', prepare: async (fx) => {
    const id = await fx.payout();
    return {
      url: `/api/admin/finance/payouts/${id}/failed`, body: { reason: 'Account closed' },
      expect: { action: 'payout.failed', target: { type: 'payout', id }, changes: { status: { before: 'pending', after: 'failed' }, reason: { after: 'Account closed' } } },
    };
  } },
  'POST /api/admin/finance/payout-accounts/:id/verify': { as: 'admin', prepare: async (fx) => {
    await fx.t.app.services.payouts.setPayoutAccount(fx.vendorId, { iban: 'AE960260001015180340701', account_holder: 'Coverage Vendor LLC' }, { userId: null, role: 'system', name: 'Set Up', ip: null });
    return {
      url: `/api/admin/finance/payout-accounts/${fx.vendorId}/verify`,
      expect: { action: 'vendor.payout_account_verify', target: { type: 'vendor', id: fx.vendorId }, changes: { state: { before: 'pending_verification', after: 'verified' } } },
    };
  } },
  'POST /api/admin/finance/adjustments': { as: 'admin', prepare: async (fx) => ({
    url: '/api/admin/finance/adjustments', body: { vendor_id: fx.vendorId, amount_cents: -250, reason: 'Packaging fee' },
    expect: { action: 'vendor.adjustment', target: { type: 'vendor', id: fx.vendorId }, changes: { amount_cents: { after: -250 }, reason: { after: 'Packaging fee' } } },
  }) },
  // ---- cash on delivery settled (decision 0140) ----
  'POST /api/admin/cod/couriers': { as: 'admin', prepare: async () => ({
    url: '/api/admin/cod/couriers', body: { code: 'AUDX', name: 'Audit Express' },
    expect: { action: 'courier.create', target: { type: 'courier', id: '*' }, changes: { name: { before: null, after: 'Audit Express' } } },
  }) },
  'POST /api/admin/cod/couriers/:id/token': { as: 'admin', prepare: async (fx) => {
    const c = await fx.t.app.services.cod.createCourier({ code: 'AUDT', name: 'Audit Token Post', name_ar: '' }, { userId: null, role: 'system', name: 'Set Up', ip: null });
    return { url: `/api/admin/cod/couriers/${c.id}/token`, expect: { action: 'courier.token', target: { type: 'courier', id: c.id }, changes: { api_access: { after: 'renewed' } } } };
  } },
  'PUT /api/admin/cod/settings': { as: 'admin', prepare: async () => ({
    url: '/api/admin/cod/settings', body: { refusal_threshold: 3 },
    expect: { action: 'cod.settings', target: { type: 'settings', id: 'cod.refusal_threshold' }, changes: { refusal_threshold: { after: 3 } } },
  }) },
  'POST /api/admin/cod/remittances': { as: 'admin', prepare: async (fx) => {
    const id = await fx.order({ vendorId: fx.vendorId, status: 'delivered', payment: 'cod' });
    const [o] = await fx.t.database.query<{ order_number: string; total_cents: number }>('select order_number, total_cents from orders where id = $1', [id]);
    return {
      url: '/api/admin/cod/remittances', body: { csv: `${o!.order_number},${(o!.total_cents / 100).toFixed(2)},${new Date().toISOString().slice(0, 10)}` },
      expect: { action: 'cod.remittance', target: { type: 'cod_remittance', id: '*' }, changes: { sub_orders: { after: 1 }, expected_cents: { after: o!.total_cents } } },
    };
  } },
  'POST /api/admin/cod/orders/:id/refused': { as: 'admin', prepare: async (fx) => {
    const id = await fx.order({ vendorId: fx.vendorId, status: 'shipped', payment: 'cod' });
    return { url: `/api/admin/cod/orders/${id}/refused`, body: {}, expect: { action: 'order.status', target: { type: 'order', id }, changes: { status: { before: 'shipped', after: 'cancelled' } } } };
  } },
  // ---- reconciliation (decision 0143) ----
  'POST /api/admin/finance/reconciliation/runs': { as: 'admin', prepare: async () => ({
    url: '/api/admin/finance/reconciliation/runs', expect: { action: 'reconciliation.run', target: { type: 'reconciliation_run', id: '*' }, changes: { differences: { before: null } } },
  }) },
  'POST /api/admin/finance/reconciliation/bank-statements': { as: 'admin', prepare: async () => ({
    url: '/api/admin/finance/reconciliation/bank-statements', body: { filename: 'audit.csv', content: 'date,amount,currency,reference,description\n2026-03-02,-15.00,AED,FEE-1,Account fee\n' },
    expect: { action: 'bank_statement.import', target: { type: 'bank_statement', id: '*' }, changes: { lines: { after: 1 }, filename: { after: 'audit.csv' } } },
  }) },
  // ---- the vendor's shipping rule and return window (decision 0096) ----
  'PUT /api/vendor/shipping': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/shipping', body: { shipping_fee_cents: 1200, free_shipping_above_cents: 15000, return_window_days: 7 },
    expect: { action: 'vendor.shipping', target: { type: 'vendor', id: fx.vendorId }, changes: { shipping_fee_cents: { before: null, after: 1200 }, return_window_days: { before: 14, after: 7 } } },
  }) },
  // ---- promotions (issue 39, decision 0148) ----
  'POST /api/vendor/promotions': { as: 'vendor', prepare: async (fx) => {
    const p = await fx.product('Vendor Promo Mug', 1500, fx.vendorId);
    return {
      url: '/api/vendor/promotions', body: { kind: 'deal', name: 'Mug week', percent_bps: 1000, product_ids: [p], starts_at: new Date().toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString() },
      expect: { action: 'promotion.create', target: { type: 'promotion', id: '*' }, changes: { name: { before: null, after: 'Mug week' }, funder: { before: null, after: 'seller' } } },
    };
  } },
  'POST /api/vendor/promotions/:id/status': { as: 'vendor', prepare: async (fx) => {
    const id = await fx.promotion(fx.vendorId);
    return { url: `/api/vendor/promotions/${id}/status`, body: { status: 'paused' }, expect: { action: 'promotion.pause', target: { type: 'promotion', id }, changes: { status: { before: 'active', after: 'paused' } } } };
  } },
  'POST /api/vendor/promotions/:id/codes': { as: 'vendor', prepare: async (fx) => {
    const id = await fx.promotion(fx.vendorId, true);
    const c = await fx.customer('Code Holder');
    return { url: `/api/vendor/promotions/${id}/codes`, body: { user_id: c }, expect: { action: 'promotion.issue_code', target: { type: 'promotion', id }, changes: { user_id: { before: null, after: c } } } };
  } },
  'POST /api/vendor/campaigns/:id/opt-in': { as: 'vendor', prepare: async (fx) => {
    const id = await fx.promotion(null);
    const p = await fx.product('Vendor Opt-in Mug', 1500, fx.vendorId);
    return { url: `/api/vendor/campaigns/${id}/opt-in`, body: { product_ids: [p] }, expect: { action: 'promotion.opt_in', target: { type: 'promotion', id }, changes: { product_ids: { before: null, after: [p] } } } };
  } },
  'POST /api/admin/promotions': { as: 'admin', prepare: async () => ({
    url: '/api/admin/promotions', body: { kind: 'coupon', name: 'Audit Friday', code: 'AUDITFRI', percent_bps: 1000, funder: 'split', seller_percent: 50, starts_at: new Date().toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString() },
    expect: { action: 'promotion.create', target: { type: 'promotion', id: '*' }, changes: { code: { before: null, after: 'AUDITFRI' }, funder: { before: null, after: 'split' } } },
  }) },
  'POST /api/admin/promotions/:id/status': { as: 'admin', prepare: async (fx) => {
    const id = await fx.promotion(null);
    return { url: `/api/admin/promotions/${id}/status`, body: { status: 'paused' }, expect: { action: 'promotion.pause', target: { type: 'promotion', id }, changes: { status: { before: 'active', after: 'paused' } } } };
  } },
  'POST /api/admin/promotions/:id/codes': { as: 'admin', prepare: async (fx) => {
    const id = await fx.promotion(null, true);
    const c = await fx.customer('Campaign Code Holder');
    return { url: `/api/admin/promotions/${id}/codes`, body: { user_id: c }, expect: { action: 'promotion.issue_code', target: { type: 'promotion', id }, changes: { user_id: { before: null, after: c } } } };
  } },
  'PUT /api/admin/promotions/stacking': { as: 'admin', prepare: async () => ({
    url: '/api/admin/promotions/stacking', body: { deals_stack_with_coupons: false },
    expect: { action: 'promotion.stacking', target: { type: 'setting', id: 'promotions_deals_stack_with_coupons' }, changes: { deals_stack_with_coupons: { before: true, after: false } } },
  }) },
  // ---- public holidays of the delivery promise (decision 0151) ----
  'POST /api/admin/holidays': { as: 'admin', prepare: async () => ({
    url: '/api/admin/holidays', body: { date: '2027-07-01', name_en: 'Audit day', name_ar: 'يوم التدقيق' },
    expect: { action: 'holiday.add', target: { type: 'holiday', id: '2027-07-01' }, changes: { name_en: { before: null, after: 'Audit day' } } },
  }) },
  'DELETE /api/admin/holidays/:date': { as: 'admin', prepare: async () => ({
    url: '/api/admin/holidays/2026-12-02',
    expect: { action: 'holiday.remove', target: { type: 'holiday', id: '2026-12-02' }, changes: { name_en: { before: 'National Day', after: null } } },
  }) },
  // ---- UAE VAT (decisions 0098, 0099) ----
  'PUT /api/admin/tax-settings': { as: 'admin', prepare: async () => ({
    url: '/api/admin/tax-settings', body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq FZ-LLC', address: 'Dubai', trn: '100000000000003' },
    expect: { action: 'tax.settings', target: { type: 'settings', id: 'tax' }, changes: { trn: { before: '', after: '100000000000003' } } },
  }) },
  // the month's commission documents on demand (decision 0108): audited even when nothing was due
  'POST /api/admin/commission-documents/issue': { as: 'admin', prepare: async () => ({
    url: '/api/admin/commission-documents/issue', body: { period: '2020-01' },
    expect: { action: 'commission.issue', target: { type: 'commission_period', id: '2020-01' }, changes: { issued: { after: 'none' } } },
  }) },
  'PUT /api/vendor/tax-profile': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/tax-profile', body: { vat_registered: true, trn: '100123456700003' },
    expect: { action: 'vendor.taxProfile', target: { type: 'vendor', id: fx.vendorId }, changes: { vat_registered: { before: false, after: true }, trn: { before: '', after: '100123456700003' } } },
  }) },
  'PUT /api/vendor/settings': { as: 'vendor', prepare: async (fx) => ({
    url: '/api/vendor/settings', body: { low_stock_threshold: 3 },
    expect: { action: 'vendor.settings', target: { type: 'vendor', id: fx.vendorId }, changes: { low_stock_threshold: { after: 3 } } },
  }) },
  // ---- verified reviews (issue 28): the vendor's one reply, the admin's moderation ----
  'POST /api/vendor/reviews/:id/reply': { as: 'vendor', prepare: async (fx) => {
    const r = await fx.review(fx.vendorId);
    return { url: `/api/vendor/reviews/${r}/reply`, body: { body: 'Thank you!' }, expect: { action: 'review.reply', target: { type: 'review', id: r }, changes: { replyBody: { before: null, after: 'Thank you!' } } } };
  } },
  'POST /api/admin/reviews/:id/hide': { as: 'admin', prepare: async (fx) => {
    const r = await fx.review(null);
    return { url: `/api/admin/reviews/${r}/hide`, body: { reason: 'Off topic' }, expect: { action: 'review.hide', target: { type: 'review', id: r }, changes: { status: { before: 'visible', after: 'hidden' }, hiddenReason: { before: null, after: 'Off topic' } } } };
  } },
  'POST /api/admin/reviews/:id/restore': { as: 'admin', prepare: async (fx) => {
    const r = await fx.review(null);
    await fx.t.database.query("update reviews set status = 'hidden', hidden_reason = 'x' where id = $1", [r]);
    return { url: `/api/admin/reviews/${r}/restore`, expect: { action: 'review.restore', target: { type: 'review', id: r }, changes: { status: { before: 'hidden', after: 'visible' } } } };
  } },
  // ---- returns and refunds per line (decision 0094) ----
  'POST /api/vendor/returns/:id/approve': { as: 'vendor', prepare: async (fx) => {
    const r = await fx.returnRequest(fx.vendorId, 'requested');
    return { url: `/api/vendor/returns/${r}/approve`, body: { note: 'Send it back' }, expect: { action: 'return.approve', target: { type: 'return', id: r }, changes: { status: { before: 'requested', after: 'approved' }, note: { before: null, after: 'Send it back' } } } };
  } },
  'POST /api/vendor/returns/:id/reject': { as: 'vendor', prepare: async (fx) => {
    const r = await fx.returnRequest(fx.vendorId, 'requested');
    return { url: `/api/vendor/returns/${r}/reject`, body: { note: 'Used' }, expect: { action: 'return.reject', target: { type: 'return', id: r }, changes: { status: { before: 'requested', after: 'rejected' }, note: { before: null, after: 'Used' } } } };
  } },
  'POST /api/vendor/returns/:id/receive': { as: 'vendor', prepare: async (fx) => {
    const r = await fx.returnRequest(fx.vendorId, 'approved');
    return { url: `/api/vendor/returns/${r}/receive`, body: { restock: true }, expect: { action: 'return.receive', target: { type: 'return', id: r }, changes: { status: { before: 'approved', after: 'received' }, restock: { before: null, after: true } } } };
  } },
  'POST /api/admin/returns/:id/approve': { as: 'admin', prepare: async (fx) => {
    const r = await fx.returnRequest(null, 'requested');
    return { url: `/api/admin/returns/${r}/approve`, body: { note: 'Send it back' }, expect: { action: 'return.approve', target: { type: 'return', id: r }, changes: { status: { before: 'requested', after: 'approved' }, note: { before: null, after: 'Send it back' } } } };
  } },
  'POST /api/admin/returns/:id/reject': { as: 'admin', prepare: async (fx) => {
    const r = await fx.returnRequest(null, 'requested');
    return { url: `/api/admin/returns/${r}/reject`, body: { note: 'Used' }, expect: { action: 'return.reject', target: { type: 'return', id: r }, changes: { status: { before: 'requested', after: 'rejected' }, note: { before: null, after: 'Used' } } } };
  } },
  'POST /api/admin/refund-batches': { as: 'admin', prepare: async (fx) => {
    await fx.bankRefund(false);
    return { url: '/api/admin/refund-batches', expect: { action: 'refund.batch', target: { type: 'refund_batch', id: '*' }, changes: { refunds: { before: null } } } };
  } },
  'POST /api/admin/refunds/:id/paid': { as: 'admin', prepare: async (fx) => {
    const id = await fx.bankRefund(true);
    return { url: `/api/admin/refunds/${id}/paid`, expect: { action: 'refund.paid', target: { type: 'bank_refund', id }, changes: { status: { before: 'sent', after: 'paid' } } } };
  } },
  'POST /api/admin/refunds/:id/failed': { as: 'admin', prepare: async (fx) => {
    const id = await fx.bankRefund(true);
    return {
      url: `/api/admin/refunds/${id}/failed`, body: { reason: 'Account closed' },
      expect: { action: 'refund.failed', target: { type: 'bank_refund', id }, changes: { status: { before: 'sent', after: 'failed' }, reason: { before: null, after: 'Account closed' } } },
    };
  } },
  'POST /api/admin/returns/:id/receive': { as: 'admin', prepare: async (fx) => {
    const r = await fx.returnRequest(null, 'approved');
    return { url: `/api/admin/returns/${r}/receive`, body: { restock: true }, expect: { action: 'return.receive', target: { type: 'return', id: r }, changes: { status: { before: 'approved', after: 'received' }, restock: { before: null, after: true } } } };
  } },
  // ---- admin: sellers held to their promises (decision 0154) ----
  'POST /api/admin/vendors/:id/performance/evaluate': { as: 'admin', prepare: async (fx) => {
    const v = (await signupVendor(fx.t.app, 'Evaluated Seller LLC')).vendor.id;
    return { url: `/api/admin/vendors/${v}/performance/evaluate`, expect: { action: 'seller_performance.evaluate', target: { type: 'vendor', id: v }, changes: { state: { before: 'fine', after: 'fine' } } } };
  } },
  'POST /api/admin/vendors/:id/performance/lift': { as: 'admin', prepare: async (fx) => {
    const v = (await signupVendor(fx.t.app, 'Paused Seller LLC')).vendor.id;
    const p = await fx.product('Paused Lamp', 900, v);
    // set up as a pause leaves it: the product off sale, its id kept for the lift
    await fx.t.database.query(`update products set status = 'inactive' where id = $1`, [p]);
    await fx.t.database.query(`insert into seller_performance (vendor_id, state, paused_at, paused_product_ids) values ($1, 'paused', now(), $2)`, [v, [p]]);
    return {
      url: `/api/admin/vendors/${v}/performance/lift`, body: { note: 'Reviewed with the seller' },
      expect: { action: 'seller_performance.lift', target: { type: 'vendor', id: v }, changes: { state: { before: 'paused', after: 'fine' }, listings_back: { before: 0, after: 1 }, note: { after: 'Reviewed with the seller' } } },
    };
  } },
  'PUT /api/admin/seller-performance/settings': { as: 'admin', prepare: async () => ({
    url: '/api/admin/seller-performance/settings', body: { ...DEFAULT_PERFORMANCE_THRESHOLDS, min_orders: 12 },
    expect: { action: 'seller_performance.settings', target: { type: 'settings', id: 'seller_performance.thresholds' }, changes: { min_orders: { before: 10, after: 12 } } },
  }) },
};

/** The smallest documents the upload type checks accept (the type is read from the first bytes). */
const DOC = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
};
const ONBOARDING = {
  contact_name: 'Pia Pending', phone: '+971 4 000 0001', business_type: 'LLC', industry: 'Books', establishment_date: '2021-01-01',
  address: JSON.stringify({ street: 'Wait Street 2', city: 'Dubai', state: 'Dubai', country: 'UAE' }),
};
const ALL_DOCUMENTS = [
  { field: 'trade_license', filename: 'l.pdf', contentType: 'application/pdf', data: DOC.pdf },
  { field: 'emirates_id_front', filename: 'f.png', contentType: 'image/png', data: DOC.png },
  { field: 'emirates_id_back', filename: 'b.jpg', contentType: 'image/jpeg', data: DOC.jpg },
];

type Fixtures = Awaited<ReturnType<typeof fixtures>>;

async function fixtures(t: TestContext) {
  // the admin writes come from a named admin (issue 13): the trail must carry that name, not 'Admin User'
  const owner = (await call(t.app, { method: 'POST', url: '/api/admin/access', body: { code: t.config.adminAccessCode } })).json.token as string;
  const adminCode = async (name: string) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/security/codes', token: owner, body: { name } });
    if (res.status !== 201) throw new Error(`admin code: ${res.status} ${res.body}`);
    return res.json as { id: number; admin_id: number; code: string };
  };
  const auditor = await adminCode('Audit Admin');
  const adminToken = (await call(t.app, { method: 'POST', url: '/api/admin/access', body: { code: auditor.code } })).json.token as string;
  const vendor = await signupVendor(t.app, 'Coverage Vendor LLC');
  await t.database.query('update vendors set is_verified = true where id = $1', [vendor.vendor.id]);
  const shopper = await signupCustomer(t.app, 'Coverage Shopper');
  let chats = 0;
  /** A vendor with a payout account and AED 300.00 sold, delivered and past its return window: the next batch pays it. */
const payable = async () => {
    const v = await signupVendor(t.app, 'Payable Vendor LLC');
    await t.app.services.payouts.setPayoutAccount(v.vendor.id, { iban: 'AE070331234567890123456', account_holder: 'Payable Vendor LLC' }, { userId: null, role: 'system', name: 'Set Up', ip: null });
    await t.app.services.payouts.verifyPayoutAccount(v.vendor.id, { userId: null, role: 'system', name: 'Set Up', ip: null });
    const product = await makeProduct(t.app, { name: 'Payable Lamp', priceCents: 30_000, vendorId: v.vendor.id });
    const order = await placeOrder(t.app, [{ productId: product.id, quantity: 1 }]);
    await t.app.services.orders.setStatus(order.id, 'delivered');
    await t.database.query(`update orders set delivered_at = now() - interval '30 days' where id = $1`, [order.id]);
    return v.vendor.id;
  };
  return {
    t,
    tokens: { admin: adminToken, vendor: vendor.token } as Record<Who, string>,
    actors: { admin: { name: 'Audit Admin', role: 'admin', id: auditor.admin_id }, vendor: { name: 'Vera Vendor', role: 'vendor', id: null } },
    adminId: auditor.admin_id,
    vendorId: vendor.vendor.id,
    adminCode,
    customer: async (name: string) => (await signupCustomer(t.app, name)).user.id,
    product: async (name: string, priceCents: number, vendorId: number | null = null) => (await makeProduct(t.app, { name, priceCents, vendorId })).id,
    /** A running coupon of the vendor (or a marketplace campaign with null), one-time when asked; made by the system. */
    promotion: async (ownerVendorId: number | null, oneTime = false) => {
      const [row] = await t.database.query<{ id: number }>(
        `insert into promotions (kind, code, name, percent_bps, starts_at, ends_at, funder, seller_percent, owner_vendor_id, one_time)
         values ('coupon', $1, 'Coverage', 1000, now() - interval '1 day', now() + interval '1 day', $2, $3, $4, $5) returning id`,
        [oneTime ? null : `COV-${randomUUID().slice(0, 8)}`, ownerVendorId === null ? 'marketplace' : 'seller', ownerVendorId === null ? 0 : 100, ownerVendorId, oneTime],
      );
      return row!.id;
    },
    /** An order of one product (the given vendor's, or the shop's own), moved on to `status` by the system. */
    order: async (opts: { vendorId?: number; status?: OrderStatus; payment?: 'card' | 'cod' } = {}) => {
      const product = await makeProduct(t.app, { name: 'Order Lamp', priceCents: 900, vendorId: opts.vendorId ?? null });
      const order = await placeOrder(t.app, [{ productId: product.id, quantity: 1 }], { payment: opts.payment });
      if (opts.status) await t.app.services.orders.setStatus(order.id, opts.status);
      return order.id;
    },
    /** A review by the shopper of a delivered purchase of a new product (the given vendor's, or the shop's own). */
    review: async (vendorId: number | null) => {
      const product = await makeProduct(t.app, { name: 'Reviewed Lamp', priceCents: 900, vendorId });
      const order = await placeOrder(t.app, [{ productId: product.id, quantity: 1 }], { userId: shopper.user.id });
      await t.app.services.orders.setStatus(order.id, 'delivered');
      const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1', [order.id]);
      const review = await t.app.services.reviews.create({ userId: shopper.user.id, name: 'Coverage Shopper' }, { order_item_id: line!.id, stars: 4, title: 'Good', body: 'Works.' });
      return review.id;
    },
    /** A return of one unit of a delivered line of the given seller (null: the shop's own), requested or approved. */
    returnRequest: async (vendorId: number | null, status: 'requested' | 'approved') => {
      const product = await makeProduct(t.app, { name: 'Returned Lamp', priceCents: 900, vendorId });
      const order = await placeOrder(t.app, [{ productId: product.id, quantity: 2 }], { userId: shopper.user.id });
      await t.app.services.orders.setStatus(order.id, 'delivered');
      const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1', [order.id]);
      const actor = { userId: shopper.user.id, role: 'user' as const, name: 'Coverage Shopper', ip: '127.0.0.1' };
      const r = await t.app.services.returns.request(shopper.user.id, { order_id: order.id, line_id: line!.id, units: 1, reason: 'damaged' }, actor);
      if (status === 'approved') await t.app.services.returns.approve(r.id, { admin: true }, '', actor);
      return r.id;
    },
    /** A bank-transfer refund owed to the shopper (a delivered cash-on-delivery order cancelled), or sent in a batch. */
    bankRefund: async (sent: boolean) => {
      const product = await makeProduct(t.app, { name: 'Refunded Lamp', priceCents: 900 });
      const order = await placeOrder(t.app, [{ productId: product.id, quantity: 1 }], { userId: shopper.user.id, payment: 'cod' });
      await t.app.services.orders.setStatus(order.id, 'delivered');
      await t.app.services.orders.setStatus(order.id, 'cancelled', { refundTo: { method: 'bank_transfer', iban: 'AE070331234567890123456', accountHolder: 'Coverage Shopper' } });
      if (sent) await t.app.services.refunds.createBatch({ userId: null, role: 'system', name: 'Set Up', ip: null });
      const [row] = await t.database.query<{ id: number }>('select id from bank_refunds where order_id = $1', [order.id]);
      return row!.id;
    },
    chat: async () => {
      await call(t.app, { method: 'POST', url: '/api/ai/chat', token: shopper.token, body: { message: 'hello', sessionId: `coverage-${++chats}` } });
      return (await t.database.query<{ id: string }>('select id from chat_sessions order by created_at desc limit 1'))[0]!.id;
    },
    /** A vendor whose three documents are on file: Pending Review (onboarded by itself). */
    pendingVendor: async () => {
      const v = await signupVendor(t.app, 'Pending Review LLC');
      const form = multipart({ ...ONBOARDING, company_name: 'Pending Review LLC', email: v.email }, ALL_DOCUMENTS);
      const res = await t.app.inject({ method: 'POST', url: '/api/vendors/onboarding', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${v.token}` } });
      if (res.statusCode !== 200) throw new Error(`onboarding: ${res.statusCode} ${res.body}`);
      return v.vendor.id;
    },
    payable,
    /** A pending payout of a fresh payable vendor (its batch created by the system). */
    payout: async () => {
      const vendorId = await payable();
      const batch = await t.app.services.payouts.createBatch(undefined, { userId: null, role: 'system', name: 'Set Up', ip: null });
      return batch.payouts.find((p) => p.vendor_id === vendorId)!.id;
    },
    conversation: async () => {
      const res = await call(t.app, { method: 'POST', url: '/api/support/conversations', token: shopper.token, body: { subject: 'Late parcel', message: 'Where is it?' } });
      return res.json.id as number;
    },
  };
}

let t: TestContext;
let fx: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  // the payment provider (the local Stripe, in process): a seller's payout account is connected there
  await startTestPayments(t);
  fx = await fixtures(t);
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const areaWrites = () =>
  t.app.routeTable
    .filter((r) => WRITE.has(r.method) && r.access !== null && r.access.every((k) => k === 'admin' || k === 'vendor'))
    .map((r) => `${r.method} ${r.url}`);

describe('audit coverage of the admin and vendor areas', () => {
  it('has an entry for every write route (a route missing here is named in the failure)', () => {
    const routes = areaWrites();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !(r in CASES));
    expect(missing, 'write routes without an audit-coverage entry: add one to CASES').toEqual([]);
    const stale = Object.keys(CASES).filter((r) => !routes.includes(r));
    expect(stale, 'entries for routes that are not registered (or not admin/vendor writes)').toEqual([]);
  });

  it.each(Object.keys(CASES))('%s leaves exactly one audit entry: who, role, IP, action, target, before → after', async (route) => {
    const c = CASES[route]!;
    const method = route.split(' ')[0]!;
    const req = await c.prepare(fx);
    const [{ last } = { last: 0 }] = await t.database.query<{ last: number }>('select coalesce(max(id), 0)::int as last from audit_log');
    const token = fx.tokens[c.as];
    const res = req.form
      ? await t.app.inject({ method: method as 'POST', url: req.url, payload: req.form.payload, headers: { ...req.form.headers, authorization: `Bearer ${token}` } })
          .then((r) => ({ status: r.statusCode, body: r.body }))
      : await call(t.app, { method, url: req.url, body: req.body ?? (method === 'DELETE' ? undefined : {}), token });
    expect(res.status, `${route}: ${res.body}`).toBeLessThan(300);
    const entries = await t.database.query<{
      actor_user_id: number | null; actor_role: string; actor_name: string; ip: string | null; action: string; target_type: string; target_id: string;
      changes: Record<string, unknown>; created_at: Date;
    }>('select * from audit_log where id > $1 order by id', [last]);
    expect(entries.map((e) => e.action), route).toEqual([req.expect.action]);
    const [entry] = entries;
    const actor = fx.actors[c.as];
    expect(entry).toMatchObject({ actor_role: actor.role, actor_name: actor.name, ip: '127.0.0.1', target_type: req.expect.target.type });
    if (actor.id !== null) expect(entry!.actor_user_id).toBe(actor.id);
    if (req.expect.target.id !== '*') expect(entry!.target_id).toBe(String(req.expect.target.id));
    expect(entry!.changes).toMatchObject(req.expect.changes);
    expect(Date.now() - new Date(entry!.created_at).getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(entry!.changes)).not.toMatch(/password|token|code_hash/i);
  });
});
