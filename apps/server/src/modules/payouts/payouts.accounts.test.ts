import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { BusEvents } from '../../platform/bus.js';
import { adminToken, call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// Payout accounts that cannot be switched under a seller (issue 34 item 9, decision 0125): a change waits for an
// admin's verification and some days, with notice to the seller; an account the bank refused is not paid again until
// its details change. Through the routes, on the real database, with a local SMTP server for the notices.

const IBAN_A = 'AE070331234567890123456';
const IBAN_B = 'AE960260001015180340701';

let t: TestContext;
let admin: string;
let smtp: { url: string; received: ParsedMail[]; close: () => Promise<void> };
const notices: BusEvents['payoutAccount.notice'][] = [];

async function startSmtpReceiver() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, done) { simpleParser(stream).then((m) => { received.push(m); done(); }).catch(done); },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Souq <payouts@souq.test>' } });
  admin = await adminToken(t.app, t.config);
  t.app.services.bus.on('payoutAccount.notice', (e) => { notices.push(e); });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const put = (v: { vendor: { id: number }; token: string }, iban: string, holder: string) =>
  call(t.app, { method: 'PUT', url: `/api/vendors/${v.vendor.id}/payout-account`, token: v.token, body: { iban, account_holder: holder } });
const account = async (v: { vendor: { id: number }; token: string }) => (await call(t.app, { url: `/api/vendors/${v.vendor.id}/payout-account`, token: v.token })).json;
const verify = (vendorId: number, token = admin) => call(t.app, { method: 'POST', url: `/api/admin/finance/payout-accounts/${vendorId}/verify`, token });
const batch = () => call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: {} });
const available = async (token: string) => (await call(t.app, { url: '/api/vendor/earnings', token })).json.available_cents as number;
/** A delivered sale whose return window has closed: its money is available. */
async function availableSale(vendorId: number, priceCents: number) {
  const p = await makeProduct(t.app, { name: `Acct Item ${vendorId}-${Math.random()}`, priceCents, stock: 10, vendorId });
  const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
  await t.app.services.orders.setStatus(order.id, 'delivered');
  await q(`update orders set delivered_at = now() - interval '30 days' where id = $1`, [order.id]);
}
const skippedOf = (res: { json: { message?: string; details?: unknown } }) => JSON.stringify(res.json);

describe('a changed payout account', () => {
  it('waits for verification and the waiting days, skipped by batches, the seller told by e-mail and push, audited', async () => {
    const v = await signupVendor(t.app, 'Switch Holder LLC');
    expect((await put(v, IBAN_A, 'Switch Holder LLC')).json).toMatchObject({ state: 'pending_verification', verified_at: null });
    // a first account has no waiting days, but is not paid before an admin verifies it
    await availableSale(v.vendor.id, 40_000);
    const unverified = await batch();
    expect(unverified.status).toBe(422);
    expect(skippedOf(unverified)).toContain('Switch Holder LLC (unverified)');
    expect((await verify(v.vendor.id)).json).toMatchObject({ state: 'verified' });
    const first = await batch();
    expect(first.status).toBe(201);
    const paid = first.json.payouts.find((p: { vendor_id: number }) => p.vendor_id === v.vendor.id);
    expect(paid).toMatchObject({ iban: IBAN_A, account_holder: 'Switch Holder LLC' });

    // the holder's name switched to someone else: pending again, paid from now + 3 days (the default)
    const changed = await put(v, IBAN_A, 'Someone Else');
    expect(changed.status).toBe(200);
    expect(changed.json.state).toBe('pending_verification');
    const waitMs = Date.parse(changed.json.payable_from) - Date.now();
    expect(waitMs).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(waitMs).toBeLessThanOrEqual(3 * 86_400_000);
    const [audited] = await q<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      `select changes from audit_log where action = 'vendor.payout_account' and target_id = $1 order by id desc limit 1`, [String(v.vendor.id)]);
    expect(audited!.changes.state).toEqual({ before: 'verified', after: 'pending_verification' });
    expect(audited!.changes.account_holder).toEqual({ before: 'Switch Holder LLC', after: 'Someone Else' });

    // the seller hears of it: an e-mail to its address and the push event, with the IBAN masked
    await t.app.services.mailer!.idle();
    const mail = smtp.received.filter((m) => m.subject === 'Your payout account was changed').at(-1);
    expect(mail?.text).toContain('AE•• •••• 3456 (Someone Else)');
    expect(mail?.text).toContain(changed.json.payable_from.slice(0, 10));
    expect(mail?.text).not.toContain(IBAN_A);
    expect(notices.filter((n) => n.vendorId === v.vendor.id && n.kind === 'changed').at(-1)).toMatchObject({ holder: 'Someone Else', ibanMasked: 'AE•• •••• 3456' });

    // skipped while unverified, and while verified but still waiting; the money stays in the balance
    await availableSale(v.vendor.id, 40_000);
    const before = await available(v.token);
    expect(skippedOf(await batch())).toContain('Switch Holder LLC (unverified)');
    expect((await verify(v.vendor.id)).status).toBe(200);
    expect(skippedOf(await batch())).toContain('Switch Holder LLC (waiting)');
    expect(await available(v.token)).toBe(before);

    // the wait is over: the next batch pays the verified account
    await q(`update vendors set payout_payable_from = now() - interval '1 minute' where id = $1`, [v.vendor.id]);
    const later = await batch();
    expect(later.status).toBe(201);
    expect(later.json.payouts.find((p: { vendor_id: number }) => p.vendor_id === v.vendor.id)).toMatchObject({ account_holder: 'Someone Else', amount_cents: before });
    expect(await available(v.token)).toBe(0);
  });

  it('saving the same details again changes nothing', async () => {
    const v = await signupVendor(t.app, 'Same Details LLC');
    await put(v, IBAN_B, 'Same Details LLC');
    await verify(v.vendor.id);
    const again = await put(v, 'ae96 0260 0010 1518 0340 701', 'Same Details LLC');
    expect(again.json).toMatchObject({ state: 'verified' });
    expect((await q(`select 1 from audit_log where action = 'vendor.payout_account' and target_id = $1`, [String(v.vendor.id)])).length).toBe(1);
  });

  it('is verified by an admin only: a vendor cannot verify itself; nothing to verify is 409, no account 422', async () => {
    const v = await signupVendor(t.app, 'Self Verify LLC');
    expect((await verify(v.vendor.id)).status).toBe(422);
    await put(v, IBAN_B, 'Self Verify LLC');
    expect((await verify(v.vendor.id, v.token)).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: `/api/admin/finance/payout-accounts/${v.vendor.id}/verify` })).status).toBe(401);
    expect((await account(v)).state).toBe('pending_verification');
    expect((await verify(999_999)).status).toBe(404);
    expect((await verify(v.vendor.id)).status).toBe(200);
    expect((await verify(v.vendor.id)).status).toBe(409);
    const [entry] = await q<{ actor_name: string }>(`select * from audit_log where action = 'vendor.payout_account_verify' and target_id = $1`, [String(v.vendor.id)]);
    expect(entry).toBeTruthy();
  });
});

describe('a payout failed for an account reason', () => {
  it('marks the account failed: later batches skip the vendor until the seller changes its details', async () => {
    const v = await signupVendor(t.app, 'Closed Account LLC');
    await put(v, IBAN_A, 'Closed Account LLC');
    await verify(v.vendor.id);
    await availableSale(v.vendor.id, 40_000);
    const payout = (await batch()).json.payouts.find((p: { vendor_id: number }) => p.vendor_id === v.vendor.id);
    expect((await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/failed`, token: admin, body: { reason: 'Beneficiary account closed', code: 'nope' } })).status).toBe(400);
    const failed = await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/failed`, token: admin, body: { reason: 'Beneficiary account closed', code: 'account_closed' } });
    expect(failed.json).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
    expect(await account(v)).toMatchObject({ state: 'failed', failure_reason: 'Beneficiary account closed' });
    expect(await available(v.token)).toBe(payout.amount_cents);
    await t.app.services.mailer!.idle();
    expect(smtp.received.some((m) => m.subject === 'A payout to your bank account failed' && m.text?.includes('Beneficiary account closed'))).toBe(true);
    expect((await q(`select 1 from audit_log where action = 'vendor.payout_account_failed' and target_id = $1`, [String(v.vendor.id)])).length).toBe(1);

    // the same IBAN is never sent again while the details stay; an admin cannot verify a failed account
    expect(skippedOf(await batch())).toContain('Closed Account LLC (account_failed)');
    expect((await verify(v.vendor.id)).status).toBe(409);
    expect((await put(v, IBAN_A, 'Closed Account LLC')).json.state).toBe('failed');
    const balances = (await call(t.app, { url: '/api/admin/finance/balances', token: admin })).json;
    expect(balances.find((b: { vendor_id: number }) => b.vendor_id === v.vendor.id)).toMatchObject({ payout_account_state: 'failed' });

    // new details: verified and waited for, then paid to the new IBAN
    expect((await put(v, IBAN_B, 'Closed Account LLC')).json.state).toBe('pending_verification');
    await verify(v.vendor.id);
    await q(`update vendors set payout_payable_from = now() - interval '1 minute' where id = $1`, [v.vendor.id]);
    const paid = (await batch()).json.payouts.find((p: { vendor_id: number }) => p.vendor_id === v.vendor.id);
    expect(paid).toMatchObject({ iban: IBAN_B, amount_cents: payout.amount_cents });
  });

  it('a failure that is not the account\'s (bank rejected, other) leaves it payable', async () => {
    const v = await signupVendor(t.app, 'Transient Fail LLC');
    await put(v, IBAN_B, 'Transient Fail LLC');
    await verify(v.vendor.id);
    await availableSale(v.vendor.id, 40_000);
    const payout = (await batch()).json.payouts.find((p: { vendor_id: number }) => p.vendor_id === v.vendor.id);
    await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/failed`, token: admin, body: { reason: 'Cut-off time missed', code: 'bank_rejected' } });
    expect((await account(v)).state).toBe('verified');
    expect((await batch()).json.payouts.some((p: { vendor_id: number }) => p.vendor_id === v.vendor.id)).toBe(true);
  });
});
