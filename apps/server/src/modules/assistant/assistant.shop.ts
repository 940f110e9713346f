import type { Product } from '@souq/shared/api/catalogue';
import { MSG } from '@souq/shared/messages';
import { formatMoney } from '@souq/shared/rules/money';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '@souq/shared/constants';
import { POLICY_TOPICS, type PolicyTopic } from '@souq/shared/rules/policies';
import { ORDER_NUMBER, ORDERS_LISTED, type OrderFacts, type Toolbox } from './assistant.tools.js';

// The built-in assistant's answers about the shop rather than its products: the shopper's own orders and the shop's
// rules (shipping, tax, payment, returns). Both quote data (the orders service, packages/shared), never a product list.

type Reply = { response: string; suggestedSearch: null };

/** Questions about the shopper's own orders (not "how do I order"): status, tracking, delivery of an order. */
const ORDER_QUESTION = new RegExp(
  [
    String.raw`\bmy (last |latest |recent |previous |most recent )?(orders?|packages?|parcels?|deliver(y|ies)|purchases?|shipments?)\b`,
    String.raw`\border (status|history|number|tracking)\b`,
    String.raw`\b(track|tracking)\b.*\b(order|package|parcel|shipment)\b`,
    String.raw`\b(where|when|status)\b.*\b(orders?|packages?|parcels?)\b.*\b(is|are|arrive|arriving|come|coming|deliver(ed)?|ship(ped)?)\b`,
    String.raw`\bwhat did i (order|buy|purchase)\b`,
    String.raw`\b(has|have|did) (it|they|my stuff) (shipped|arrived|been (shipped|delivered|sent))\b`,
    String.raw`\b(did|has|have|is|are) my( \w+){1,2} (ship|shipped|arrive|arrived|come|came|been (shipped|delivered|sent)|delivered|on (its|their|the) way)\b`,
  ].join('|'),
  'i',
);

/** What shipping costs is a question about the rules, even when it says 'my order' ('the fee if my order is 40?'). */
// paying extra for it too ('do I pay extra to get my order delivered?')
const COST_WORDS = /\b(fee|fees|cost|costs|charge|charges|how much|free|price|pay for|extra|additional|surcharge)\b/i;

/** Rules per topic; "cash on delivery" is about paying, not shipping, so it is taken out before shipping is looked for. */
const POLICY_QUESTIONS: Record<PolicyTopic, RegExp> = {
  shipping: /\b(shipping|ship|ships|shipped to|delivery|deliveries|deliver|delivers|delivered to|postage|courier)\b/i,
  tax: /\b(tax|taxes|vat)\b/i,
  payment: /\b(pay|paying|payment|payments|cash on delivery|cod|cash|(credit|debit|bank) cards?|by card|card payments?|visa|mastercard|apple pay|paypal|instal?lments?)\b/i,
  returns: /\b(returns?|returning|returnable|refunds?|refunded|refundable|exchange|exchanges|(send|bring|take) (\w+ ){0,2}back|money back)\b/i,
};

/** 'How do I buy X': the purchase walkthrough (it already quotes shipping, tax and payment), not a rules answer. */
const HOW_TO_BUY = /\bhow (do|can|would|should) i (buy|purchase|order|get)\b|\bhow to (buy|purchase|order)\b/i;

export function orderNumbersIn(text: string): string[] {
  return [...new Set([...text.matchAll(ORDER_NUMBER)].map((m) => m[0]))];
}

/** Is this a question about the shopper's own orders? */
export function isOrderQuestion(text: string): boolean {
  return orderNumbersIn(text).length > 0 || (ORDER_QUESTION.test(text) && !COST_WORDS.test(text));
}

/** The shop-rule topics a message asks about (in a fixed order), or none. */
export function policyTopics(text: string, opts: { productInQuestion: boolean }): PolicyTopic[] {
  if (opts.productInQuestion && HOW_TO_BUY.test(text)) return [];
  const withoutCod = text.replace(/\bcash on delivery\b/gi, 'cash');
  return POLICY_TOPICS.filter((t) => POLICY_QUESTIONS[t].test(t === 'shipping' ? withoutCod : text));
}

const statusLine = (o: OrderFacts) => `${o.status} — ${o.status_text}`;

/** The shopper's own orders: one by number, else the latest; anonymous shoppers are asked to sign in. */
export async function orderReply(text: string, tools: Toolbox): Promise<Reply> {
  const numbers = orderNumbersIn(text);
  const results = numbers.length ? await Promise.all(numbers.slice(0, 3).map((n) => tools.orderStatus(n))) : [await tools.orderStatus()];
  if (results.some((r) => !r.signed_in)) return { response: MSG.assistantOrdersSignIn, suggestedSearch: null };
  const parts: string[] = [];
  for (const r of results) {
    if (!r.signed_in) continue;
    if ('not_found' in r) {
      parts.push(MSG.assistantOrderUnknown(r.not_found));
      continue;
    }
    if (r.orders.length === 0) {
      parts.push(MSG.assistantNoOrders);
      continue;
    }
    if (numbers.length) {
      const o = r.orders[0]!;
      const items = o.items.map((i) => `${i.quantity} × ${i.name}`);
      parts.push(
        `Order ${o.order_number} (placed ${o.placed_on}, total ${o.total_text}) is ${statusLine(o)}.` +
          (items.length ? `\nItems: ${items.join(', ')}.` : ''),
      );
      continue;
    }
    const lines = r.orders.map((o, i) => `${i + 1}. ${o.order_number} · placed ${o.placed_on} · ${o.total_text} · ${statusLine(o)}`);
    const more = r.total > ORDERS_LISTED ? `\n\nYou have ${r.total} orders; your profile lists them all.` : '';
    parts.push(`Your ${r.orders.length === 1 ? 'order' : `latest ${r.orders.length} orders`}:\n${lines.join('\n')}${more}\n\nAsk me about one by its number for its items.`);
  }
  return { response: parts.join('\n\n'), suggestedSearch: null };
}

/**
 * The shop's rules for the topics asked, quoted from packages/shared. With a product in question, shipping says whether
 * it ships free on its own and returns adds what its listing promises.
 */
export function policyReply(topics: PolicyTopic[], tools: Toolbox, product: Product | null): Reply {
  const parts = topics.map((t) => {
    const policy = tools.shopPolicy(t);
    return `**${policy.title}**: ${policy.text}`;
  });
  if (product) {
    tools.focus(product);
    if (topics.includes('shipping')) {
      const free = product.price_cents > FREE_SHIPPING_THRESHOLD_CENTS;
      parts.push(`**${product.name}** costs ${formatMoney(product.price, product.currency)}, so ${free ? 'it ships free on its own' : 'shipping is free once your order is above ' + formatMoney(FREE_SHIPPING_THRESHOLD_CENTS / 100)}.`);
    }
    if (topics.includes('returns') && product.warranty_info) parts.push(`The listing of **${product.name}** says: ${product.warranty_info}.`);
  }
  return { response: parts.join('\n\n'), suggestedSearch: null };
}
