import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VatReport } from '@souq/shared/api/vat-report';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { SYSTEM_ACTOR } from '../../platform/audit.js';
import { settleLegacySellerVat } from './ledger.vat.js';

// Decision 0142, task B: registered sellers' sales posted before decision 0133 left their VAT on sales_tax_payable.
// The correction moves it, per sub-order, to the seller's payable; afterwards every registered seller's documents' VAT
// equals the VAT credited to it, old sales included, and the VAT report of the marketplace's own supplies is unchanged.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let r1: Awaited<ReturnType<typeof signupVendor>>;
let r2: Awaited<ReturnType<typeof signupVendor>>;
const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

/** Re-posts a sub-order's sale the way it was before decision 0133: its VAT on sales_tax_payable, not its seller's payable. */
async function postedBefore0133(orderId: number, vendorId: number) {
  const [row] = await q<{ s: number }>(`select -sum(amount_cents)::int as s from ledger_entries where order_id = $1 and account = 'vendor_payable' and kind = 'sales_tax'`, [orderId]);
  await q(`insert into ledger_entries (posting, account, vendor_id, kind, amount_cents, currency, order_id) values
    ($4, 'vendor_payable', $2, 'sales_tax', $3::int, 'AED', $1::int), ($4, 'sales_tax_payable', null, 'sales_tax', -$3::int, 'AED', $1::int)`, [orderId, vendorId, row!.s, `test:before-0133:${orderId}`]);
}
const vatOn = async (orderId: number, account: 'sales_tax_payable' | 'seller') => Number((await q<{ s: string }>(
  account === 'seller'
    ? `select coalesce(-sum(amount_cents), 0)::text as s from ledger_entries where order_id = $1 and account = 'vendor_payable' and kind = 'sales_tax'`
    : `select coalesce(-sum(amount_cents), 0)::text as s from ledger_entries where order_id = $1 and account = 'sales_tax_payable'`, [orderId]))[0]!.s);
/** The sub-order's documents' VAT: its invoice less its credit notes. */
const documentsVat = async (orderId: number) => Number((await q<{ s: string }>(
  `select coalesce(sum(case when kind = 'invoice' then tax_cents else -tax_cents end), 0)::text as s from tax_documents where order_id = $1`, [orderId]))[0]!.s);
const balance = async (vendorId: number) => Number((await q<{ s: string }>(`select coalesce(-sum(amount_cents), 0)::text as s from ledger_entries where account = 'vendor_payable' and vendor_id = $1`, [vendorId]))[0]!.s);
const report = async () => (await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin })).json as VatReport;

async function receiveReturn(orderId: number, vendorId: number, lineId: number, units: number) {
  const ret = await t.app.services.returns.request(shopper.user.id, { order_id: orderId, line_id: lineId, units, reason: 'damaged' }, SYSTEM_ACTOR);
  await t.app.services.returns.approve(ret.id, { vendorId }, '', SYSTEM_ACTOR);
  await t.app.services.returns.receive(ret.id, { vendorId }, false, SYSTEM_ACTOR);
}

const subs = { returned: 0, cancelled: 0, waiting: 0, fresh: 0, other: 0, market: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Hessa Legacy');
  r1 = await signupVendor(t.app, 'Old Ledger Trading LLC');
  r2 = await signupVendor(t.app, 'Second Registrant LLC');
  expect((await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Dubai', trn: '100000000000003', emirate: 'dubai' },
  })).status).toBe(200);
  for (const [v, trn] of [[r1, '100123456700003'], [r2, '100765432100003']] as const) {
    await q(`update vendors set vat_registered = true, vat_number = $2, is_verified = true, vat_emirate = 'dubai' where id = $1`, [v.vendor.id, trn]);
  }
  const lamp = await makeProduct(t.app, { name: 'Brass Lamp', priceCents: 12_345, stock: 100, vendorId: r1.vendor.id });
  const rug = await makeProduct(t.app, { name: 'Small Rug', priceCents: 8_010, stock: 100, vendorId: r1.vendor.id });
  const tea = await makeProduct(t.app, { name: 'Karak Tea', priceCents: 1_999, stock: 100, vendorId: r2.vendor.id });
  const book = await makeProduct(t.app, { name: 'House Atlas', priceCents: 21_000, stock: 100 });
  const place = async (lines: { productId: number; quantity: number }[]) => (await placeOrder(t.app, lines, { userId: shopper.user.id })).id;

  // before decision 0133: shipped and partly returned; shipped then cancelled; sold and not shipped yet; a second seller's
  subs.returned = await place([{ productId: lamp.id, quantity: 3 }, { productId: rug.id, quantity: 2 }]);
  subs.cancelled = await place([{ productId: rug.id, quantity: 1 }]);
  subs.waiting = await place([{ productId: lamp.id, quantity: 1 }]);
  subs.other = await place([{ productId: tea.id, quantity: 7 }]);
  for (const id of [subs.returned, subs.cancelled, subs.waiting]) await postedBefore0133(id, r1.vendor.id);
  await postedBefore0133(subs.other, r2.vendor.id);
  for (const id of [subs.returned, subs.cancelled, subs.other]) await t.app.services.orders.setStatus(id, 'shipped');
  await t.app.services.orders.setStatus(subs.returned, 'delivered');
  const [lampLine] = await q<{ id: number }>(`select id from order_items where order_id = $1 and product_name = 'Brass Lamp'`, [subs.returned]);
  await receiveReturn(subs.returned, r1.vendor.id, lampLine!.id, 1);
  await t.app.services.orders.setStatus(subs.cancelled, 'cancelled');
  // after it: a sale by today's rule, and the marketplace's own
  subs.fresh = await place([{ productId: rug.id, quantity: 3 }]);
  subs.market = await place([{ productId: book.id, quantity: 2 }]);
  for (const id of [subs.fresh, subs.market]) await t.app.services.orders.setStatus(id, 'shipped');
});
afterAll(() => t.close());

describe('the VAT of sales posted before decision 0133, moved to their sellers (decision 0142)', () => {
  it('moves each affected sub-order once; afterwards each registered seller holds exactly its documents\' VAT; the marketplace\'s report is unchanged', async () => {
    // before: the old sales' VAT sits with the marketplace; the seller was credited none of it
    const held = { returned: await vatOn(subs.returned, 'sales_tax_payable'), waiting: await vatOn(subs.waiting, 'sales_tax_payable'), other: await vatOn(subs.other, 'sales_tax_payable') };
    expect(held.returned).toBeGreaterThan(0);
    expect(await vatOn(subs.returned, 'seller')).toBe(0);
    expect(await vatOn(subs.cancelled, 'sales_tax_payable')).toBe(0); // cancelled: taken back from where it was
    const before = await report();
    const balances = [await balance(r1.vendor.id), await balance(r2.vendor.id)];

    const done = await settleLegacySellerVat(t.database.db);
    expect(done.subOrders).toBe(3);
    expect(done.byCurrency).toEqual({ AED: held.returned + held.waiting + held.other });
    // the sellers' balances grow by the VAT moved, nothing else
    expect(await balance(r1.vendor.id)).toBe(balances[0]! + held.returned + held.waiting);
    expect(await balance(r2.vendor.id)).toBe(balances[1]! + held.other);
    // a second run posts nothing
    expect(await settleLegacySellerVat(t.database.db)).toEqual({ subOrders: 0, byCurrency: {} });
    expect(await q(`select posting from ledger_entries where posting like 'vat-to-seller:%' group by 1 order by 1`))
      .toEqual([subs.returned, subs.waiting, subs.other].sort((a, b) => String(a).localeCompare(String(b))).map((id) => ({ posting: `vat-to-seller:${id}` })));

    // the VAT report as it was: the marketplace's own supplies, its figures and every reconciliation (a seller's VAT is
    // counted on either account, decision 0133)
    const moved = await report();
    const market = (r: VatReport) => r.issuers.find((i) => i.issuer === 'marketplace');
    expect(market(moved)).toEqual(market(before));
    expect(market(moved)!.boxes.box1_vat_cents).toBeGreaterThan(0);
    expect(moved.total).toEqual(before.total);
    for (const [i, issuer] of moved.issuers.entries()) expect(issuer.reconciliation, issuer.issuer).toEqual(before.issuers[i]!.reconciliation);

    // no vendor VAT left on sales_tax_payable
    expect(await q(`select e.order_id from ledger_entries e join orders o on o.id = e.order_id where e.account = 'sales_tax_payable' and o.seller_vendor_id is not null group by 1 having sum(e.amount_cents) <> 0`)).toEqual([]);
    // the sub-order not yet shipped: its seller now holds its VAT; shipped, its invoice says the same
    await t.app.services.orders.setStatus(subs.waiting, 'shipped');
    // a later return of an old sale takes its VAT back from the seller, where it now is
    const [rugLine] = await q<{ id: number }>(`select id from order_items where order_id = $1 and product_name = 'Small Rug'`, [subs.returned]);
    await receiveReturn(subs.returned, r1.vendor.id, rugLine!.id, 1);
    for (const id of [subs.returned, subs.cancelled, subs.waiting, subs.fresh, subs.other]) {
      expect(await vatOn(id, 'seller'), `sub-order ${id}`).toBe(await documentsVat(id));
      expect(await vatOn(id, 'sales_tax_payable'), `sub-order ${id}`).toBe(0);
    }
    expect(await documentsVat(subs.returned)).toBeGreaterThan(0);

    // and after the later shipping and return, the report still adds up
    const after = await report();
    for (const issuer of after.issuers) expect(issuer.reconciliation.difference_cents, issuer.issuer).toBe(0);
    expect(after.total.reconciliation.difference_cents).toBe(0);
    // the marketplace's own sale keeps its VAT on sales_tax_payable
    expect(await vatOn(subs.market, 'sales_tax_payable')).toBe(await documentsVat(subs.market));
  });
});
