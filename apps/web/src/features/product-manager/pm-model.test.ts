import { describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { emptyPmCreate, pmCreateBody, pmCreateProblem, pmEditBody, type PmEditValues } from './pm-model';

describe('product manager create', () => {
  const filled = { ...emptyPmCreate(), vendorId: '7', name: 'Desk Lamp', price: '49.995' };
  it('needs a name and a price, a positive price, then a vendor', () => {
    expect(pmCreateProblem({ ...filled, name: ' ' })).toBe(MSG.pmNamePriceRequired);
    expect(pmCreateProblem({ ...filled, price: '' })).toBe(MSG.pmNamePriceRequired);
    expect(pmCreateProblem({ ...filled, price: '0' })).toBe(MSG.pmPricePositive);
    expect(pmCreateProblem({ ...filled, price: 'abc' })).toBe(MSG.pmPricePositive);
    expect(pmCreateProblem({ ...filled, vendorId: '' })).toBe(MSG.productVendorRequired);
    expect(pmCreateProblem(filled)).toBeNull();
  });
  it('sends the spec payload for the chosen vendor: cents rounded, lists split, the slug', () => {
    expect(pmCreateBody({ ...filled, categories: 'home, ,lighting', tags: 'brass', keywords: 'lamp, desk lamp', imageUrl: ' https://x.example/l.jpg ', brand: 'Lumo', sku: 'L-1' })).toMatchObject({
      name: 'Desk Lamp', price_cents: 5000, image_url: 'https://x.example/l.jpg', categories: ['home', 'lighting'], tags: ['brass'], keywords: ['lamp', 'desk lamp'],
      brand: 'Lumo', sku: 'L-1', slug: 'desk-lamp', vendor_id: 7,
    });
  });
});

describe('product manager edit', () => {
  const values: PmEditValues = { name: 'Lamp', description: '', price: 'oops', imageUrl: 'https://x.example/new.jpg', categories: '', tags: 'a,b', stock: '3.7', status: 'active' };
  it('turns a blank or invalid price into 0 cents and keeps the other images', () => {
    expect(pmEditBody(values, { images: ['https://x.example/old.jpg', 'https://x.example/2.jpg'] })).toMatchObject({
      price_cents: 0, images: ['https://x.example/new.jpg', 'https://x.example/2.jpg'], tags: ['a', 'b'], stock_quantity: 3,
    });
    expect(pmEditBody({ ...values, price: '12.5', imageUrl: '' }, { images: ['https://x.example/old.jpg'] })).toMatchObject({ price_cents: 1250, images: [] });
  });
});
