import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { toFiniteNumber } from '@souq/shared/rules/money';
import { cartTotals } from '@souq/shared/rules/pricing';

/** One cart line of the checkout flow (customer spec §3 "Cart item (checkout flow)"). Price in major units. */
export type CartLine = {
  id: number;
  name: string;
  price: number;
  image: string | null;
  quantity: number;
};

export type CartProduct = Omit<CartLine, 'quantity'>;

type CartState = {
  lines: CartLine[];
  /** Adds `quantity` (default 1, at least 1) of a product; a product already in the cart raises its quantity. */
  add: (product: CartProduct, quantity?: number) => void;
  /** Sets a line's quantity; never below 1 (removal is a separate action, spec §4). */
  setQuantity: (id: number, quantity: number) => void;
  remove: (id: number) => void;
  clear: () => void;
  /** Number of items (sum of quantities). */
  count: () => number;
  /** Sum of price × quantity, major units. */
  total: () => number;
  /** Whether the drawer 'My Cart' is open (not persisted). */
  open: boolean;
  setOpen: (open: boolean) => void;
};

/** Prices that are not numbers count as 0 (spec §5). */
const safePrice = (p: unknown): number => toFiniteNumber(p) ?? 0;
const wholeAtLeastOne = (n: number): number => Math.max(1, Math.floor(Number.isFinite(n) ? n : 1));

export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
      lines: [],
      open: false,
      add: (product, quantity = 1) =>
        set((s) => {
          const n = wholeAtLeastOne(quantity);
          const existing = s.lines.find((l) => l.id === product.id);
          if (existing) {
            return { lines: s.lines.map((l) => (l.id === product.id ? { ...l, quantity: l.quantity + n } : l)) };
          }
          return {
            lines: [
              ...s.lines,
              { id: product.id, name: product.name, price: safePrice(product.price), image: product.image ?? null, quantity: n },
            ],
          };
        }),
      setQuantity: (id, quantity) =>
        set((s) => ({ lines: s.lines.map((l) => (l.id === id ? { ...l, quantity: wholeAtLeastOne(quantity) } : l)) })),
      remove: (id) => set((s) => ({ lines: s.lines.filter((l) => l.id !== id) })),
      clear: () => set({ lines: [] }),
      count: () => cartCount(get().lines),
      total: () => cartTotals(get().lines).subtotal,
      setOpen: (open) => set({ open }),
    }),
    {
      name: STORAGE_KEYS.cart,
      storage: createJSONStorage(() => localStorage),
      // The stored copy holds the lines only, as a plain array under the spec's key.
      partialize: (s) => ({ lines: s.lines }),
      version: 1,
    },
  ),
);

/** Number of items (sum of quantities). */
export const cartCount = (lines: CartLine[]): number => lines.reduce((n, l) => n + l.quantity, 0);
/** Hooks for components: item count and total (major units, the pricing rule's subtotal). */
export const useCartCount = () => useCart((s) => cartCount(s.lines));
export const useCartTotal = () => useCart((s) => cartTotals(s.lines).subtotal);
