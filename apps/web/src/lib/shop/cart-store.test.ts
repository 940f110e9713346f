import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { lineKey, lineOptions, useCart } from './cart-store';

// An in-memory localStorage (tests run in node), installed before the store module loads.
const stored = vi.hoisted(() => {
  const map = new Map<string, string>();
  (globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }).localStorage = {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
  return map;
});

const phone = { id: 1, name: 'Nova X15', price: 19.99, image: null };
const lamp = { id: 2, name: 'Desk Lamp', price: 0.1, image: '/lamp.webp' };
const cart = () => useCart.getState();

describe('cart store', () => {
  beforeEach(() => cart().clear());

  it('adds a new line, and raises the quantity of a product already there', () => {
    cart().add(phone);
    cart().add(lamp, 3);
    cart().add(phone, 2);
    expect(cart().lines).toEqual([
      { ...phone, quantity: 3 },
      { ...lamp, quantity: 3 },
    ]);
    expect(cart().count()).toBe(6);
  });

  it('totals in cents so that float prices add up exactly', () => {
    cart().add(lamp, 3);
    cart().add(phone, 1);
    expect(cart().total()).toBe(20.29);
  });

  it('never lets a quantity fall below 1; removal is separate', () => {
    cart().add(phone, 0);
    expect(cart().lines[0]!.quantity).toBe(1);
    cart().setQuantity(lineKey(phone), 0);
    expect(cart().lines[0]!.quantity).toBe(1);
    cart().setQuantity(lineKey(phone), 4.7);
    expect(cart().lines[0]!.quantity).toBe(4);
    cart().remove(lineKey(phone));
    expect(cart().lines).toEqual([]);
    expect(cart().count()).toBe(0);
    expect(cart().total()).toBe(0);
  });

  it('persists the lines (not the drawer state) under the assistant cart key', () => {
    cart().add(phone, 2);
    cart().setOpen(true);
    expect(STORAGE_KEYS.cart).toBe('souq_assistant_cart');
    expect(JSON.parse(stored.get(STORAGE_KEYS.cart)!)).toEqual({ state: { lines: [{ ...phone, quantity: 2 }] }, version: 1 });
    cart().setOpen(false);
  });

  it('keeps each option of a product on its own line, at its own price', () => {
    const tee = { id: 5, name: 'Tee', image: null };
    cart().add({ ...tee, price: 15, variants: { size: 'XL' } });
    cart().add({ ...tee, price: 10, variants: { size: 'M' } });
    cart().add({ ...tee, price: 15, variants: { size: 'XL' } }, 2);
    cart().add({ ...tee, price: 10 });
    expect(cart().lines.map((l) => [lineOptions(l), l.price, l.quantity])).toEqual([['Size: XL', 15, 3], ['Size: M', 10, 1], ['', 10, 1]]);
    expect(cart().total()).toBe(65);
    cart().setQuantity(lineKey({ id: 5, variants: { size: 'M' } }), 4);
    cart().remove(lineKey({ id: 5, variants: { size: 'XL' } }));
    expect(cart().lines.map((l) => [lineOptions(l), l.quantity])).toEqual([['Size: M', 4], ['', 1]]);
    // stored under the same key, options included
    expect(JSON.parse(stored.get(STORAGE_KEYS.cart)!).state.lines[0]).toEqual({ ...tee, price: 10, quantity: 4, variants: { size: 'M' } });
  });

  it('reads lines stored before options were offered as the product without options', () => {
    cart().add(phone);
    expect(lineKey(cart().lines[0]!)).toBe(lineKey({ id: phone.id, variants: {} }));
    cart().add({ ...phone, variants: {} });
    expect(cart().lines).toEqual([{ ...phone, quantity: 2 }]);
  });

  it('stores a price that is not a number as 0', () => {
    cart().add({ id: 9, name: 'Odd', price: Number.NaN, image: null });
    expect(cart().lines[0]!.price).toBe(0);
  });
});
