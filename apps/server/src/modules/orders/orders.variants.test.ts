import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

// Issue 23 item 2: an order line is priced from the options the shopper chose, takes their stock, and keeps them.

let t: TestContext;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Option = { type: 'color' | 'size' | 'material'; value: string; adjustment: number; stock: number };

/** A product of its own per test with its options, so tests never share stock. */
async function product(priceCents: number, stock: number, options: Option[]) {
  const row = await t.app.services.catalogue.createProduct({ name: `Variant Tee ${++seq}`, priceCents, stock, status: 'active', categories: ['Test'] });
  for (const o of options) {
    await t.database.query('insert into product_variants (product_id, type, value, price_adjustment_cents, inventory_quantity) values ($1, $2, $3, $4, $5)', [
      row.id, o.type, o.value, o.adjustment, o.stock,
    ]);
  }
  return row;
}
const optionStock = async (productId: number, value: string) =>
  (await t.database.query<{ n: number }>('select inventory_quantity as n from product_variants where product_id = $1 and value = $2', [productId, value]))[0]!.n;
const stockOf = async (id: number) => (await t.database.query<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;
const counts = async () =>
  (await t.database.query<{ o: number; i: number }>('select (select count(*)::int from orders) as o, (select count(*)::int from order_items) as i'))[0]!;

const body = (items: { product_id: number; quantity: number; variants?: Record<string, string> }[]) => ({
  items,
  customer_info: { email: 'buyer@example.com', name: 'Noura Buyer', phone: null },
  shipping_address: { address: '12 Palm Street', city: 'Dubai', country: 'UAE', zip: '00000' },
  payment_intent_id: null,
  notes: '',
});
const place = (payload: unknown) => call(t.app, { method: 'POST', url: '/api/orders', body: payload });

describe('POST /api/orders with options', () => {
  it('charges the option: XL at +5.00 on a 10.00 product is 15.00 a unit, and the total follows', async () => {
    const tee = await product(1000, 10, [{ type: 'size', value: 'M', adjustment: 0, stock: 4 }, { type: 'size', value: 'XL', adjustment: 500, stock: 3 }]);
    const res = await place(body([{ product_id: tee.id, quantity: 1, variants: { size: 'XL' } }]));
    expect(res.status).toBe(201);
    // 15.00 + shipping 9.99 = 24.99 (the base price would have been 19.99); the marketplace has no TRN here: no VAT
    expect(res.json.order).toMatchObject({ subtotal: 15, shipping: 9.99, tax: 0, total_amount: 24.99 });
    expect(res.json.order.items).toEqual([
      { product_id: tee.id, product_name: tee.name, quantity: 1, unit_price: 15, total_price: 15, variants: { size: 'XL' }, variant_label: 'Size: XL' },
    ]);
    const [line] = await t.database.query<{ unit_price_cents: number; variant_ids: number[]; variant_label: string }>(
      'select unit_price_cents, variant_ids, variant_label from order_items where order_id = $1', [res.json.order.id],
    );
    const [xl] = await t.database.query<{ id: number }>("select id from product_variants where product_id = $1 and value = 'XL'", [tee.id]);
    expect(line).toEqual({ unit_price_cents: 1500, variant_ids: [xl!.id], variant_label: 'Size: XL' });
    // the option's stock and the product's both move; M is untouched
    expect(await optionStock(tee.id, 'XL')).toBe(2);
    expect(await optionStock(tee.id, 'M')).toBe(4);
    expect(await stockOf(tee.id)).toBe(9);
  });

  it('keeps two options of one product as two lines, each at its price', async () => {
    const tee = await product(1000, 10, [
      { type: 'size', value: 'S', adjustment: -200, stock: 5 }, { type: 'size', value: 'XL', adjustment: 500, stock: 5 }, { type: 'color', value: 'Red', adjustment: 100, stock: 5 },
    ]);
    const res = await place(body([
      { product_id: tee.id, quantity: 2, variants: { size: 'S' } },
      { product_id: tee.id, quantity: 1, variants: { size: 'XL', color: 'Red' } },
    ]));
    expect(res.status).toBe(201);
    expect(res.json.order.items.map((i: { unit_price: number; variant_label: string }) => [i.unit_price, i.variant_label])).toEqual([[8, 'Size: S'], [16, 'Color: Red · Size: XL']]);
    expect(res.json.order.subtotal).toBe(32);
    expect(await stockOf(tee.id)).toBe(7);
  });

  it('refuses an option the product does not have, or one of another product, with 400 and writes nothing', async () => {
    const tee = await product(1000, 10, [{ type: 'size', value: 'XL', adjustment: 500, stock: 3 }]);
    const mug = await product(800, 10, [{ type: 'color', value: 'Teal', adjustment: 0, stock: 3 }]);
    const before = await counts();
    const unknown = await place(body([{ product_id: tee.id, quantity: 1, variants: { size: 'XXXL' } }]));
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe(MSG.variantUnknown(tee.name, 'size', 'XXXL'));
    const others = await place(body([{ product_id: tee.id, quantity: 1, variants: { color: 'Teal' } }]));
    expect(others.status).toBe(400);
    expect(others.json.error).toBe(MSG.variantUnknown(tee.name, 'color', 'Teal'));
    expect(await counts()).toEqual(before);
    expect(await stockOf(tee.id)).toBe(10);
    expect(await optionStock(mug.id, 'Teal')).toBe(3);
  });

  it('refuses an out-of-stock option with 409 naming it, and writes nothing', async () => {
    const tee = await product(1000, 10, [{ type: 'size', value: 'XL', adjustment: 500, stock: 0 }, { type: 'size', value: 'L', adjustment: 0, stock: 2 }]);
    const before = await counts();
    const gone = await place(body([{ product_id: tee.id, quantity: 1, variants: { size: 'XL' } }]));
    expect(gone.status).toBe(409);
    expect(gone.json.error).toBe(MSG.outOfStock(`${tee.name} (Size: XL)`, 0));
    // two lines that add up to more than the option holds
    const tooMany = await place(body([
      { product_id: tee.id, quantity: 2, variants: { size: 'L' } },
      { product_id: tee.id, quantity: 1, variants: { size: 'L' } },
    ]));
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.error).toBe(MSG.outOfStock(`${tee.name} (Size: L)`, 2));
    expect(await counts()).toEqual(before);
    expect(await stockOf(tee.id)).toBe(10);
    expect(await optionStock(tee.id, 'L')).toBe(2);
  });

  it('never sells more of an option than it holds when orders race for it', async () => {
    const tee = await product(1000, 50, [{ type: 'size', value: 'XL', adjustment: 500, stock: 3 }]);
    const results = await Promise.all(Array.from({ length: 8 }, () => place(body([{ product_id: tee.id, quantity: 1, variants: { size: 'XL' } }]))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await optionStock(tee.id, 'XL')).toBe(0);
    expect(await stockOf(tee.id)).toBe(47);
  });

  it('gives the option its stock back when the order is cancelled', async () => {
    const tee = await product(1000, 10, [{ type: 'size', value: 'XL', adjustment: 500, stock: 3 }]);
    const res = await place(body([{ product_id: tee.id, quantity: 2, variants: { size: 'XL' } }]));
    expect(await optionStock(tee.id, 'XL')).toBe(1);
    await t.app.services.orders.setStatus(res.json.order.id, 'cancelled');
    expect(await optionStock(tee.id, 'XL')).toBe(3);
    await t.app.services.orders.setStatus(res.json.order.id, 'pending');
    expect(await optionStock(tee.id, 'XL')).toBe(1);
  });

  it('offers the options with their prices and stock on the product', async () => {
    const tee = await product(1000, 10, [{ type: 'size', value: 'XL', adjustment: 500, stock: 0 }, { type: 'color', value: 'Red', adjustment: 0, stock: 2 }]);
    const res = await call(t.app, { url: `/api/products/${tee.id}` });
    expect(res.json.variants).toEqual([
      expect.objectContaining({ type: 'color', value: 'Red', price: 10, price_adjustment: 0, stock: 2, in_stock: true }),
      expect.objectContaining({ type: 'size', value: 'XL', price: 15, price_adjustment: 5, stock: 0, in_stock: false }),
    ]);
    // lists stay as they were
    const list = await call(t.app, { url: '/api/products?limit=100' });
    expect(list.json.find((p: { id: number }) => p.id === tee.id)?.variants).toBeUndefined();
  });
});
