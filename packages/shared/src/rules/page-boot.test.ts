import { describe, expect, it } from 'vitest';
import { largestPaintImage, PAGE_BOOT_DATA, SERVER_RENDERED_ROUTES } from './page-boot.js';

const shelves = [
  { id: 1, items: [] },
  { id: 2, items: [{ id: 7, image: '/media/a.webp' }, { id: 8, image: '/media/b.webp' }] },
];

describe('largestPaintImage', () => {
  it('is the first product of the first shelf that has one, once products exist', () => {
    expect(largestPaintImage('/ai-assistant', { '/api/embedded-products/detailed': [{ id: 1 }], '/api/shelves': shelves })).toBe('/media/a.webp');
    expect(largestPaintImage('/ai-assistant', { '/api/embedded-products/detailed': [], '/api/products': [{ id: 1 }], '/api/shelves': shelves })).toBe('/media/a.webp');
  });

  it('is none when the empty state shows, the first card has no picture, or the page has none', () => {
    expect(largestPaintImage('/ai-assistant', { '/api/embedded-products/detailed': [], '/api/products': [], '/api/shelves': shelves })).toBeNull();
    expect(largestPaintImage('/ai-assistant', { '/api/products': [{ id: 1 }], '/api/shelves': [{ items: [{ image: null }, { image: '/b.webp' }] }] })).toBeNull();
    expect(largestPaintImage('/checkout', { '/api/products': [{ id: 1 }], '/api/shelves': shelves })).toBeNull();
  });

  it('lists only public reads', () => {
    for (const url of Object.values(PAGE_BOOT_DATA).flat(2)) expect(url).toMatch(/^\/api\/(products|embedded-products|shelves)\b/);
  });

  it('renders on the server only routes whose first-view answers the page embeds (the render uses nothing else)', () => {
    for (const route of SERVER_RENDERED_ROUTES) expect(Object.keys(PAGE_BOOT_DATA)).toContain(route);
  });
});
