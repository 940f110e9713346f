import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { MSG } from '@souq/shared/messages';
import { checkProductForm, emptyProductForm, formFieldOf, formFromProduct, productBodyOf, type ProductFormValues } from './form-model';

// the field errors are read in the page's language: English here, the source texts
i18n.activate('en');

const filled = (patch: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(), name: 'Trail Jacket', brand: 'Northwind', category: 'clothing', sku: 'NW-1', description: 'Rain jacket.',
  bulletPoints: 'Waterproof\n\nPackable', price: '99.99', inventory: '12', ...patch,
});

describe('checkProductForm', () => {
  it("gives the spec's alert when title, brand, category or SKU is missing (trimmed)", () => {
    const check = checkProductForm(filled({ name: '  ', sku: '' }));
    expect(check.alert).toBe(MSG.vendorRequiredProductFields);
    expect(Object.keys(check.errors)).toEqual(['name', 'sku']);
  });

  it('then asks for description, bullet points, base price and inventory', () => {
    const check = checkProductForm(filled({ description: '', bulletPoints: ' \n', price: '', inventory: '-1' }));
    expect(check.alert).toBeNull();
    expect(check.errors).toMatchObject({ description: 'Required', bulletPoints: 'Required', price: 'Required', inventory: 'Must be a whole number, at least 0' });
  });

  it('applies the limits of the shared schema (SEO title 60, meta description 160, title 200)', () => {
    const check = checkProductForm(filled({ seoTitle: 's'.repeat(61), metaDescription: 'm'.repeat(161) }));
    expect(Object.keys(check.errors)).toEqual(['seoTitle', 'metaDescription']);
    expect(checkProductForm(filled()).errors).toEqual({});
  });
});

describe('productBodyOf', () => {
  it('sends every collected field: cents (×100, rounded), lists split, the category as an array, the slug from the name', () => {
    const body = productBodyOf(filled({
      price: '10.005', compareAt: '12', weight: '0.4', dimLength: '30', images: 'https://a.example/1.jpg\n https://a.example/2.jpg ', tags: 'rain, , outdoor',
      keywords: 'jacket,rain', targetAudience: 'unisex', seasonality: 'fall', countryOfOrigin: 'de', seoTitle: ' Trail ', currency: 'USD',
      variants: [{ key: 'a', type: 'size', value: ' M ', priceAdjustment: '2.5', inventory: '3', skuSuffix: '-M' }],
    }));
    expect(body).toMatchObject({
      name: 'Trail Jacket', price_cents: 1001, compare_at_price_cents: 1200, currency: 'USD', stock_quantity: 12, bullet_points: ['Waterproof', 'Packable'],
      images: ['https://a.example/1.jpg', 'https://a.example/2.jpg'], image_url: 'https://a.example/1.jpg', categories: ['clothing'],
      tags: ['rain', 'outdoor'], keywords: ['jacket', 'rain'], slug: 'trail-jacket', weight: 0.4, dim_length: 30, dim_width: null,
      target_audience: 'unisex', seasonality: 'fall', country_of_origin: 'de', seo_title: 'Trail',
      variants: [{ type: 'size', value: 'M', price_adjustment_cents: 250, inventory_quantity: 3, sku_suffix: '-M' }],
    });
  });

  it('round-trips a stored product through the form', () => {
    const body = productBodyOf(filled({ compareAt: '120', variants: [{ key: 'a', type: 'color', value: 'Red', priceAdjustment: '-1', inventory: '2', skuSuffix: '-R' }] }));
    const stored = {
      ...body, id: 1, price_cents: body.price_cents, compare_at_price_cents: 12000, stock: 12, category: 'clothing', currency: 'AED', status: 'active',
      target_audience: null, seasonality: null, country_of_origin: null, weight: null, dim_length: null, dim_width: null, dim_height: null,
      variants: body.variants!.map((v, i) => ({ ...v, id: i })),
    } as never;
    const again = productBodyOf(formFromProduct(stored));
    expect(again).toMatchObject({ price_cents: 9999, compare_at_price_cents: 12000, variants: [{ value: 'Red', price_adjustment_cents: -100 }] });
  });
});

describe('formFieldOf', () => {
  it('maps API error paths to form fields', () => {
    expect(formFieldOf('seo_title')).toBe('seoTitle');
    expect(formFieldOf(['images', 0])).toBe('images');
    expect(formFieldOf('variants.1.value')).toBe('variants.1.value');
  });
});

describe('the Arabic fields', () => {
  it('send the Arabic name, description and bullet points (one per line), trimmed', () => {
    const body = productBodyOf(filled({ nameAr: '  سترة للمطر ', descriptionAr: 'سترة خفيفة.', bulletPointsAr: 'مقاومة للماء\n\n قابلة للطي ' }));
    expect(body).toMatchObject({ name_ar: 'سترة للمطر', description_ar: 'سترة خفيفة.', bullet_points_ar: ['مقاومة للماء', 'قابلة للطي'] });
  });

  it('refuse Latin letters in an Arabic field under that field, and accept them empty', () => {
    expect(checkProductForm(filled({ nameAr: 'Trail Jacket', bulletPointsAr: 'Waterproof' })).errors).toEqual({
      nameAr: MSG.arabicTextRequired, bulletPointsAr: MSG.arabicTextRequired,
    });
    expect(checkProductForm(filled({ nameAr: 'سترة Northwind للمطر' })).errors).toEqual({});
    expect(formFieldOf('bullet_points_ar.1')).toBe('bulletPointsAr');
  });
});
