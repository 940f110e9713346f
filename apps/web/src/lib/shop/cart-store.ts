import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { toFiniteNumber } from '@souq/shared/rules/money';
import { cartTotals } from '@souq/shared/rules/pricing';
import { cartLineKey, choiceLabel, type VariantChoice } from '@souq/shared/rules/variants';
import { pickText, type ContentLang } from '@souq/shared/rules/content-lang';

/**
 * One cart line of the checkout flow (customer spec §3 "Cart item (checkout flow)"). Price in major units, the
 * chosen options' price when there are any. `variants` (type → value) is absent on lines stored before options were
 * offered; they read as the product without options.
 */
export type CartLine = {
  id: number;
  name: string;
  /** The product's Arabic name ('' or absent when it has none, and on lines stored before it was kept): issue 34 item 11. */
  nameAr?: string;
  price: number;
  image: string | null;
  quantity: number;
  variants?: VariantChoice;
};

export type CartProduct = Omit<CartLine, 'quantity'>;

/** A line's identity: its product and options (the same product with other options is another line). */
export const lineKey = (line: Pick<CartLine, 'id' | 'variants'>): string => cartLineKey(line.id, line.variants);
/** How the line's options read ('Size: XL'; '' for none). */
export const lineOptions = (line: Pick<CartLine, 'variants'>): string => choiceLabel(line.variants);

type CartState = {
  lines: CartLine[];
  /** Adds `quantity` (default 1, at least 1) of a product; the same product with the same options raises that line's quantity. */
  add: (product: CartProduct, quantity?: number) => void;
  /** Sets the quantity of the line with this key (lineKey); never below 1 (removal is a separate action, spec §4). */
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
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
          const key = lineKey(product);
          if (s.lines.some((l) => lineKey(l) === key)) {
            return { lines: s.lines.map((l) => (lineKey(l) === key ? { ...l, quantity: l.quantity + n } : l)) };
          }
          const variants = product.variants && Object.keys(product.variants).length ? { variants: { ...product.variants } } : {};
          return {
            lines: [
              ...s.lines,
              { id: product.id, name: product.name, ...(product.nameAr ? { nameAr: product.nameAr } : {}), price: safePrice(product.price), image: product.image ?? null, quantity: n, ...variants },
            ],
          };
        }),
      setQuantity: (key, quantity) =>
        set((s) => ({ lines: s.lines.map((l) => (lineKey(l) === key ? { ...l, quantity: wholeAtLeastOne(quantity) } : l)) })),
      remove: (key) => set((s) => ({ lines: s.lines.filter((l) => lineKey(l) !== key) })),
      // an emptied cart (the order placed) keeps no code: a used code is not offered to the next cart
      clear: () => { set({ lines: [] }); useCartCode.getState().set(null); },
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

/**
 * The coupon code the shopper applied, in the checkout's code box or through the chat (issue 39 item 5), kept for
 * checkout while this browser session lasts. Checkout checks it again against the cart; the order once more.
 */
export const useCartCode = create<{ code: string | null; set: (code: string | null) => void }>()(
  persist((set) => ({ code: null, set: (code) => set({ code }) }), {
    name: STORAGE_KEYS.cartCode,
    storage: createJSONStorage(() => sessionStorage),
    partialize: (s) => ({ code: s.code }),
  }),
);

/** The lines as the API's cart items: product, quantity and options (prices are the server's). */
export const cartItems = (lines: CartLine[]) =>
  lines.map((l) => ({ product_id: l.id, quantity: l.quantity, ...(l.variants ? { variants: l.variants } : {}) }));

/** Number of items (sum of quantities). */
export const cartCount = (lines: CartLine[]): number => lines.reduce((n, l) => n + l.quantity, 0);
/** Hooks for components: item count and total (major units, the pricing rule's subtotal). */
export const useCartCount = () => useCart((s) => cartCount(s.lines));
export const useCartTotal = () => useCart((s) => cartTotals(s.lines).subtotal);
/** The line's product name in the shopper's language (the other language's when it has none in theirs). */
export const lineName = (line: Pick<CartLine, 'name' | 'nameAr'>, lang: ContentLang): string => pickText(line.name, line.nameAr ?? '', lang);
/** The line's name for buttons read aloud: 'Tee (Size: XL)', so two options of one product are told apart. */
export const lineTitle = (line: Pick<CartLine, 'name' | 'nameAr' | 'variants'>, lang: ContentLang = 'en'): string =>
  lineOptions(line) ? `${lineName(line, lang)} (${lineOptions(line)})` : lineName(line, lang);
