import { NUMBER_WORDS } from '../constants.js';

// Typed chat commands of the assistant (customer spec §4). Pure, so the chat panel runs them locally
// without calling the AI and the server's assistant can recognise the same phrasing.

export type NamedProduct = { id: number | string; name: string };
export type CartCommand<P> = { product: P; quantity: number } | { notFound: true };

const CART_VERB = /\b(add|put|place|buy|purchase)\b/i;
const CART_NOUN = /\b(cart|bag)\b/i;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Is this message an add-to-cart command: an add/put/place/buy/purchase word together with cart or bag. */
export function isCartCommand(text: string): boolean {
  return CART_VERB.test(text) && CART_NOUN.test(text);
}

/** A message containing 'clear' plus 'context' or 'selection' clears the chat context. */
export function isClearContextCommand(text: string): boolean {
  const t = text.toLowerCase();
  return t.includes('clear') && (t.includes('context') || t.includes('selection'));
}

/**
 * The first catalogue item whose name appears in the text (case-insensitive). When a later item's name contains
 * the first match's name ('iPhone 15 Pro' after 'iPhone 15'), the more specific one wins: the shopper typed it.
 */
export function findMentionedProduct<P extends NamedProduct>(text: string, catalogue: readonly P[]): P | null {
  const haystack = text.toLowerCase();
  let found: P | null = null;
  for (const p of catalogue) {
    const name = p.name.trim().toLowerCase();
    if (!name || !haystack.includes(name)) continue;
    if (!found) found = p;
    else if (name.length > found.name.length && name.includes(found.name.trim().toLowerCase())) found = p;
  }
  return found;
}

/**
 * Quantity: the first number in the text, else the first number word (one to ten; pair and couple = 2), else 1;
 * never below 1. Digits that belong to the product's name ('iPhone 15') are not a quantity.
 */
export function parseQuantity(text: string, productName?: string): number {
  let t = text;
  if (productName?.trim()) t = t.replace(new RegExp(escapeRegExp(productName.trim()), 'ig'), ' ');
  const digits = /\d+/.exec(t);
  if (digits) return Math.max(1, Number.parseInt(digits[0], 10));
  const words = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join('|')})\\b`, 'i').exec(t);
  if (words) return Math.max(1, NUMBER_WORDS[words[1]!.toLowerCase()] ?? 1);
  return 1;
}

/**
 * Parses an add-to-cart chat command. Returns null when the text is not a cart command, `{notFound: true}` when it
 * is one but names no known product and there is no context product, else the product and the quantity.
 */
export function parseCartCommand<P extends NamedProduct>(
  text: string,
  catalogue: readonly P[],
  contextProduct: P | null | undefined,
): CartCommand<P> | null {
  if (!isCartCommand(text)) return null;
  const product = findMentionedProduct(text, catalogue) ?? contextProduct ?? null;
  if (!product) return { notFound: true };
  return { product, quantity: parseQuantity(text, product.name) };
}
