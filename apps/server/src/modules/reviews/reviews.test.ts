import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { OrderStatus } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { REVIEW_EDIT_DAYS } from '@souq/shared/api/reviews';
import {
  adminToken, call, createTestApp, multipart, signupCustomer, verifiedVendorPair, type TestContext,
} from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

const LIFECYCLE: OrderStatus[] = ['confirmed', 'processing', 'shipped', 'delivered'];
const DAY = 24 * 60 * 60 * 1000;

describe('verified reviews (issue 28, decision 0092)', () => {
  let t: TestContext;
  let vendorA: { token: string; id: number };
  let vendorB: { token: string; id: number };
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ vendorA, vendorB } = await verifiedVendorPair(t, 'Review Vendor A', 'Review Vendor B'));
    admin = await adminToken(t.app, t.config);
  });
  afterAll(async () => t.close());

  /** A product of vendor A, bought by a new shopper, its order moved to `status`; the purchase line's id. */
  async function purchase(status: OrderStatus = 'delivered', opts: { productId?: number; shopper?: Awaited<ReturnType<typeof signupCustomer>> } = {}) {
    const shopper = opts.shopper ?? await signupCustomer(t.app, 'Rana Reviewer');
    const productId = opts.productId ?? (await makeProduct(t.app, { name: `Review Kettle ${Math.random()}`, priceCents: 9900, vendorId: vendorA.id })).id;
    const order = await placeOrder(t.app, [{ productId, quantity: 1 }], { userId: shopper.user.id, email: shopper.email, name: 'Rana Reviewer' });
    for (const s of LIFECYCLE.slice(0, LIFECYCLE.indexOf(status) + 1)) await t.app.services.orders.setStatus(order.id, s, { notes: s });
    const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1', [order.id]);
    return { shopper, productId, orderItemId: line!.id };
  }

  const write = (token: string, orderItemId: number, stars = 4, body = 'Works well.') =>
    call(t.app, { method: 'POST', url: '/api/reviews', token, body: { order_item_id: orderItemId, stars, title: 'My view', body } });
  const product = async (id: number) => (await call(t.app, { url: `/api/products/${id}` })).json;

  it('refuses a review without a delivered purchase of the caller (403)', async () => {
    const shipped = await purchase('shipped');
    const res = await write(shipped.shopper.token, shipped.orderItemId);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(MSG.reviewNotDelivered);
    // someone else's delivered line is not the caller's purchase either
    const delivered = await purchase('delivered');
    const stranger = await signupCustomer(t.app, 'Not The Buyer');
    expect((await write(stranger.token, delivered.orderItemId)).status).toBe(403);
    // a vendor is not a shopper
    expect((await write(vendorA.token, delivered.orderItemId)).status).toBe(403);
    expect((await product(delivered.productId)).review_count).toBe(0);
  });

  it('takes one review per delivered line, marked verified, and the rating follows (409 for a second)', async () => {
    const { shopper, productId, orderItemId } = await purchase();
    const listed = await call(t.app, { url: `/api/reviews/reviewable?product_id=${productId}`, token: shopper.token });
    expect(listed.json).toEqual([expect.objectContaining({ order_item_id: orderItemId, product_id: productId })]);

    const first = await write(shopper.token, orderItemId, 4);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ verified_purchase: true, stars: 4, author_name: 'Rana Reviewer', mine: true });
    expect(await product(productId)).toMatchObject({ rating: 4, review_count: 1 });
    const again = await write(shopper.token, orderItemId, 1);
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(MSG.reviewAlreadyWritten);
    expect(await product(productId)).toMatchObject({ rating: 4, review_count: 1 });
    expect((await call(t.app, { url: `/api/reviews/reviewable?product_id=${productId}`, token: shopper.token })).json).toEqual([]);

    // a second delivered purchase of the same product is a second line: it may be reviewed too
    const second = await purchase('delivered', { productId, shopper });
    expect((await write(shopper.token, second.orderItemId, 2)).status).toBe(201);
    expect(await product(productId)).toMatchObject({ rating: 3, review_count: 2 });
  });

  it("lets the product's vendor reply once; another vendor gets 404", async () => {
    const { shopper, orderItemId, productId } = await purchase();
    const review = (await write(shopper.token, orderItemId)).json;
    const other = await call(t.app, { method: 'POST', url: `/api/vendor/reviews/${review.id}/reply`, token: vendorB.token, body: { body: 'Thanks!' } });
    expect(other.status).toBe(404);
    const own = await call(t.app, { method: 'POST', url: `/api/vendor/reviews/${review.id}/reply`, token: vendorA.token, body: { body: 'Thank you for your review.' } });
    expect(own.status).toBe(200);
    expect(own.json.reply).toMatchObject({ body: 'Thank you for your review.', vendor_name: 'Review Vendor A' });
    const twice = await call(t.app, { method: 'POST', url: `/api/vendor/reviews/${review.id}/reply`, token: vendorA.token, body: { body: 'Again' } });
    expect(twice.status).toBe(409);
    const shown = await call(t.app, { url: `/api/product-reviews/${productId}` });
    expect(shown.json[0].reply.body).toBe('Thank you for your review.');
    const audit = await t.database.query<{ action: string }>("select action from audit_log where target_type = 'review' and target_id = $1", [String(review.id)]);
    expect(audit.map((a) => a.action)).toEqual(['review.reply']);
    // the vendor's list shows its own products' reviews only
    const mine = await call(t.app, { url: '/api/vendor/reviews', token: vendorA.token });
    expect(mine.json.some((r: { id: number }) => r.id === review.id)).toBe(true);
    const theirs = await call(t.app, { url: '/api/vendor/reviews', token: vendorB.token });
    expect(theirs.json).toEqual([]);
  });

  it(`lets the author edit within ${REVIEW_EDIT_DAYS} days and refuses after`, async () => {
    const recent = await purchase();
    const review = (await write(recent.shopper.token, recent.orderItemId, 5)).json;
    const edited = await call(t.app, { method: 'PUT', url: `/api/reviews/${review.id}`, token: recent.shopper.token, body: { stars: 2, title: 'Changed', body: 'It broke.' } });
    expect(edited.status).toBe(200);
    expect(await product(recent.productId)).toMatchObject({ rating: 2, review_count: 1 });
    const stranger = await signupCustomer(t.app);
    expect((await call(t.app, { method: 'PUT', url: `/api/reviews/${review.id}`, token: stranger.token, body: { stars: 1, title: 'x', body: 'y' } })).status).toBe(404);

    const old = await purchase();
    const written = await t.app.services.reviews.create(
      { userId: old.shopper.user.id, name: 'Rana Reviewer' }, { order_item_id: old.orderItemId, stars: 4, title: 'Old', body: 'Fine.' }, [],
      { createdAt: new Date(Date.now() - (REVIEW_EDIT_DAYS + 1) * DAY) },
    );
    const late = await call(t.app, { method: 'PUT', url: `/api/reviews/${written.id}`, token: old.shopper.token, body: { stars: 1, title: 'Late', body: 'Too late.' } });
    expect(late.status).toBe(422);
    expect(late.json.error).toBe(MSG.reviewEditWindowClosed(REVIEW_EDIT_DAYS));
    expect(await product(old.productId)).toMatchObject({ rating: 4 });
  });

  it('counts one helpful vote per person, never for one\'s own review', async () => {
    const { shopper, orderItemId, productId } = await purchase();
    const review = (await write(shopper.token, orderItemId)).json;
    const voter = await signupCustomer(t.app, 'Helpful Hana');
    const vote = () => call(t.app, { method: 'POST', url: `/api/reviews/${review.id}/helpful`, token: voter.token });
    expect((await vote()).json).toEqual({ helpful_count: 1, voted_helpful: true });
    expect((await vote()).json).toEqual({ helpful_count: 1, voted_helpful: true });
    expect((await call(t.app, { method: 'POST', url: `/api/reviews/${review.id}/helpful`, token: vendorB.token })).json.helpful_count).toBe(2);
    const own = await call(t.app, { method: 'POST', url: `/api/reviews/${review.id}/helpful`, token: shopper.token });
    expect(own.status).toBe(422);
    expect((await call(t.app, { method: 'POST', url: `/api/reviews/${review.id}/helpful` })).status).toBe(401);
    const listed = await call(t.app, { url: `/api/product-reviews/${productId}`, token: voter.token });
    expect(listed.json[0]).toMatchObject({ helpful_count: 2, voted_helpful: true, mine: false });
  });

  it('sorts by newest, most helpful and lowest, and filters by stars', async () => {
    const productId = (await makeProduct(t.app, { name: 'Sorted Lamp', priceCents: 5000, vendorId: vendorA.id })).id;
    const ids: number[] = [];
    for (const stars of [5, 1, 3]) {
      const p = await purchase('delivered', { productId });
      ids.push((await write(p.shopper.token, p.orderItemId, stars)).json.id);
    }
    const voter = await signupCustomer(t.app);
    await call(t.app, { method: 'POST', url: `/api/reviews/${ids[2]}/helpful`, token: voter.token });
    const order = async (q: string) => (await call(t.app, { url: `/api/product-reviews/${productId}?${q}` })).json.map((r: { id: number }) => r.id);
    expect(await order('sort=newest')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await order('sort=helpful')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await order('sort=lowest')).toEqual([ids[1], ids[2], ids[0]]);
    expect(await order('stars=5')).toEqual([ids[0]]);
    const page = await call(t.app, { url: `/api/product-reviews/${productId}?limit=1` });
    expect(page.headers['x-total-count']).toBe('3');
    expect((await call(t.app, { url: `/api/product-reviews/${productId}?sort=best` })).status).toBe(400);
    expect((await call(t.app, { url: `/api/product-reviews/${productId}/summary` })).json).toMatchObject({ rating: 3, review_count: 3, star_counts: [1, 0, 1, 0, 1], summary: null });
  });

  it('hides a reported review with a reason (audited): it leaves the rating and the list, and can come back', async () => {
    const productId = (await makeProduct(t.app, { name: 'Moderated Mug', priceCents: 3000, vendorId: vendorA.id })).id;
    const good = await purchase('delivered', { productId });
    await write(good.shopper.token, good.orderItemId, 5);
    const bad = await purchase('delivered', { productId });
    const abusive = (await write(bad.shopper.token, bad.orderItemId, 1, 'Rude words.')).json;
    expect(await product(productId)).toMatchObject({ rating: 3, review_count: 2 });

    const reporter = await signupCustomer(t.app);
    const report = await call(t.app, { method: 'POST', url: `/api/reviews/${abusive.id}/report`, token: reporter.token, body: { reason: 'Insulting' } });
    expect(report.json).toEqual({ reported: true });
    const queue = await call(t.app, { url: '/api/admin/reviews?reported=yes', token: admin });
    expect(queue.json.find((r: { id: number }) => r.id === abusive.id)).toMatchObject({ report_count: 1, reports: [{ reason: 'Insulting' }] });
    expect((await call(t.app, { url: '/api/admin/reviews', token: reporter.token })).status).toBe(403);

    const hidden = await call(t.app, { method: 'POST', url: `/api/admin/reviews/${abusive.id}/hide`, token: admin, body: { reason: 'Abusive language' } });
    expect(hidden.json).toMatchObject({ status: 'hidden', hidden_reason: 'Abusive language' });
    expect(await product(productId)).toMatchObject({ rating: 5, review_count: 1 });
    expect((await call(t.app, { url: `/api/product-reviews/${productId}` })).json.map((r: { id: number }) => r.id)).not.toContain(abusive.id);
    expect((await call(t.app, { method: 'POST', url: `/api/reviews/${abusive.id}/helpful`, token: reporter.token })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: `/api/admin/reviews/${abusive.id}/hide`, token: admin, body: { reason: 'again' } })).status).toBe(409);
    const audit = await t.database.query<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      "select action, changes from audit_log where target_type = 'review' and target_id = $1", [String(abusive.id)]);
    expect(audit).toEqual([{ action: 'review.hide', changes: { status: { before: 'visible', after: 'hidden' }, hiddenReason: { before: null, after: 'Abusive language' } } }]);

    await call(t.app, { method: 'POST', url: `/api/admin/reviews/${abusive.id}/restore`, token: admin });
    expect(await product(productId)).toMatchObject({ rating: 3, review_count: 2 });
  });

  it('stores photos by the product photo rules, with the review', async () => {
    const { shopper, orderItemId, productId } = await purchase();
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2a6' } }).png().toBuffer();
    const form = multipart({ review: JSON.stringify({ order_item_id: orderItemId, stars: 5, title: 'With a photo', body: 'Looks great.' }) },
      [{ field: 'photos', filename: 'kettle.png', contentType: 'image/png', data: photo }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: { ...form.headers, authorization: `Bearer ${shopper.token}` }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const review = res.json();
    expect(review.photos).toHaveLength(1);
    const img = await t.app.inject({ url: review.photos[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');

    const text = multipart({ review: JSON.stringify({ order_item_id: orderItemId, stars: 5, title: 'x', body: 'y' }) },
      [{ field: 'photos', filename: 'fake.png', contentType: 'image/png', data: Buffer.from('not an image at all') }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: { ...text.headers, authorization: `Bearer ${shopper.token}` }, payload: text.payload });
    expect(refused.statusCode).toBe(415);
    expect(await product(productId)).toMatchObject({ review_count: 1 });
  });

  it('summarises from 5 visible reviews, quoting them, and follows hiding', async () => {
    const productId = (await makeProduct(t.app, { name: 'Summary Speaker', priceCents: 19900, vendorId: vendorA.id })).id;
    const texts = [
      [5, 'The sound is excellent and the battery lasts two days.'],
      [4, 'Great sound for the price.'],
      [2, 'The battery is weak. Bluetooth drops all the time.'],
      [5, 'Battery life is amazing.'],
      [4, 'Easy to pair, and the sound is rich.'],
    ] as const;
    const ids: number[] = [];
    for (const [stars, body] of texts) {
      const p = await purchase('delivered', { productId });
      ids.push((await write(p.shopper.token, p.orderItemId, stars, body)).json.id);
    }
    const stats = (await call(t.app, { url: `/api/product-reviews/${productId}/summary` })).json;
    expect(stats.review_count).toBe(5);
    const sound = stats.summary.praise.find((a: { aspect: string }) => a.aspect === 'sound');
    expect(sound).toMatchObject({ label: 'Sound', positive: 3, negative: 0 });
    const battery = stats.summary.criticism.find((a: { aspect: string }) => a.aspect === 'battery');
    expect(battery).toMatchObject({ negative: 1, quotes: [{ review_id: ids[2], quote: 'The battery is weak.', sentiment: 'negative' }] });
    for (const a of [...stats.summary.praise, ...stats.summary.criticism]) {
      for (const q of a.quotes) expect(texts[ids.indexOf(q.review_id)]![1]).toContain(q.quote);
    }
    await call(t.app, { method: 'POST', url: `/api/admin/reviews/${ids[0]}/hide`, token: admin, body: { reason: 'test' } });
    expect((await call(t.app, { url: `/api/product-reviews/${productId}/summary` })).json).toMatchObject({ review_count: 4, summary: null });
  });
});
