import { count, eq, inArray, sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, TAX_SETTING_KEYS, type OrderStatus } from '@souq/shared/constants';
import type { Purchase } from '@souq/shared/api/orders';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { emirateOfAddress } from '@souq/shared/rules/tax';
import { settings, users } from '../db/schema/accounts.js';
import { files, vendorDocuments, vendors } from '../db/schema/vendors.js';
import { orderItems, purchases } from '../db/schema/orders.js';
import type { Db } from '../platform/db.js';
import { rowsOf } from '../platform/sql-rows.js';
import { createDiskStorage } from '../platform/storage.js';
import { AppError } from '../platform/errors.js';
import { catalogueImageUrl } from '../platform/media.js';
import type { Services } from '../services.js';
import type { Actor } from '../platform/audit.js';
import type { ProductInput } from '../modules/catalogue/product-values.js';
import { newOrderNumber, subOrderNumber } from '../modules/orders/orders.dto.js';
import { SEED_SHELVES, seedImageFile } from './catalogue-data.js';
import { SEED_BADGES_AR, SEED_PRODUCTS_AR, SEED_SHELF_TITLES_AR } from './catalogue-data-ar.js';
import { SEED_REVIEWERS, SEED_REVIEWS } from './review-data.js';
import { SEED_CARRIERS, SEED_COMMISSION, SEED_PURCHASES, SEED_VENDORS, sellerOf, type SeedVendorKey } from './vendor-data.js';
import { seedPriceHistory } from './price-history.js';
import { alignParcels, PARCEL_DAYS, shipByCarrier } from './parcels.js';

export type SeedDeps = { db: Db; services: Services; dataDir: string; log: (msg: string) => void };

const here = path.dirname(fileURLToPath(import.meta.url));
const DOCUMENTS_DIR = path.join(here, 'assets/documents');

export const DEMO_PENDING_VENDOR_EMAIL = 'oasis@souq.test';
export const DEMO_INCOMPLETE_VENDOR_EMAIL = 'falcon@souq.test';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Seeds the demo data into an empty database (no users yet). Returns whether it seeded. */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  return seedDemo(deps);
}

/**
 * The demo marketplace (decision 0096): a customer with past purchases split across sellers, six verified vendors
 * with their own shelves, shipping rules, return windows and commission rates, a vendor pending review with its
 * documents and an incomplete one, 80 products on 16 shelves (a few sold by the marketplace itself). Everything goes through the services where one exists, so the demo
 * data obeys the same rules as real data.
 */
export async function seedDemo(deps: SeedDeps): Promise<boolean> {
  const started = Date.now();
  const { services } = deps;
  const now = Date.now();

  let customer;
  try {
    customer = await services.accounts.createUser({ name: 'Layla Customer', email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD, role: 'user' });
  } catch (err) {
    // two instances started on one empty database: the other one is seeding
    if (err instanceof AppError && err.status === 409) return false;
    throw err;
  }
  const vendorIds = await seedVendors(deps, now);
  await seedCommission(deps, vendorIds);
  const accountsDone = Date.now();

  const productIds = await seedCatalogue(deps, vendorIds, now);
  const catalogueDone = Date.now();

  await services.profile.update(customer.id, {
    dob: '1992-04-18',
    gender: 'female',
    phone: '+971 50 123 4567',
    address: { address_line1: 'Marina Gate 2, Apt 1804', address_line2: 'Dubai Marina', city: 'Dubai', state: 'Dubai', postal_code: '00000', country: 'United Arab Emirates' },
  });
  // the couriers who carry cash on delivery (decision 0140), before anything ships
  for (const c of SEED_COURIERS) await services.cod.createCourier(c, SEED_ACTOR);
  await seedOrders(deps, customer, productIds, vendorIds, now);
  const ordersDone = Date.now();
  await seedReviews(deps, productIds, now);
  await seedMoneyHistory(deps, customer, vendorIds);
  const end = Date.now();
  deps.log(`Demo data seeded in ${end - started} ms (accounts ${accountsDone - started}, catalogue ${catalogueDone - accountsDone}, profile and orders ${ordersDone - catalogueDone}, reviews ${end - ordersDone})`);
  return true;
}

/** The seed's own actor in the audit trail (commission rates are set through the audited service). */
const SEED_ACTOR: Actor = { userId: null, role: 'system', name: 'Demo seed', ip: null };

async function signupVendor({ services }: SeedDeps, input: Parameters<Services['accounts']['vendorSignup']>[0]) {
  const { token, vendor } = await services.accounts.vendorSignup(input);
  await services.accounts.logout(token); // the seed needs the account, not a session
  return vendor;
}

/**
 * The six verified sellers (vendor-data.ts): signed up, verified, their shipping rule and return window set, their
 * documents on file (a verified vendor has been through onboarding, so login lands on the dashboard). Then the pending
 * and the incomplete vendor, who sell nothing yet. Answers each verified vendor's id by its key.
 */
async function seedVendors(deps: SeedDeps, now: number): Promise<Map<SeedVendorKey, number>> {
  const { db, dataDir } = deps;
  const ids = new Map<SeedVendorKey, number>();
  // one after another: their ids then follow the list (the demo vendor keeps the first)
  for (const v of SEED_VENDORS) {
    const vendor = await signupVendor(deps, { company_name: v.company_name, contact_name: v.contact_name, email: v.email, password: DEMO_PASSWORD, phone: v.phone, address: v.address });
    await db.update(vendors).set({
      website: v.website,
      businessType: 'LLC',
      industry: v.industry,
      taxId: v.taxId,
      // a VAT registrant's TRN (decision 0098), checked with its documents; an unregistered vendor has none
      vatNumber: v.vatRegistered ? v.taxId : '',
      vatRegistered: v.vatRegistered,
      // a registrant's emirate of establishment for Box 1a–1g (decision 0111): where its business address is
      vatEmirate: v.vatRegistered ? emirateOfAddress(v.address.state) : null,
      establishmentDate: v.establishmentDate,
      isVerified: true,
      verificationDate: new Date(now - v.verifiedDaysAgo * DAY),
      verifiedBy: 'Admin User',
      verificationNotes: 'Trade licence and Emirates ID checked.',
      onboardingCompletedAt: new Date(now - (v.verifiedDaysAgo + 5) * DAY),
      shippingFeeCents: v.shippingFeeCents,
      freeShippingAboveCents: v.freeShippingAboveCents,
      returnWindowDays: v.returnWindowDays,
    }).where(eq(vendors.id, vendor.id));
    await storeDocuments(db, dataDir, vendor.id, vendor.user_id);
    ids.set(v.key, vendor.id);
  }
  // the marketplace's own legal identity for its tax documents (decision 0099): a demo TRN, prices include VAT
  await db.insert(settings).values([
    { key: TAX_SETTING_KEYS.legalName, value: 'Souq Marketplace FZ-LLC' },
    { key: TAX_SETTING_KEYS.address, value: 'Dubai Silicon Oasis, Building A1, Dubai, UAE' },
    { key: TAX_SETTING_KEYS.trn, value: '100000000000003' },
    { key: TAX_SETTING_KEYS.emirate, value: 'dubai' },
  ]).onConflictDoNothing();

  const pending = await signupVendor(deps, {
    company_name: 'Oasis Home & Living Trading LLC',
    contact_name: 'Rashid Al Mansoori',
    email: DEMO_PENDING_VENDOR_EMAIL,
    password: DEMO_PASSWORD,
    phone: '+971 4 555 0202',
    address: { street: 'Al Qusais Business Centre, Office 1204', city: 'Dubai', state: 'Dubai', postal_code: '00000', country: 'UAE' },
  });
  await db.update(vendors).set({
    businessType: 'LLC',
    industry: 'Home & Garden',
    taxId: '100987654300003',
    establishmentDate: '2021-09-12',
    onboardingCompletedAt: new Date(now - 2 * DAY),
  }).where(eq(vendors.id, pending.id));
  await storeDocuments(db, dataDir, pending.id, pending.user_id);

  await signupVendor(deps, {
    company_name: 'Falcon Sports Equipment',
    contact_name: 'Sara Khalil',
    email: DEMO_INCOMPLETE_VENDOR_EMAIL,
    password: DEMO_PASSWORD,
    phone: '+971 6 555 0303',
    address: { city: 'Sharjah', state: 'Sharjah', country: 'UAE' },
  });
  return ids;
}

/** The default rate, two category rates and the vendors' own (decision 0087), set before any order so lines freeze them. */
async function seedCommission({ services }: SeedDeps, vendorIds: Map<SeedVendorKey, number>) {
  await services.ledger.setRate({ scope: 'default', rate_bps: SEED_COMMISSION.defaultBps }, SEED_ACTOR);
  for (const [category, rate_bps] of Object.entries(SEED_COMMISSION.categories)) await services.ledger.setRate({ scope: 'category', category, rate_bps }, SEED_ACTOR);
  for (const v of SEED_VENDORS) {
    if (v.commissionBps !== null) await services.ledger.setRate({ scope: 'vendor', vendor_id: vendorIds.get(v.key)!, rate_bps: v.commissionBps }, SEED_ACTOR);
  }
}

/** A vendor's three KYC documents, stored as private uploads like the onboarding form stores them. */
async function storeDocuments(db: Db, dataDir: string, vendorId: number, userId: number) {
  const storage = createDiskStorage(path.join(dataDir, 'uploads'));
  const docs = [
    { type: 'trade_license', file: 'trade-licence.pdf', mime: 'application/pdf', ext: 'pdf', name: 'trade-licence.pdf' },
    { type: 'emirates_id_front', file: 'emirates-id-front.png', mime: 'image/png', ext: 'png', name: 'emirates-id-front.png' },
    { type: 'emirates_id_back', file: 'emirates-id-back.png', mime: 'image/png', ext: 'png', name: 'emirates-id-back.png' },
  ] as const;
  for (const d of docs) {
    const data = await fs.readFile(path.join(DOCUMENTS_DIR, d.file));
    const stored = await storage.put(`private/vendor-documents/${vendorId}`, data, d.ext);
    const [file] = await db.insert(files).values({
      ownerUserId: userId, storageKey: stored.key, originalName: d.name, mimeType: d.mime, sizeBytes: stored.sizeBytes, sha256: stored.sha256, visibility: 'private',
    }).returning({ id: files.id });
    await db.insert(vendorDocuments).values({ vendorId, docType: d.type, fileId: file!.id });
  }
}

async function seedCatalogue({ services }: SeedDeps, vendorIds: Map<SeedVendorKey, number>, now: number) {
  const shelfCount = SEED_SHELVES.length;
  const inputs = SEED_SHELVES.flatMap((shelf, s) =>
    shelf.products.map((p, i): ProductInput => ({
      vendorId: ((key) => (key === null ? null : vendorIds.get(key)!))(sellerOf(shelf.slug, p.sku)),
      name: p.name,
      description: p.description,
      bulletPoints: p.bullets,
      nameAr: SEED_PRODUCTS_AR[p.sku]?.name ?? '',
      descriptionAr: SEED_PRODUCTS_AR[p.sku]?.description ?? '',
      bulletPointsAr: SEED_PRODUCTS_AR[p.sku]?.bullets ?? [],
      priceCents: Math.round(p.price * 100),
      compareAtCents: p.compareAt ? Math.round(p.compareAt * 100) : null,
      stock: p.stock,
      status: 'active',
      brand: p.brand,
      sku: p.sku,
      categories: [shelf.category, shelf.broad, ...(p.categories ?? [])],
      tags: p.tags,
      keywords: [...new Set([...p.tags, shelf.category.toLowerCase(), p.brand.toLowerCase()])],
      images: [catalogueImageUrl(seedImageFile(p))],
      badge: p.badge ?? null,
      badgeAr: p.badge ? (SEED_BADGES_AR[p.badge] ?? '') : '',
      seoTitle: `${p.name} | ${p.brand}`.slice(0, 60),
      metaDescription: p.description.slice(0, 160),
      weight: p.weightKg ?? null,
      dimLength: p.dimsCm?.[0] ?? null,
      dimWidth: p.dimsCm?.[1] ?? null,
      dimHeight: p.dimsCm?.[2] ?? null,
      warrantyInfo: p.warranty ?? shelf.warranty,
      // newest first interleaves the shelves, so the first page (and the 5 featured products) is a mix
      // listed before the 90 days of price history the demo shows
      createdAt: new Date(now - 100 * DAY + (shelfCount * (5 - i) - s) * MINUTE),
    })),
  );
  const rows = await services.catalogue.createProducts(inputs);
  const ids = new Map(rows.map((r) => [r.sku, r.id]));
  // the 90-day price history the product dialog charts and the assistant quotes (decision 0101)
  for (const p of SEED_SHELVES.flatMap((shelf) => shelf.products)) await services.prices.seedHistory(ids.get(p.sku)!, seedPriceHistory(p, now));
  for (const [position, shelf] of SEED_SHELVES.entries()) {
    await services.catalogue.createShelf({ slug: shelf.slug, title: shelf.title, titleAr: SEED_SHELF_TITLES_AR[shelf.slug] ?? '', position, productIds: shelf.products.map((p) => ids.get(p.sku)!) });
  }
  return ids;
}

const LIFECYCLE: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];

/**
 * The order history (vendor-data.ts SEED_PURCHASES): each purchase placed through the orders service (so it splits
 * per seller, freezes commission and posts its sale in the ledger), then each sub-order walked to its own status as
 * its seller would (ship with a tracking number and carrier), then moved back to the day it happened.
 */
async function seedOrders(
  deps: SeedDeps, customer: { id: number; name: string; email: string }, productIds: Map<string, number>, vendorIds: Map<SeedVendorKey, number>, now: number,
) {
  const { services } = deps;
  const keyOf = new Map([...vendorIds].map(([k, id]) => [id, k]));
  for (const p of SEED_PURCHASES) {
    const who = p.shopper === 'customer'
      ? { info: { email: customer.email, name: customer.name, phone: '+971 50 123 4567' }, address: { address: 'Marina Gate 2, Apt 1804, Dubai Marina', city: 'Dubai' }, userId: customer.id }
      : { info: { email: p.shopper.email, name: p.shopper.name, phone: p.shopper.phone }, address: { address: p.shopper.address, city: p.shopper.city }, userId: null };
    const request = orderRequestSchema.parse({
      items: p.lines.map(([sku, quantity]) => ({ product_id: productIds.get(sku)!, quantity })),
      customer_info: who.info,
      shipping_address: { ...who.address, country: 'United Arab Emirates', zip: '00000' },
      payment_method: p.payment, payment_intent_id: null, notes: p.notes,
    });
    const { order } = await services.orders.placeOrder(request, { userId: who.userId });
    const statuses = order.sub_orders.map((sub) => p.bySeller?.[sub.vendor_id === null ? 'marketplace' : keyOf.get(sub.vendor_id)!] ?? p.status);
    for (const [i, sub] of order.sub_orders.entries()) {
      // the last days' parts a seller ships are booked with a carrier (decision 0160); older ones were typed by hand
      const booked = p.daysAgo <= PARCEL_DAYS && sub.vendor_id !== null && (statuses[i] === 'shipped' || statuses[i] === 'delivered');
      await walk(deps, sub.id, statuses[i]!, false, booked ? sub.vendor_id : null);
    }
    await backdate(deps.db, order, new Date(now - p.daysAgo * DAY), now);
    if (p.daysAgo <= PARCEL_DAYS) await alignParcels(deps.db, order.sub_orders.map((s) => s.id));
  }
}

/**
 * Walks a sub-order through its lifecycle up to `status` (a cancellation is taken before shipping, as sellers do).
 * `short` goes straight to shipped, then delivered: the reviewers' purchases, whose history nobody reads, at half the
 * status changes (the seed's main cost). `bookedBy`: the seller books a carrier instead of typing a number.
 */
async function walk({ services, db }: SeedDeps, orderId: number, status: OrderStatus, short = false, bookedBy: number | null = null) {
  const steps = status === 'cancelled' ? ['confirmed', 'cancelled'] as const
    : LIFECYCLE.slice(1, LIFECYCLE.indexOf(status) + 1).filter((s) => !short || s === 'shipped' || s === 'delivered');
  for (const step of steps) {
    // booked by its seller: the carrier's scans ship it and deliver it
    if (bookedBy !== null && (step === 'shipped' || step === 'delivered')) {
      if (step === 'shipped') await shipByCarrier(services, db, orderId, bookedBy, status);
      continue;
    }
    const tracking = step === 'shipped' ? { number: `SQ${String(orderId).padStart(6, '0')}AE`, carrier: SEED_CARRIERS[orderId % SEED_CARRIERS.length]! } : undefined;
    await services.orders.setStatus(orderId, step, { notes: step === 'cancelled' ? 'Out of stock at the warehouse' : `Marked ${step}`, tracking });
  }
}

/**
 * The money after the sales (issue 24 items 5–6), through the services a person would use: the demo customer returns
 * one unit of a recent delivery (approved by the seller, received and refunded as store credit, the commission
 * reversed); the sellers keep their IBANs, verified by an admin; an admin runs a payout batch over the money whose return window has closed
 * and the bank confirms it.
 */
async function seedMoneyHistory(deps: SeedDeps, customer: { id: number }, vendorIds: Map<SeedVendorKey, number>) {
  const { services } = deps;
  const customerActor: Actor = { userId: customer.id, role: 'user', name: 'Demo customer', ip: null };
  const returnable = (await services.returns.mine(customer.id)).returnable[0];
  if (returnable) {
    const request = await services.returns.request(customer.id, {
      order_id: returnable.order_id, line_id: returnable.line_id, units: 1, reason: 'wrong_item', reason_text: 'Ordered the wrong size.',
      refund_method: returnable.payment_method === 'cod' ? 'store_credit' : undefined,
    }, customerActor);
    await services.returns.approve(request.id, { admin: true }, 'Please send it back in its box.', SEED_ACTOR);
    await services.returns.receive(request.id, { admin: true }, true, SEED_ACTOR);
  }
  for (const v of SEED_VENDORS) {
    await services.payouts.setPayoutAccount(vendorIds.get(v.key)!, { iban: v.iban, account_holder: v.company_name }, SEED_ACTOR);
    // an admin checked each account (decision 0125): a first account has no waiting days
    await services.payouts.verifyPayoutAccount(vendorIds.get(v.key)!, SEED_ACTOR);
  }
  await seedRemittances(deps);
  const batch = await services.payouts.createBatch(undefined, SEED_ACTOR);
  for (const payout of batch.payouts) await services.payouts.markPaid(payout.id, SEED_ACTOR);
  // the bank's statement of that day, as an admin imports it (decision 0143): the daily reconciliation then checks the
  // bank side too, and finds it equal
  const day = new Date().toISOString().slice(0, 10);
  const lines = batch.payouts.map((p) => `${day},${(-p.amount_cents / 100).toFixed(2)},${p.currency},${p.reference},Outgoing transfer to ${p.vendor_name.replace(/[",]/g, ' ')}`);
  if (lines.length) await services.reconciliation.importStatement({ filename: `bank-statement-${day}.csv`, content: ['date,amount,currency,reference,description', ...lines].join('\n') }, SEED_ACTOR);
}

/** UAE couriers (decision 0140): a seller's carrier is matched by name or code, others go to the first. */
const SEED_COURIERS = [
  { code: 'ARX', name: 'Aramex', name_ar: 'أرامكس' },
  { code: 'EPOST', name: 'Emirates Post', name_ar: 'بريد الإمارات' },
  { code: 'QUIQUP', name: 'Quiqup', name_ar: 'كويك أب' },
];

/**
 * The couriers handed in the cash of the cash-on-delivery sub-orders delivered more than ten days ago (one remittance
 * each, as an admin imports them); the more recent ones are still to collect, so Finance shows cash by age.
 */
async function seedRemittances({ db, services }: SeedDeps) {
  const due = await rowsOf<{ order_number: string; courier_id: number | null; cents: string }>(db, sql`
    select o.order_number, s.courier_id, sum(e.amount_cents)::text as cents
    from cod_shipments s join orders o on o.id = s.order_id join ledger_entries e on e.order_id = o.id and e.account = 'courier_cash'
    where o.delivered_at < now() - interval '10 days'
    group by o.id, o.order_number, s.courier_id having sum(e.amount_cents) > 0 order by o.id`);
  const day = new Date().toISOString().slice(0, 10);
  for (const courierId of new Set(due.map((d) => d.courier_id))) {
    const records = due.filter((d) => d.courier_id === courierId)
      .map((d, i) => ({ row: i + 1, columns: 3, order_number: d.order_number, amount: (Number(d.cents) / 100).toFixed(2), date: day }));
    await services.cod.remit(records, { courierId, source: 'csv', actor: SEED_ACTOR });
  }
}

/**
 * Moves a seeded purchase and its sub-orders to the day it was placed (their numbers carry that day, decision 0086),
 * spreads each sub-order's history over its life (at most a day a step, so timelines read naturally) and sets
 * shipped_at / delivered_at / updated_at to the moments of those steps, as live orders have them. One statement a
 * sub-order. (Ledger entries keep their real time: they are append-only.)
 */
async function backdate(db: Db, purchase: Purchase, placedAt: Date, now: number) {
  const number = newOrderNumber(placedAt);
  await db.update(purchases).set({ purchaseNumber: number, createdAt: placedAt }).where(eq(purchases.id, purchase.id));
  const span = now - placedAt.getTime();
  for (const [n, sub] of purchase.sub_orders.entries()) {
    const orderNumber = subOrderNumber(number, n, purchase.sub_orders.length);
    await db.execute(sql`
      with h as (
        select id, to_status, row_number() over (order by id) - 1 as i, count(*) over () as n
        from order_status_history where order_id = ${sub.id}
      ), moved as (
        update order_status_history s
        set created_at = ${placedAt.toISOString()}::timestamptz + least(${DAY}::float8, ${span}::float8 / greatest(1, h.n)) * h.i * interval '1 millisecond'
        from h where s.id = h.id
        returning s.to_status, s.created_at
      )
      update orders set
        order_number = ${orderNumber}, created_at = ${placedAt.toISOString()}::timestamptz,
        shipped_at = (select max(created_at) from moved where to_status = 'shipped'),
        delivered_at = (select max(created_at) from moved where to_status = 'delivered'),
        updated_at = (select max(created_at) from moved)
      where id = ${sub.id}`);
  }
}

/**
 * The demo's reviews (decision 0092): each reviewer buys the products they review in one order that is delivered,
 * then writes each review through the reviews service, the shopper's own path. Ratings and counts are what follows.
 */
async function seedReviews(deps: SeedDeps, productIds: Map<string, number>, now: number) {
  const { db, services } = deps;
  const home = { address: 'Al Wasl Road 40', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' };
  // their accounts at once: the password hashing runs off the main thread, in parallel
  const reviewerAccounts = await Promise.all(SEED_REVIEWERS.map((r) => services.accounts.createUser({ name: r.name, email: r.email, password: DEMO_PASSWORD, role: 'user' })));
  for (const [n, reviewer] of SEED_REVIEWERS.entries()) {
    const mine = Object.entries(SEED_REVIEWS).filter(([, list]) => list[n]).map(([sku, list]) => ({ sku, review: list[n]! }));
    if (!mine.length) continue;
    const user = reviewerAccounts[n]!;
    const request = orderRequestSchema.parse({
      items: mine.map((m) => ({ product_id: productIds.get(m.sku)!, quantity: 1 })),
      customer_info: { email: reviewer.email, name: reviewer.name, phone: null }, shipping_address: home, payment_method: 'card', payment_intent_id: null,
    });
    const { order } = await services.orders.placeOrder(request, { userId: user.id });
    for (const sub of order.sub_orders) await walk(deps, sub.id, 'delivered', true);
    await backdate(db, order, new Date(now - (45 - n) * DAY), now);
    const lines = await db.select({ id: orderItems.id, productId: orderItems.productId }).from(orderItems)
      .where(inArray(orderItems.orderId, order.sub_orders.map((sub) => sub.id)));
    for (const [i, m] of mine.entries()) {
      const line = lines.find((l) => l.productId === productIds.get(m.sku))!;
      const [stars, title, body] = m.review;
      await services.reviews.create({ userId: user.id, name: reviewer.name }, { order_item_id: line.id, stars, title, body }, [],
        { createdAt: new Date(now - (38 - n * 5 - i) * DAY) });
    }
  }
}
