import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in.js';

export type DemoProduct = { id: number; name: string; price: number; stock: number; vendor_id: number | null; variants?: unknown[] };

/**
 * The products among `candidates` with no options to choose, in their order. Lists leave a product's options out, so
 * each candidate's own page is asked: a journey that ran before on the same server may have added a product with
 * sizes (the currency journey's tees), whose dialog waits for a size and whose order needs one.
 */
export async function withoutOptions(request: APIRequestContext, candidates: readonly DemoProduct[]): Promise<DemoProduct[]> {
  const plain: DemoProduct[] = [];
  for (const p of candidates) {
    const own = (await (await request.get(`/api/products/${p.id}`)).json()) as DemoProduct;
    if (!own.variants?.length) plain.push(p);
  }
  return plain;
}

/** The products of `vendorId` with at least `stock` units and no options, in the list's order. */
export const plainProductsOf = (request: APIRequestContext, products: readonly DemoProduct[], vendorId: number, stock = 5) =>
  withoutOptions(request, products.filter((p) => p.vendor_id === vendorId && p.stock >= stock));

/**
 * The demo's sellers signed in through the API, each with a plain product of its own in stock (no options to
 * choose), for the journeys that buy from several sellers. Each given entry comes back with its session and product.
 */
export async function demoSellers<S extends { email: string }>(request: APIRequestContext, list: readonly S[]) {
  const products = (await (await request.get('/api/products?limit=200')).json()) as DemoProduct[];
  const sellers = [];
  for (const s of list) {
    const login = await request.post('/api/vendor/login', { data: { email: s.email, password: DEMO_PASSWORD } });
    expect(login.ok()).toBe(true);
    const v = (await login.json()) as { token: string; vendor: { id: number; company_name: string } };
    const [product] = await plainProductsOf(request, products, v.vendor.id);
    expect(product, `a plain product of ${s.email}`).toBeTruthy();
    sellers.push({ ...s, token: v.token, id: v.vendor.id, company: v.vendor.company_name, product: product! });
  }
  return sellers;
}
