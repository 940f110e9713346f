import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { PARCEL_STATE_LABELS } from '../../packages/shared/src/rules/shipping.js';
import { bothLanguages, screenshots } from './support/shots.js';
import { adminToken, DEMO_PASSWORD, signIn } from './support/sign-in.js';
import { demoSellers } from './support/demo-sellers.js';
import { vendorPage } from './support/sessions.js';
import { toast } from './support/vendor-onboarding.js';
import { carrierClock, carrierControl, carrierQueue, moveCarrierClock, resetCarrierClock, scan } from './support/carrier.js';

// Issue 40 item 9, the browser journey: parcels a UAE shopper can follow. A shopper buys from three sellers, each part
// to another emirate (three purchases) → each seller books a carrier from its order screen and prints the label (a
// 4×6 in PDF holding the waybill) → the carriers' tracking events arrive out of order (Aramex's history polled newest
// first; Quiqup's signed webhooks held, reversed and duplicated on the local carrier's test controls, decision 0160)
// → one parcel fails twice and goes back to its seller (the sub-order cancelled) → the shopper sees every step on
// /profile in English and Arabic → each seller's late shipment figure counts the parcel it handed over, and one seller's
// late rate moves: the carrier's clock is moved days past its parcel's promise before it books (decision 0168), so
// its shipping and its delivery, stamped with the carrier's moments, are both late. The tracking and parcel screens
// are saved at 1280 and 390 px in both languages, and the labels as PNG, when SOUQ_SHOTS names a folder.

test.describe.configure({ timeout: 300_000 });
// the server is shared with the specs that follow: the carrier's clock goes back to the wall clock whatever happened
test.afterAll(async ({ playwright }) => {
  const api = await playwright.request.newContext();
  await resetCarrierClock(api).catch(() => undefined);
  await api.dispose();
});
const shots = process.env.SOUQ_SHOTS;
const shoot = screenshots(shots, { settleMs: 400 });

const SELLERS = [
  { email: 'vendor@souq.test', carrier: 'aramex', carrierName: 'Aramex', emirate: 'dubai', area: 'Dubai Marina', street: 'Marina Gate 1' },
  { email: 'home@souq.test', carrier: 'quiqup', carrierName: 'Quiqup', emirate: 'abu_dhabi', area: 'Al Reem Island', street: 'Sky Tower' },
  { email: 'sports@souq.test', carrier: 'quiqup', carrierName: 'Quiqup', emirate: 'sharjah', area: 'Al Majaz', street: 'Corniche Street 7' },
] as const;

type Sub = { id: number; order_number: string; vendor_id: number; status: string; delivery_promise: { earliest: string; latest: string } | null };
type Rate = { numerator: number; denominator: number };
type Performance = { windows: { d30: Record<'late_shipment' | 'on_time_delivery', Rate> } };
type Tracking = { shipment: { id: number; waybill: string; state: string; failed_attempts: number; events: { state: keyof typeof PARCEL_STATE_LABELS }[] } | null };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const shootBoth = bothLanguages(shots, shoot);

/** The printed label: a PDF of one 4×6 in page (288 × 432 pt) whose text holds the waybill and the sender. */
function checkLabel(file: string, waybill: string, sender: string) {
  const pdf = fs.readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number));
  expect(boxes).toEqual([[0, 0, 288, 432]]);
  // poppler's text extraction (apt-get install -y poppler-utils): what a reader of the PDF finds, not what was meant
  let text: string;
  try {
    text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (err) {
    throw new Error(`pdftotext could not read the label (install poppler-utils: apt-get install -y poppler-utils): ${(err as Error).message}`);
  }
  expect(text).toContain(waybill);
  expect(text).toContain(sender);
  if (shots) execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, `${shots}/label-${waybill}`]);
}

/** The seller's order screen: its sub-order found, confirmed, a carrier booked, the label printed. */
async function bookAndPrint(browser: Browser, s: (typeof SELLERS)[number] & { token: string; company: string }, sub: Sub) {
  const { vendor, close } = await vendorPage(browser, `/vendor?tab=orders&orders_search=${sub.order_number}&lang=en`, { email: s.email, password: DEMO_PASSWORD });
  const row = vendor.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ hasText: sub.order_number });
  await row.getByRole('button', { name: `Confirm order ${sub.order_number}` }).click();
  await vendor.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(vendor, MSG.vendorOrderConfirmed(sub.order_number))).toBeVisible();
  await row.getByRole('button', { name: `View order ${sub.order_number}` }).click();
  const dialog = vendor.getByRole('dialog', { name: `Order ${sub.order_number}` });
  const booking = dialog.getByRole('region', { name: 'Book a carrier' });
  await booking.getByLabel('Carrier').selectOption(s.carrier);
  if (s.carrier === 'quiqup') await booking.getByLabel('Service').selectOption('scheduled');
  await booking.getByLabel('Weight (kg)').fill('1.2');
  await booking.getByRole('button', { name: 'Book and get the label' }).click();
  const shipping = dialog.getByRole('region', { name: 'Shipping' });
  await expect(shipping).toContainText(s.carrierName);
  await expect(shipping).toContainText(PARCEL_STATE_LABELS.booked[0]);
  const tracking = (await (await vendor.request.get(`/api/orders/${sub.id}/tracking`, { headers: bearer(s.token) })).json()) as Tracking;
  const waybill = tracking.shipment!.waybill;
  await expect(shipping).toContainText(waybill);
  // the label, as the seller's browser downloads it
  const download = vendor.waitForEvent('download');
  await shipping.getByRole('button', { name: 'Print label' }).click();
  const file = test.info().outputPath(`label-${waybill}.pdf`);
  await (await download).saveAs(file);
  checkLabel(file, waybill, s.company);
  await close();
  return waybill;
}

test('three sellers book carriers and print labels; events arrive out of order; a parcel fails twice and goes back; the shopper follows it in both languages', async ({ page, browser, request }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `parcels-${stamp}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: 'Dana Delivery', email, password: 'password-123' } });
  expect(signup.status()).toBe(201);
  const shopperToken = ((await signup.json()) as { token: string }).token;

  // 0. the demo's recent parcels were booked at the seed through the shipping service (decision 0160): delivered ones
  // by Aramex's polled scans, the others' Quiqup webhooks sent to Souq once the server listened
  await expect.poll(async () => (await carrierQueue(request)).pending.length, { timeout: 20_000 }).toBe(0);
  const parcels = (await (await request.get('/api/admin/shipping/parcels', { headers: bearer(await adminToken(request)) })).json()) as { counts: { state: string; count: number }[] };
  const seeded = Object.fromEntries(parcels.counts.map((c) => [c.state, c.count]));
  expect(seeded.delivered, JSON.stringify(seeded)).toBeGreaterThanOrEqual(1);
  expect(seeded.in_transit, JSON.stringify(seeded)).toBeGreaterThanOrEqual(1);
  // the carrier's clock at the wall clock (a retry after a failure in the middle starts where the first try began)
  expect(Math.abs((await resetCarrierClock(request)).ahead_ms)).toBeLessThan(60_000);

  // 1. the three sellers, a plain product of each, and their late shipment figures before
  const sellers = await Promise.all((await demoSellers(request, SELLERS)).map(async (s) => {
    const before = (await (await request.get('/api/vendor/performance', { headers: bearer(s.token) })).json()) as Performance;
    return { ...s, before: before.windows.d30 };
  }));

  // 2. one part per emirate: three purchases, cash on delivery, each to its own structured address
  const subs: Sub[] = [];
  for (const s of sellers) {
    const placed = await request.post('/api/orders', {
      headers: bearer(shopperToken),
      data: {
        items: [{ product_id: s.product.id, quantity: 1 }], payment_method: 'cod',
        customer_info: { name: 'Dana Delivery', email, phone: '+971501234567' },
        shipping_address: { address: s.street, city: s.area, country: 'United Arab Emirates', zip: '00000' },
        delivery_address: { name: 'Dana Delivery', phone: '050 123 4567', emirate: s.emirate, area: s.area, street: s.street },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  }
  const purchases = (await (await request.get('/api/my/orders', { headers: bearer(shopperToken) })).json()) as { sub_orders: Sub[] }[];
  for (const s of sellers) {
    const sub = purchases.flatMap((p) => p.sub_orders).find((o) => o.vendor_id === s.id);
    expect(sub, s.email).toBeTruthy();
    subs.push(sub!);
  }

  // 3. each seller confirms, books its carrier from the order screen and prints the label; the second seller only
  // once the carrier's clock is two Dubai days past its part's promise (its dispatch day is before that), so its
  // parcel is booked late (decision 0168)
  const aramex = await bookAndPrint(browser, sellers[0]!, subs[0]!);
  const failing = await bookAndPrint(browser, sellers[2]!, subs[2]!);
  const promise = subs[1]!.delivery_promise;
  expect(promise, subs[1]!.order_number).toBeTruthy();
  const DAY = 86_400_000;
  const lateDays = Math.ceil((Date.parse(`${promise!.latest}T00:00:00+04:00`) + 2 * DAY - Date.now()) / DAY);
  expect((await moveCarrierClock(request, lateDays)).ahead_ms).toBeGreaterThanOrEqual(lateDays * DAY - 60_000);
  const quiqup = await bookAndPrint(browser, sellers[1]!, subs[1]!);
  // the scans' times, a few seconds apart in the order the driver made them: by the wall clock for the two parcels
  // booked before the move, by the moved carrier clock (after its booking) for the late one
  const t0 = Date.now() - 30_000;
  const at = (k: number) => new Date(t0 + k * 5_000);
  const late0 = await carrierClock(request);
  const lateAt = (k: number) => new Date(late0 + k * 1_000);
  const trackingOf = async (sub: Sub) => (await (await request.get(`/api/orders/${sub.id}/tracking`, { headers: bearer(shopperToken) })).json()) as Tracking;

  await signIn(page, 'customer', { credentials: { email, password: 'password-123' }, path: '/profile?lang=en' });
  const partOf = (p: Page, sub: Sub) => p.locator('li').filter({ hasText: sub.order_number });

  // 4a. Aramex (Dubai): four scans, then one poll; TrackShipments answers newest first, so "delivered" arrives
  // before the scans that led to it, and the parcel still ends delivered with its whole history in order
  for (const [k, state] of (['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const).entries()) await scan(request, aramex, state, at(k));
  expect((await carrierControl<{ stored: number }>(request, '/track')).stored).toBeGreaterThanOrEqual(4);
  const a = await trackingOf(subs[0]!);
  expect(a.shipment!.state).toBe('delivered');
  expect(a.shipment!.events.map((e) => e.state)).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);

  // 4b. Quiqup (Abu Dhabi): three signed webhooks held at the carrier, reversed, the last one doubled, then released
  // while the shopper looks at the page: the newest arrives first, the older two move nothing, the double is ignored
  await carrierControl(request, '/queue/hold');
  const held: number[] = [];
  for (const [k, state] of (['picked_up', 'in_transit', 'out_for_delivery'] as const).entries()) held.push((await scan(request, quiqup, state, lateAt(k))).delivery_id!);
  await carrierControl(request, '/queue/reorder', { order: 'reverse' });
  await carrierControl(request, '/queue/duplicate', { id: String(held[2]) });
  const pending = await carrierQueue(request);
  expect(pending.pending.filter((d) => d.waybill === quiqup).map((d) => d.state)).toEqual(['out_for_delivery', 'out_for_delivery', 'in_transit', 'collected']);
  await expect(partOf(page, subs[1]!).getByText(PARCEL_STATE_LABELS.booked[0]).first()).toBeVisible();
  const released = await carrierControl<{ sent: { status: number }[] }>(request, '/queue/release');
  expect(released.sent.every((d) => d.status === 200)).toBe(true);
  // live, without a reload: the parcel is out for delivery
  await expect(partOf(page, subs[1]!).getByText(PARCEL_STATE_LABELS.out_for_delivery[0]).first()).toBeVisible();
  const b = await trackingOf(subs[1]!);
  expect(b.shipment!.state).toBe('out_for_delivery');
  expect(b.shipment!.events.map((e) => e.state)).toEqual(['picked_up', 'in_transit', 'out_for_delivery']);
  await scan(request, quiqup, 'delivered', lateAt(3));
  await expect.poll(async () => (await trackingOf(subs[1]!)).shipment!.state, { timeout: 15_000 }).toBe('delivered');
  // done with the late parcel: the carrier's clock back to the wall clock (its webhooks all sent)
  await expect.poll(async () => (await carrierQueue(request)).pending.length, { timeout: 15_000 }).toBe(0);
  expect(Math.abs((await resetCarrierClock(request)).ahead_ms)).toBeLessThan(60_000);

  // 4c. Quiqup (Sharjah): two failed attempts, then back to its seller; the sub-order is cancelled only then
  await scan(request, failing, 'picked_up', at(0));
  await scan(request, failing, 'out_for_delivery', at(1));
  await scan(request, failing, 'delivery_failed', at(2), 'Customer not available');
  await expect.poll(async () => (await trackingOf(subs[2]!)).shipment!.failed_attempts, { timeout: 15_000 }).toBe(1);
  await page.goto('/profile?lang=en');
  await expect(partOf(page, subs[2]!).getByText('Failed delivery attempts: 1').first()).toBeVisible();
  await shootBoth(page, 'shopper-tracking-failed', { ready: async (p) => { await expect(partOf(p, subs[2]!).getByText(/Customer not available/).first()).toBeVisible(); }, part: (p) => p.locator('section[aria-labelledby="recent-orders"]') });
  const statusOf = async (sub: Sub) => (await (await request.get('/api/my/orders', { headers: bearer(shopperToken) })).json() as { sub_orders: Sub[] }[]).flatMap((p) => p.sub_orders).find((o) => o.id === sub.id)!.status;
  await scan(request, failing, 'rescheduled', at(3));
  await scan(request, failing, 'out_for_delivery', at(4));
  await scan(request, failing, 'delivery_failed', at(5), 'Customer refused the parcel');
  await expect.poll(async () => (await trackingOf(subs[2]!)).shipment!.failed_attempts, { timeout: 15_000 }).toBe(2);
  expect(await statusOf(subs[2]!)).toBe('shipped');
  await scan(request, failing, 'returned_to_sender', at(6));
  await expect.poll(() => statusOf(subs[2]!), { timeout: 15_000 }).toBe('cancelled');
  expect(await statusOf(subs[0]!)).toBe('delivered');
  expect(await statusOf(subs[1]!)).toBe('delivered');

  // 5. the shopper sees every step of every parcel, in English and in Arabic
  const steps = await Promise.all(subs.map(async (sub) => (await trackingOf(sub)).shipment!.events.map((e) => e.state)));
  expect(steps[2]).toEqual(['picked_up', 'out_for_delivery', 'delivery_failed', 'rescheduled', 'out_for_delivery', 'delivery_failed', 'returned_to_sender']);
  for (const lang of ['en', 'ar'] as const) {
    await page.goto(`/profile?lang=${lang}`);
    for (const [i, sub] of subs.entries()) {
      const part = partOf(page, sub);
      await expect(part.getByText(PARCEL_STATE_LABELS[steps[i]!.at(-1)!][lang === 'en' ? 0 : 1]).first()).toBeVisible();
      const history = part.locator('ol li');
      await expect(history).toHaveCount(steps[i]!.length);
      for (const [k, state] of steps[i]!.entries()) await expect(history.nth(k)).toContainText(PARCEL_STATE_LABELS[state][lang === 'en' ? 0 : 1]);
    }
    if (lang === 'en') await expect(partOf(page, subs[2]!).getByText('Failed delivery attempts: 2').first()).toBeVisible();
  }
  await page.goto('/profile?lang=en');
  await shootBoth(page, 'shopper-tracking', { ready: async (p) => { await expect(partOf(p, subs[2]!).locator('ol li')).toHaveCount(7); }, part: (p) => p.locator('section[aria-labelledby="recent-orders"]') });
  // the cash is no longer "to collect" once the parcel is delivered or back with its seller
  await expect(page.locator('section[aria-labelledby="recent-orders"]').getByText(/The courier collects/)).toHaveCount(0);

  // 6. each seller's late shipment figure counts the parcel it handed to the carrier: on time for the two booked the
  // day they were confirmed, late for the one booked under the moved clock (its numerator moves, the others' do not);
  // the on-time delivery figure counts the two delivered ones, on time only the first
  for (const [i, s] of sellers.entries()) {
    const after = ((await (await request.get('/api/vendor/performance', { headers: bearer(s.token) })).json()) as Performance).windows.d30;
    const late = i === 1 ? 1 : 0;
    expect(after.late_shipment, s.email).toMatchObject({ numerator: s.before.late_shipment.numerator + late, denominator: s.before.late_shipment.denominator + 1 });
    if (i < 2) expect(after.on_time_delivery, s.email).toMatchObject({ numerator: s.before.on_time_delivery.numerator + 1 - late, denominator: s.before.on_time_delivery.denominator + 1 });
    else expect(after.on_time_delivery, s.email).toMatchObject(s.before.on_time_delivery);
  }

  // 7. the seller's parcel screen after the return, and its performance tab, in both languages
  const last = sellers[2]!;
  const { vendor, close } = await vendorPage(browser, `/vendor?tab=orders&orders_search=${subs[2]!.order_number}&lang=en`, { email: last.email, password: DEMO_PASSWORD });
  const openOrder = async (p: Page) => {
    await p.getByRole('button', { name: /View order|عرض الطلب/ }).first().click();
    await expect(p.getByRole('dialog').getByText(failing).first()).toBeVisible();
  };
  await openOrder(vendor);
  const parcel = vendor.getByRole('dialog').getByRole('region', { name: 'Shipping' });
  await expect(parcel).toContainText(PARCEL_STATE_LABELS.returned_to_sender[0]);
  await expect(parcel).toContainText('Failed delivery attempts: 2');
  await shootBoth(vendor, 'vendor-parcel', { ready: openOrder, part: (p) => p.getByRole('dialog') });
  await vendor.goto('/vendor?tab=performance&lang=en');
  await expect(vendor.getByRole('list', { name: 'Performance rates' })).toBeVisible();
  await shootBoth(vendor, 'vendor-performance', { ready: async (p) => { await expect(p.getByRole('list').filter({ has: p.locator('h3') }).first()).toBeVisible(); } });
  await close();
});
