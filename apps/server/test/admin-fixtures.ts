// Data for the admin area's API tests: products and orders made through the real services (prices, stock and
// totals as checkout computes them), customers and vendors through the real sign-up routes.
import { orderRequestSchema } from '@souq/shared/api/orders';
import type { App } from '../src/app.js';
import { call } from './harness.js';

export type ProductSpec = {
  name: string;
  nameAr?: string;
  priceCents: number;
  stock?: number;
  categories?: string[];
  tags?: string[];
  description?: string;
  vendorId?: number | null;
  status?: 'active' | 'inactive' | 'draft' | 'archived';
};

export async function makeProduct(app: App, spec: ProductSpec) {
  return app.services.catalogue.createProduct({ stock: 50, ...spec });
}

/** Places a purchase through the service (decision 0086); answers its first sub-order, the purchase in `purchase`. */
export async function placeOrder(
  app: App,
  lines: { productId: number; quantity: number }[],
  opts: { userId?: number | null; name?: string; email?: string; payment?: 'card' | 'cod'; phone?: string | null } = {},
) {
  const request = orderRequestSchema.parse({
    items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
    customer_info: { name: opts.name ?? 'Guest Buyer', email: opts.email ?? 'guest@example.test', phone: opts.phone ?? null },
    shipping_address: { address: '1 Test Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
    payment_method: opts.payment ?? 'card',
  });
  const { order } = await app.services.orders.placeOrder(request, { userId: opts.userId ?? null });
  // the first sub-order (the only one for a one-seller cart: what the order routes act on), with its purchase beside
  return { ...order.sub_orders[0]!, purchase: order };
}

/** Every role but admin gets 401/403 on each route: anonymous, a customer and a vendor. */
export async function expectAdminOnly(app: App, tokens: { customer: string; vendor: string }, routes: { method: string; url: string; body?: unknown }[]) {
  const failures: string[] = [];
  for (const r of routes) {
    const anon = await call(app, { method: r.method, url: r.url, body: r.body });
    if (anon.status !== 401) failures.push(`${r.method} ${r.url} anonymous → ${anon.status}`);
    for (const [who, token] of Object.entries(tokens)) {
      const res = await call(app, { method: r.method, url: r.url, body: r.body, token });
      if (res.status !== 403) failures.push(`${r.method} ${r.url} ${who} → ${res.status}`);
    }
  }
  return failures;
}
