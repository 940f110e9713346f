import { NUMBER_WORDS } from '../constants.js';

// Typed chat commands of the assistant (customer spec §4). Pure, so the chat panel runs them locally
// without calling the AI and the server's assistant can recognise the same phrasing.

export type NamedProduct = { id: number | string; name: string };
export type CartCommand<P> = { product: P; quantity: number } | { notFound: true };

const CART_VERB = /\b(add|put|place|buy|purchase)\b/i;
const CART_NOUN = /\b(cart|bag|basket|trolley)\b/i;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Is this message an add-to-cart command: an add/put/place/buy/purchase word together with cart or bag. */
export function isCartCommand(text: string): boolean {
  return (CART_VERB.test(text) && CART_NOUN.test(text)) || CASUAL_CART.test(text);
}
/** Everyday verbs of putting something in a cart, with the cart after 'in' / 'into': 'throw two in my cart', 'pop it in the basket'. */
const CASUAL_CART = /\b(throw|toss|pop|chuck|stick|drop|stuff|slip|load|get|include)\b.*\b(in|into|to|onto|inside)\s+(my|the|your)\s+(cart|basket|trolley|shopping bag)\b/i;

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

const tokensOf = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The text without the product's name: its exact occurrences, then runs of two or more of its words as a shopper
 * writes them loosely ('add the nexus 5 console'). A word holding a digit counts as the name's only where it stands
 * next to its neighbour in the name's own order, so 'add 5 Stride GPS Smartwatch 5' keeps the first 5 (a quantity) and
 * drops the second (the name's); a word of letters only needs a neighbour from the name.
 */
export function withoutProductName(text: string, name: string): string {
  const exact = name.trim();
  const rest = exact ? text.replace(new RegExp(escapeRegExp(exact), 'ig'), ' ') : text;
  const own = tokensOf(name);
  if (!own.length) return rest;
  const words = rest.split(/\s+/).filter(Boolean);
  // where each word sits in the name: the positions of its first and last token, or null when it is not the name's
  const spans = words.map((w) => {
    const t = tokensOf(w);
    const first = t.length ? own.indexOf(t[0]!) : -1;
    if (first < 0 || !t.every((x, k) => own[first + k] === x)) return null;
    return { first, last: first + t.length - 1, numeric: /\d/.test(w) };
  });
  const inName = (i: number) => {
    const s = spans[i];
    if (!s) return false;
    const before = spans[i - 1];
    const after = spans[i + 1];
    if (!s.numeric) return !!before || !!after;
    return before?.last === s.first - 1 || after?.first === s.last + 1;
  };
  return words.filter((_, i) => !inName(i)).join(' ');
}

/** The first whole number; a minus sign counts only where it does not join two words ('USB-3', '2-Pack'). */
const NUMBER = /(?<![\p{L}\p{N}])[-\u2212]?\d+|\d+/u;

/**
 * Quantity (customer spec §4): the first number in the text, else the first number word (one to ten; pair and
 * couple = 2), else 1; minimum 1, so '-5' or '0' is 1. Digits that belong to the product's name ('Stride GPS
 * Smartwatch 5', 'Lumo Smart LED Bulb 4-Pack') are not a quantity.
 */
export function parseQuantity(text: string, productName?: string): number {
  const t = productName?.trim() ? withoutProductName(text, productName) : text;
  const number = NUMBER.exec(t);
  if (number) return Math.max(1, Number.parseInt(number[0].replace('\u2212', '-'), 10));
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
