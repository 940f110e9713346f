import { expect } from 'vitest';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from './harness.js';

// The tax tests' marketplace: tax settings with the marketplace's TRN (prices VAT-inclusive, invoiced on shipping), a
// shopper, a VAT-registered verified seller and an unregistered one.
export const MARKETPLACE_TRN = '100000000000003';
export const VENDOR_TRN = '100123456700003';
export const BUYER_TRN = '100999888777666';

export type TaxMarketplace = {
  t: TestContext;
  admin: string;
  shopper: Awaited<ReturnType<typeof signupCustomer>>;
  reg: Awaited<ReturnType<typeof signupVendor>>;
  unreg: Awaited<ReturnType<typeof signupVendor>>;
};

export async function taxMarketplace(): Promise<TaxMarketplace> {
  const t = await createTestApp();
  const admin = await adminToken(t.app, t.config);
  const shopper = await signupCustomer(t.app, 'Huda Shopper');
  const reg = await signupVendor(t.app, 'Registered Perfumes LLC');
  const unreg = await signupVendor(t.app, 'Small Crafts Studio');
  const settings = await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Office 4, Dubai Silicon Oasis, Dubai, UAE', trn: MARKETPLACE_TRN },
  });
  expect(settings.status).toBe(200);
  await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: VENDOR_TRN } });
  await t.database.query('update vendors set is_verified = true where id = $1', [reg.vendor.id]);
  return { t, admin, shopper, reg, unreg };
}
