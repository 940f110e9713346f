import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in.js';

export type DemoProduct = { id: number; name: string; price: number; stock: number; vendor_id: number | null; variants?: unknown[] };

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
    const product = products.find((p) => p.vendor_id === v.vendor.id && p.stock >= 5 && !p.variants?.length);
    expect(product, `a plain product of ${s.email}`).toBeTruthy();
    sellers.push({ ...s, token: v.token, id: v.vendor.id, company: v.vendor.company_name, product: product! });
  }
  return sellers;
}
