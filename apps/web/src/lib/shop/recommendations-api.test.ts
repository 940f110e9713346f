import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Product } from '@souq/shared/api/catalogue';
import { MSG } from '@souq/shared/messages';
import { fallbackRecommendations } from './recommendations-api';

const product = (id: number, name: string, price: number, image: string | null = `/media/catalogue/${id}.webp`, nameAr = '') =>
  ({ id, name, name_ar: nameAr, price, category: 'Audio', image, imageUrl: image, images: image ? [image] : [] }) as Product;

describe('recommendations fallback (service unreachable)', () => {
  it('shows the real products 1–5: name, image, price, from the cache or the catalogue; gone ones are left out', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['catalogue', 'browse'], [product(1, 'Studio Headphones', 199.5)]);
    const asked: string[] = [];
    const catalogue: Record<string, Product> = {
      '2': product(2, 'Travel Adapter', 24, undefined, 'محول سفر'),
      '3': product(3, 'Desk Lamp', 45.25, null),
      '5': product(5, 'Yoga Mat', 30),
    };
    const items = await fallbackRecommendations({
      queryClient,
      fetchProduct: async (id) => {
        asked.push(id);
        const p = catalogue[id];
        if (!p) throw new Error('Not found'); // product 4 is no longer for sale
        return p;
      },
    });
    expect(asked.sort()).toEqual(['2', '3', '4', '5']); // product 1 came from the cache
    expect(items).toEqual([
      { itemId: '1', score: 0.95, itemName: 'Studio Headphones', itemNameAr: '', itemImage: '/media/catalogue/1.webp', itemCategory: 'Audio', itemCategoryAr: '', itemPrice: 199.5, fallback: true },
      { itemId: '2', score: 0.9, itemName: 'Travel Adapter', itemNameAr: 'محول سفر', itemImage: '/media/catalogue/2.webp', itemCategory: 'Audio', itemCategoryAr: '', itemPrice: 24, fallback: true },
      { itemId: '3', score: 0.85, itemName: 'Desk Lamp', itemNameAr: '', itemImage: null, itemCategory: 'Audio', itemCategoryAr: '', itemPrice: 45.25, fallback: true },
      { itemId: '5', score: 0.75, itemName: 'Yoga Mat', itemNameAr: '', itemImage: '/media/catalogue/5.webp', itemCategory: 'Audio', itemCategoryAr: '', itemPrice: 30, fallback: true },
    ]);
    expect(items.some((i) => i.itemName.startsWith('Product #'))).toBe(false);
  });

  it('fails (the block shows its error and Try Again) when no product can be loaded', async () => {
    await expect(fallbackRecommendations({ fetchProduct: () => Promise.reject(new Error('offline')) })).rejects.toThrow(MSG.recommendationsFailed);
  });
});
