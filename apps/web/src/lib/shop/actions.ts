import { useCallback } from 'react';
import { useCart } from '@/lib/shop/cart-store';
import type { ProductRef } from './product-ref';
import { track } from './track';

/**
 * Adds to the cart and records the add_to_cart event; one place for every storefront button. The same function
 * across renders, so a memoised list given it (ShelfList) is not drawn again when its page re-renders.
 */
export function useAddToCart() {
  const add = useCart((s) => s.add);
  return useCallback(
    (p: ProductRef, quantity = 1, source = 'storefront') => {
      add({ id: p.id, name: p.name, nameAr: p.nameAr, price: p.price, image: p.image, variants: p.variants }, quantity);
      track('add_to_cart', p.id, { quantity, source, price: p.price });
    },
    [add],
  );
}

/** Scrolls the card of a product into view if it is on screen somewhere (spec §4: selecting scrolls to it). */
export function scrollToProduct(id: number) {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-product-id="${id}"]`);
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    el?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'nearest', inline: 'center' });
  });
}
