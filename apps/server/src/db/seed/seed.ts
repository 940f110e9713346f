import { count, eq, inArray } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_VENDOR_EMAIL, TAX_SETTING_KEYS, type OrderStatus } from '@souq/shared/constants';
import type { OrderRequest, Purchase } from '@souq/shared/api/orders';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { settings, users } from '../schema/accounts.js';
import { files, vendorDocuments, vendors } from '../schema/vendors.js';
import { orderItems, orders, orderStatusHistory, purchases } from '../schema/orders.js';
import type { Db } from '../../platform/db.js';
import { createDiskStorage } from '../../platform/storage.js';
import { AppError } from '../../platform/errors.js';
import { catalogueImageUrl } from '../../platform/media.js';
import type { Services } from '../../services.js';
import type { ProductInput } from '../../modules/catalogue/catalogue.service.js';
import { newOrderNumber, subOrderNumber } from '../../modules/orders/orders.service.js';
import { SEED_SHELVES, seedImageFile } from './catalogue-data.js';
import { SEED_REVIEWERS, SEED_REVIEWS } from './review-data.js';

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
 * The demo shop: a customer with past orders, three vendors (verified, pending review with its documents,
 * incomplete), 80 products on 16 shelves. Everything goes through the services where one exists, so the demo
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
  const demoVendorId = await seedVendors(deps, now);
  const accountsDone = Date.now();

  const productIds = await seedCatalogue(deps, demoVendorId, now);
  const catalogueDone = Date.now();

  await services.profile.update(customer.id, {
    dob: '1992-04-18',
    gender: 'female',
    phone: '+971 50 123 4567',
    address: { address_line1: 'Marina Gate 2, Apt 1804', address_line2: 'Dubai Marina', city: 'Dubai', state: 'Dubai', postal_code: '00000', country: 'United Arab Emirates' },
  });
  await seedOrders(deps, customer, productIds, now);
  await seedReviews(deps, productIds, now);
  const end = Date.now();
  deps.log(`Demo data seeded in ${end - started} ms (accounts ${accountsDone - started}, catalogue ${catalogueDone - accountsDone}, profile and orders ${end - catalogueDone})`);
  return true;
}

async function seedVendors({ db, services, dataDir }: SeedDeps, now: number): Promise<number> {
  const signup = async (input: Parameters<Services['accounts']['vendorSignup']>[0]) => {
    const { token, vendor } = await services.accounts.vendorSignup(input);
    await services.accounts.logout(token); // the seed needs the account, not a session
    return vendor;
  };

  const verified = await signup({
    company_name: 'Gulf Gadgets Trading LLC',
    contact_name: 'Omar Haddad',
    email: DEMO_VENDOR_EMAIL,
    password: DEMO_PASSWORD,
    phone: '+971 4 555 0101',
    address: { street: 'Sheikh Zayed Road 12, Office 2204', city: 'Dubai', state: 'Dubai', postal_code: '00000', country: 'UAE' },
  });
  await db.update(vendors).set({
    website: 'https://gulfgadgets.example',
    businessType: 'LLC',
    industry: 'Electronics',
    taxId: '100234567800003',
    // a VAT registrant (decision 0098): its TRN is checked with its documents, its prices include VAT
    vatNumber: '100234567800003',
    vatRegistered: true,
    establishmentDate: '2016-03-01',
    isVerified: true,
    verificationDate: new Date(now - 120 * DAY),
    verifiedBy: 'Admin User',
    verificationNotes: 'Trade licence and Emirates ID checked.',
    onboardingCompletedAt: new Date(now - 125 * DAY),
  }).where(eq(vendors.id, verified.id));
  // a verified vendor has been through onboarding: its documents are on file, so login lands on the dashboard
  await storeDocuments(db, dataDir, verified.id, verified.user_id);
  // the marketplace's own legal identity for its tax documents (decision 0099): a demo TRN, prices include VAT
  await db.insert(settings).values([
    { key: TAX_SETTING_KEYS.legalName, value: 'Souq Marketplace FZ-LLC' },
    { key: TAX_SETTING_KEYS.address, value: 'Dubai Silicon Oasis, Building A1, Dubai, UAE' },
    { key: TAX_SETTING_KEYS.trn, value: '100000000000003' },
  ]).onConflictDoNothing();

  const pending = await signup({
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

  await signup({
    company_name: 'Falcon Sports Equipment',
    contact_name: 'Sara Khalil',
    email: DEMO_INCOMPLETE_VENDOR_EMAIL,
    password: DEMO_PASSWORD,
    phone: '+971 6 555 0303',
    address: { city: 'Sharjah', state: 'Sharjah', country: 'UAE' },
  });
  return verified.id;
}

/** The pending vendor's three KYC documents, stored as private uploads like the onboarding form stores them. */
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

async function seedCatalogue({ services }: SeedDeps, demoVendorId: number, now: number) {
  const shelfCount = SEED_SHELVES.length;
  const inputs = SEED_SHELVES.flatMap((shelf, s) =>
    shelf.products.map((p, i): ProductInput => ({
      vendorId: p.owner === 'house' ? null : demoVendorId,
      name: p.name,
      description: p.description,
      bulletPoints: p.bullets,
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
      seoTitle: `${p.name} | ${p.brand}`.slice(0, 60),
      metaDescription: p.description.slice(0, 160),
      weight: p.weightKg ?? null,
      dimLength: p.dimsCm?.[0] ?? null,
      dimWidth: p.dimsCm?.[1] ?? null,
      dimHeight: p.dimsCm?.[2] ?? null,
      warrantyInfo: p.warranty ?? shelf.warranty,
      // newest first interleaves the shelves, so the first page (and the 5 featured products) is a mix
      createdAt: new Date(now - 30 * DAY + (shelfCount * (5 - i) - s) * MINUTE),
    })),
  );
  const rows = await services.catalogue.createProducts(inputs);
  const ids = new Map(rows.map((r) => [r.sku, r.id]));
  for (const [position, shelf] of SEED_SHELVES.entries()) {
    await services.catalogue.createShelf({ slug: shelf.slug, title: shelf.title, position, productIds: shelf.products.map((p) => ids.get(p.sku)!) });
  }
  return ids;
}

type PastOrder = { daysAgo: number; status: OrderStatus; request: OrderRequest; userId: number | null };

async function seedOrders({ db, services }: SeedDeps, customer: { id: number; name: string; email: string }, productIds: Map<string, number>, now: number) {
  const item = (sku: string, quantity: number) => ({ product_id: productIds.get(sku)!, quantity });
  const home = { address: 'Marina Gate 2, Apt 1804, Dubai Marina', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' };
  const me = { email: customer.email, name: customer.name, phone: '+971 50 123 4567' };

  const past: PastOrder[] = [
    { daysAgo: 24, status: 'delivered', userId: customer.id, request: { items: [item('VLC-RUN-PRO-42', 1), item('HDP-BTL-1L-SKY', 2)], customer_info: me, shipping_address: home, payment_method: 'card', payment_intent_id: null } },
    { daysAgo: 3, status: 'shipped', userId: customer.id, request: { items: [item('SDC-Q45-BLK', 1)], customer_info: me, shipping_address: home, payment_method: 'cod', payment_intent_id: null } },
    { daysAgo: 0.2, status: 'processing', userId: customer.id, request: { items: [item('BK-978-0241003008', 1)], customer_info: me, shipping_address: home, payment_method: 'cod', payment_intent_id: null, notes: 'Gift wrap, please.' } },
    // guest orders, so vendor and admin screens have something to work with
    { daysAgo: 9, status: 'delivered', userId: null, request: { items: [item('NOV-X15P-256-BLK', 1), item('PLS-BUDP-WHT', 1)], customer_info: { email: 'ahmed.k@example.com', name: 'Ahmed Karim', phone: '+971 55 987 6543' }, shipping_address: { address: 'Al Nahda 1, Villa 22', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card', payment_intent_id: null } },
    { daysAgo: 1, status: 'confirmed', userId: null, request: { items: [item('CRP-AF-XL55', 1), item('HRT-SKL-28', 1)], customer_info: { email: 'maria.s@example.com', name: 'Maria Santos', phone: null }, shipping_address: { address: 'Khalidiya Tower B, Flat 702', city: 'Abu Dhabi', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'cod', payment_intent_id: null } },
    { daysAgo: 0.05, status: 'pending', userId: null, request: { items: [item('ERG-CHR-MESH', 1)], customer_info: { email: 'j.lee@example.com', name: 'Jin Lee', phone: '+971 52 111 2233' }, shipping_address: { address: 'Muwaileh Commercial, Building 5', city: 'Sharjah', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card', payment_intent_id: null } },
  ];
  const lifecycle: OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];
  for (const o of past) {
    const { order } = await services.orders.placeOrder(orderRequestSchema.parse(o.request), { userId: o.userId });
    // spread the history over the order's life so timelines read naturally
    const placedAt = now - o.daysAgo * DAY;
    await backdate(db, order, new Date(placedAt));
    for (const sub of order.sub_orders) {
      for (const status of lifecycle.slice(1, lifecycle.indexOf(o.status) + 1)) await services.orders.setStatus(sub.id, status, { notes: `Marked ${status}` });
      const history = await db.select({ id: orderStatusHistory.id }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, sub.id)).orderBy(orderStatusHistory.id);
      const step = Math.min(DAY, (o.daysAgo * DAY) / Math.max(1, history.length));
      for (const [i, h] of history.entries()) {
        await db.update(orderStatusHistory).set({ createdAt: new Date(placedAt + i * step) }).where(eq(orderStatusHistory.id, h.id));
      }
    }
  }
}

/** Moves a seeded purchase and its sub-orders to the day it was placed (their numbers carry that day, decision 0086). */
async function backdate(db: Db, purchase: Purchase, placedAt: Date) {
  const number = newOrderNumber(placedAt);
  await db.update(purchases).set({ purchaseNumber: number, createdAt: placedAt }).where(eq(purchases.id, purchase.id));
  for (const [n, sub] of purchase.sub_orders.entries()) {
    const orderNumber = subOrderNumber(number, n, purchase.sub_orders.length);
    await db.update(orders).set({ orderNumber, createdAt: placedAt, updatedAt: placedAt }).where(eq(orders.id, sub.id));
  }
}

/**
 * The demo's reviews (decision 0092): each reviewer buys the products they review in one order that is delivered,
 * then writes each review through the reviews service, the shopper's own path. Ratings and counts are what follows.
 */
async function seedReviews({ db, services }: SeedDeps, productIds: Map<string, number>, now: number) {
  const home = { address: 'Al Wasl Road 40', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' };
  for (const [n, reviewer] of SEED_REVIEWERS.entries()) {
    const mine = Object.entries(SEED_REVIEWS).filter(([, list]) => list[n]).map(([sku, list]) => ({ sku, review: list[n]! }));
    if (!mine.length) continue;
    const user = await services.accounts.createUser({ name: reviewer.name, email: reviewer.email, password: DEMO_PASSWORD, role: 'user' });
    const request = orderRequestSchema.parse({
      items: mine.map((m) => ({ product_id: productIds.get(m.sku)!, quantity: 1 })),
      customer_info: { email: reviewer.email, name: reviewer.name, phone: null }, shipping_address: home, payment_method: 'card', payment_intent_id: null,
    });
    const { order } = await services.orders.placeOrder(request, { userId: user.id });
    for (const sub of order.sub_orders) {
      for (const status of ['confirmed', 'processing', 'shipped', 'delivered'] as const) await services.orders.setStatus(sub.id, status, { notes: `Marked ${status}` });
    }
    await backdate(db, order, new Date(now - (45 - n) * DAY));
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
