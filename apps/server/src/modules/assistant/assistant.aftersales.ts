import { DEFAULT_CUTOFF_TIME, DEFAULT_HANDLING_DAYS } from '@souq/shared/rules/delivery-promise';
import { addBusinessDays } from '../../platform/business-days.js';
import { MARKETPLACE_SELLER_NAME, RETURN_WINDOW_DAYS_DEFAULT } from '@souq/shared/constants';
import type { Locale } from '@souq/shared/rules/locale';
import { formatCents } from '@souq/shared/rules/money';
import { DEFAULT_VENDOR_SHIPPING_RULE, type VendorShipping } from '@souq/shared/api/vendor-shipping';
import type { Db } from '../../platform/db.js';
import type { Actor } from '../../platform/audit.js';
import { SHOPPER_CANCELLABLE, type ShopperOrders, type ShopperSubOrder } from '../orders/orders.shopper.js';
import type { ReturnsService } from '../returns/returns.service.js';
import type { SupportService } from '../support/support.service.js';
import type { SearchService } from '../search/search.service.js';
import { isOrderQuestion } from './assistant.shop.js';
import type { Toolbox } from './assistant.tools.js';
import { createConversationStore } from './assistant.conversation.js';
import { aftersalesPhrases, type AftersalesPhrases } from './assistant.aftersales-phrases.js';
import { createActions, say, type Pending, type Reply, type Turn } from './assistant.actions.js';
import { itemsOf, matchItems, sellerOf, stateOf, type Item, type ItemsDeps } from './assistant.items.js';
import {
  ARRIVAL, ASKS_IF_ALLOWED, CANCEL, HUMAN, ORDER_WORD, PAID_Q, PAYMENT_WORD, POLICY_WORD, RETURN_WORD, RETURNS_WORD, SHIPPING_WORD, WHERE, USUAL_DELIVERY_TIME, itemWords, readable, reasonIn,
} from './assistant.aftersales-words.js';

// The assistant after the purchase (issue 28 item 3, issue 37 items 1 and 3; decisions 0107, 0127), for the signed-in
// shopper, in English and Arabic: where each part of an order is and when it should arrive, a follow-up ('when will it
// arrive?') answered about what the conversation just told; cancelling, returning and a person, each proposed and done
// only on a yes in the same conversation (assistant.actions.ts); the return window of the seller in question applied to
// the shopper's item, and the returns rule, which depends on the seller, with the windows of the sellers of their orders.

const DAY_MS = 86_400_000;
/** Purchases whose sellers a general returns question names. */
const PURCHASES_FOR_RULES = 5;

export type AftersalesDeps = {
  db: Db;
  shopperOrders: ShopperOrders;
  returns: Pick<ReturnsService, 'request' | 'mine' | 'refundQuote'>;
  shipping: { many(vendorIds: number[]): Promise<Map<number, VendorShipping & { name: string }>> };
  support: Pick<SupportService, 'create'>;
  /** The search: the shopper's words read as the search reads them, and the products they find. */
  search: Pick<SearchService, 'text' | 'rank'>;
  /** The catalogue's department names in Arabic: an item is also found by its department's Arabic name. */
  departmentsAr: () => Promise<ReadonlyMap<string, string>>;
  /** The shopper's name as support shows it (accounts). */
  userName: (userId: number) => Promise<string>;
};

export type AftersalesInput = {
  message: string;
  history: { isBot: boolean; text: string }[];
  userId: number | null;
  /** The conversation the message belongs to (the chat panel's): proposals wait in it and nowhere else. */
  conversationId: string;
  locale: Locale;
  actor: Actor;
  contextId: number | null;
};

export type Aftersales = ReturnType<typeof createAftersales>;

/** Purchase and sub-order numbers as typed ('sq261127m5w5m-2' → 'SQ-261127-M5W5M-2'), first seen first. */
/** A Dubai calendar day ('2026-12-02') as a moment inside that day in any time zone the phrasebook formats in. */
const calendarDay = (iso: string) => new Date(`${iso}T12:00:00+04:00`);

export function numbersIn(text: string): string[] {
  const out = [...text.matchAll(/\bSQ-?(\d{6})-?([A-Z0-9]{5})(?:-(\d{1,2}))?\b/gi)].map((m) => `SQ-${m[1]}-${m[2]!.toUpperCase()}${m[3] ? `-${m[3]}` : ''}`);
  return [...new Set(out)];
}

/** The shopper's own orders, in Arabic: «طلباتي، طلبي، طلبياتي، مشترياتي», with a preposition written on. */
/** The nouns of a rule itself ('the return period', «فترة الإرجاع»): never a kind of product. */
export const RULE_NOUN = /^(period|periods|time|limit|limits|rule|rules|days|window|policy|فتره|مده|مهله|سياسه|قانون|ايام)$/;
/** Listings read to tell the seller of a kind a rules question names. */
const KIND_LISTINGS = 5;
export const OWN_ORDERS_AR = /(^|\s)(ل|ب|و|في)?(طلباتي|طلبي|طلبيتي|طلبياتي|مشترياتي|شحناتي)(\s|[?؟.!،]|$)|(^|\s)(اخر|احدث|ال?اخير) (ال)?(طلب|طلبيه|طلبات|شحنه|مشتريات)(\s|[?؟.!،]|$)|(^|\s)(ال)?(طلب|طلبيه|طلبات|شحنه) (اللي |الي )?(سويته|سويتها|عملته|عملتها|طلبته|طلبتها|اشتريته)(\s|[?؟.!،]|$)/;

export function createAftersales(deps: AftersalesDeps) {
  const conversations = createConversationStore(deps.db);
  const windows = async (vendorIds: number[]) => new Map([...(await deps.shipping.many(vendorIds))].map(([id, r]) => [id, r.return_window_days]));
  const rank = async (query: string) => (await deps.search.rank(query, { limit: 20, prefix: false })).ids;
  const itemsDeps = (tools: Toolbox): ItemsDeps => ({ text: deps.search.text, rank, products: (ids) => tools.products(ids), departmentsAr: deps.departmentsAr, windows });
  const money = (cents: number, locale: Locale) => formatCents(cents, 'AED', locale);

  // ---- where it is, when it arrives ---------------------------------------------------------------------------------

  /** Each part's status, tracking and when it should arrive (or arrived); `only` names the items asked about. */
  async function partLines(parts: ShopperSubOrder[], s: AftersalesPhrases, all: Item[], only: Item[] | null, paying = false): Promise<string[]> {
    const rules = await deps.shipping.many(parts.flatMap((p) => (p.seller_vendor_id === null ? [] : [p.seller_vendor_id])));
    return parts.map((p) => {
      const named = (list: Item[]) => list.map((i) => ({ name: i.name, quantity: i.line.quantity }));
      const own = only?.filter((i) => i.part.id === p.id) ?? [];
      const lines = own.length
        ? [s.itemStatus(named(own), p.order_number, p.seller_name, s.statusWords[p.status])]
        : [s.whereLine(p.order_number, p.seller_name, s.statusWords[p.status]), `  ${s.items(named(all.filter((i) => i.part.id === p.id)))}`];
      // what it cost, asked ('how much did I pay?'): the part's amount and how it is paid, never 'paid' for cash not yet taken
      if (paying) lines.push(`  ${s.partMoney({ cents: p.total_cents, currency: p.currency }, p.payment_method, p.status)}`);
      if (p.tracking_number && p.carrier) lines.push(`  ${s.tracking(p.carrier, p.tracking_number)}`);
      const rule = p.seller_vendor_id === null ? null : rules.get(p.seller_vendor_id) ?? null;
      const min = rule?.delivery_min_days ?? null;
      const max = rule?.delivery_max_days ?? null;
      if (p.status === 'delivered' && p.delivered_at) lines.push(`  ${s.deliveredOn(p.delivered_at)}`);
      // the promise given at checkout, as frozen on the sub-order (decision 0151), is what the shopper was told
      else if (p.delivery_promise && (p.status === 'shipped' || SHOPPER_CANCELLABLE.includes(p.status))) {
        lines.push(`  ${s.promised(calendarDay(p.delivery_promise.earliest), calendarDay(p.delivery_promise.latest))}`);
      } else if (p.status === 'shipped' || SHOPPER_CANCELLABLE.includes(p.status)) {
        if (min === null || max === null) lines.push(`  ${s.noEstimate(p.seller_name)}`);
        else if (p.status === 'shipped') {
          const from = p.shipped_at ?? new Date();
          lines.push(`  ${s.expected(addBusinessDays(from, min), addBusinessDays(from, max))}`);
        } else lines.push(`  ${s.expectedOnceShipped(min, max)}`);
      }
      return lines.join('\n');
    });
  }

  async function whereReply(t: Turn, parts: ShopperSubOrder[], only: Item[] | null, paying = false): Promise<Reply> {
    const s = aftersalesPhrases(t.locale);
    const all = await itemsOf(itemsDeps(t.tools), parts, t.locale);
    const lines = await partLines(parts, s, all, only, paying);
    const live = parts.filter((p) => p.status !== 'cancelled');
    if (paying && parts.length > 1 && live.length) lines.push(s.purchaseTotal({ cents: live.reduce((n, p) => n + p.total_cents, 0), currency: live[0]!.currency }));
    const intro = only ? [] : [s.whereIntro(parts[0]!.purchase_number, parts.length)];
    await t.tools.products(parts.flatMap((p) => p.lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id]))));
    for (const p of parts) for (const l of p.lines) if (l.product_id !== null) t.tools.mention(l.product_id, 'mention');
    await conversations.tell(t.ref, { parts: parts.map((p) => p.id) });
    return say([...intro, ...lines].join('\n\n'));
  }

  /**
   * Where an order is: the one typed, the items named, the parts the conversation just told about (a follow-up such as
   * 'when will it arrive?'), else the latest purchase.
   */
  async function where(t: Turn, userId: number, number: string | undefined, items: Item[], found: Item[], words: string[], topic: number[] | null, paying = false): Promise<Reply> {
    const s = aftersalesPhrases(t.locale);
    if (number) {
      const parts = await deps.shopperOrders.byNumber(userId, number);
      return parts.length ? whereReply(t, parts, null, paying) : say(s.orderUnknown(number));
    }
    if (words.length && found.length) {
      const newest = found[0]!.part.purchase_number;
      const own = found.filter((i) => i.part.purchase_number === newest);
      return whereReply(t, [...new Map(own.map((i) => [i.part.id, i.part])).values()], own, paying);
    }
    const told = topic ? items.filter((i) => topic.includes(i.part.id)).map((i) => i.part) : [];
    const parts = told.length ? [...new Map(told.map((p) => [p.id, p])).values()]
      : items.length ? [...new Map(items.filter((i) => i.part.purchase_number === items[0]!.part.purchase_number).map((i) => [i.part.id, i.part])).values()] : [];
    if (parts.length === 0) return say(s.noOrders);
    return whereReply(t, parts, null, paying);
  }

  // ---- the rules --------------------------------------------------------------------------------------------------

  function policyText(name: string, rule: VendorShipping, s: AftersalesPhrases, topics: { shipping: boolean; returns: boolean }): string {
    const d = DEFAULT_VENDOR_SHIPPING_RULE;
    // returns alone: the seller and its window in one sentence (the window is said of the seller who sets it)
    if (topics.returns && !topics.shipping) return s.policyReturnsOf(name, rule.return_window_days);
    const lines = [s.policyOf(name)];
    if (topics.returns) lines.push(s.policyReturns(rule.return_window_days));
    if (topics.shipping) {
      lines.push(s.policyShipping(money(rule.shipping_fee_cents ?? d.fee_cents, s.locale), money(rule.free_shipping_above_cents ?? d.free_above_cents, s.locale)));
      lines.push(rule.delivery_min_days !== null && rule.delivery_max_days !== null ? s.policyEstimate(rule.delivery_min_days, rule.delivery_max_days) : s.policyNoEstimate);
    }
    return lines.join('\n');
  }

  /** The return window of each item asked about, applied: until when, how many days are left, or that it closed. */
  function windowApplied(s: AftersalesPhrases, items: Item[], returns: Awaited<ReturnType<AftersalesDeps['returns']['mine']>>['returns']): string {
    return items.map((i) => {
      const st = stateOf(i, returns);
      const n = { name: i.name };
      if (st.kind === 'returnable') return s.windowApplied(n, sellerOf(i), i.window, st.delivered, st.closes, Math.max(0, Math.ceil((st.closes.getTime() - Date.now()) / DAY_MS)));
      if (st.kind === 'closed') return s.windowClosed(n, sellerOf(i), i.window, st.delivered, st.closed);
      if (st.kind === 'open' || st.kind === 'shipped') return s.windowNotStarted(n, sellerOf(i), i.window);
      if (st.kind === 'in-return') return s.returnOpen(n, st.request.id, st.request.status as 'requested' | 'approved');
      if (st.kind === 'returned') return s.alreadyReturned(n, st.request.id);
      return s.cancelledNothingToReturn(n);
    }).join('\n\n');
  }

  /**
   * The rules asked about: for an item of the shopper's orders, its seller's window applied to it; for a product in view
   * or named, its seller's rules; for 'my order', the sellers of the latest purchase; a general returns question, that
   * returns depend on the seller, with the windows of the sellers of the shopper's recent orders.
   */
  async function policyReply(t: Turn, userId: number | null, items: Item[], found: Item[], words: string[], asked: { returns?: boolean } = {}): Promise<Reply | null> {
    const s = aftersalesPhrases(t.locale);
    const text = readable(t.message);
    const topics = { shipping: SHIPPING_WORD.test(text), returns: asked.returns === true || RETURNS_WORD.test(text) || RETURN_WORD.test(text) };
    if (!topics.shipping && !topics.returns) return null;
    if (topics.returns && !topics.shipping && userId !== null && words.length && found.length) {
      const newest = found[0]!.part.purchase_number;
      const own = found.filter((i) => i.part.purchase_number === newest);
      await t.tools.products(own.flatMap((i) => (i.line.product_id === null ? [] : [i.line.product_id])));
      for (const i of own) if (i.line.product_id !== null) t.tools.mention(i.line.product_id, 'mention');
      const returns = (await deps.returns.mine(userId)).returns;
      const told = windowApplied(s, own, returns);
      // one item that can still be returned: the return is offered, and a 'yes' in this conversation starts it
      if (own.length === 1 && stateOf(own[0]!, returns).kind === 'returnable') {
        await conversations.wait(t.ref, { step: 'offer', action: 'return', item: { order_id: own[0]!.part.id, line_id: own[0]!.line.id } } satisfies Pending, t.locale);
        return say(`${told} ${s.startReturnQ}`);
      }
      return say(told);
    }
    const product = (await t.tools.findNamed(t.message, 1))[0] ?? (t.contextId() ? await t.tools.getProduct(t.contextId()!) : null);
    // a kind or a line named, not one product ('the return window on books', «جوال Pixelite»): the seller of the listings
    // it names, when they all share one
    // (the shopper's purchases in general, 'my stuff', «أغراضي», keep the general rule below)
    if (!product && topics.returns && !topics.shipping && (userId === null || found.length === 0) && !ORDER_WORD.test(text)) {
      const seller = await sellerOfKind(t, words);
      if (seller === 'marketplace') return say(s.policyReturnsOf(MARKETPLACE_SELLER_NAME, marketplaceRule().return_window_days));
      if (seller !== null) return say([...(await deps.shipping.many([seller])).values()].map((r) => policyText(r.name, r, s, topics)).join('\n\n'));
    }
    let vendorIds: number[] = [];
    if (product?.vendor_id) {
      t.tools.focus(product);
      vendorIds = [product.vendor_id];
    } else if (!product && userId !== null && ORDER_WORD.test(text.replace(/\b(purchases|orders|packages|parcels|shipments|deliveries|my (stuff|things))\b|(^|\s)(ل|ب|و|في)?(ال)?(مشتريات|طلبات|اغراض|حاجات)\S*/g, ' '))) {
      // 'my order' names one purchase; purchases in general ('my stuff', 'my orders', «المشتريات، أغراضي», with a
      // preposition written on: «لطلباتي») ask the general rule below, with the sellers of all the recent orders
      vendorIds = (await deps.shopperOrders.latest(userId, 1)).flatMap((p) => (p.seller_vendor_id === null ? [] : [p.seller_vendor_id]));
    }
    if (vendorIds.length === 0) {
      // a rule asked of no product is the shop's own, quoted in either language by the shop's rules answer
      // (assistant.shop.ts); a product the marketplace sells gets its seller's rule applied here in Arabic
      if (!topics.returns || product) return t.locale === 'en' || !product ? null : say(policyText(MARKETPLACE_SELLER_NAME, marketplaceRule(), s, topics));
      // returns in general: they depend on the seller; the sellers of the shopper's recent orders, with their windows
      // (anonymous in English: the shop's rules answer, assistant.shop.ts, quoting the same rule)
      if (userId === null && t.locale === 'en') return null;
      const lines: string[] = [];
      if (userId !== null) {
        const recent = await deps.shopperOrders.latest(userId, PURCHASES_FOR_RULES);
        const sellers = [...new Map(recent.map((p) => [p.seller_vendor_id, p.seller_name])).entries()];
        const rules = await windows(sellers.flatMap(([id]) => (id === null ? [] : [id])));
        for (const [id, name] of sellers) lines.push(s.windowLine(name, id === null ? RETURN_WINDOW_DAYS_DEFAULT : rules.get(id) ?? RETURN_WINDOW_DAYS_DEFAULT));
      }
      return say(s.returnsPolicy(lines));
    }
    const rules = await deps.shipping.many(vendorIds);
    const parts = [...rules.values()].map((r) => policyText(r.name, r, s, topics));
    const rule = product?.vendor_id ? rules.get(product.vendor_id) : undefined;
    if (product && rule) {
      // the rule applied to the product asked about: does it ship free on its own, and what its listing promises
      const name = t.locale === 'ar' && product.name_ar.trim() ? product.name_ar : product.name;
      const price = money(product.price_cents, t.locale);
      if (topics.shipping) {
        const above = rule.free_shipping_above_cents ?? DEFAULT_VENDOR_SHIPPING_RULE.free_above_cents;
        parts.push(product.price_cents > above ? s.shipsFree(name, price) : s.freeAbove(name, price, money(above, t.locale)));
      }
      if (topics.returns && product.warranty_info) parts.push(s.listingSays(name, product.warranty_info));
    }
    return say(parts.join('\n\n'));
  }

  /**
   * The one seller of the listings a rules question names by kind or line: the words left once the rule's own words go,
   * searched once (at most a few listings); null when they name none or several sellers sell them.
   */
  async function sellerOfKind(t: Turn, words: string[]): Promise<number | 'marketplace' | null> {
    const kind = words.filter((w) => !POLICY_WORD.test(w) && !RETURNS_WORD.test(w) && !RETURN_WORD.test(w) && !ORDER_WORD.test(w) && !RULE_NOUN.test(w));
    if (kind.length === 0 || kind.length > 3) return null;
    const found = await t.tools.searchProducts({ query: kind.join(' '), limit: KIND_LISTINGS });
    if (!found.onTopic || found.items.length === 0) return null;
    const sellers = new Set(found.items.map((p) => p.vendor_id));
    if (sellers.size !== 1) return null;
    const [only] = sellers;
    return only === null || only === undefined ? 'marketplace' : only;
  }

  const marketplaceRule = (): VendorShipping => {
    const d = DEFAULT_VENDOR_SHIPPING_RULE;
    return { shipping_fee_cents: d.fee_cents, free_shipping_above_cents: d.free_above_cents, return_window_days: d.return_window_days, delivery_min_days: null, delivery_max_days: null, handling_days: DEFAULT_HANDLING_DAYS, cutoff_time: DEFAULT_CUTOFF_TIME, default_rule: d };
  };

  return {
    /**
     * An after-sales answer, or null when the message is not one (the shopping assistant answers it). A step the
     * reply does not answer is dropped: nothing is ever done on a later, unrelated 'yes'.
     */
    async reply(input: AftersalesInput, tools: Toolbox): Promise<Reply | null> {
      const { userId } = input;
      const text = readable(input.message);
      const arabic = /[\u0600-\u06FF]/.test(text);
      const s0 = aftersalesPhrases(input.locale);
      // how long delivery usually takes is the shop's rule, for anybody (the shopping assistant quotes it)
      if (USUAL_DELIVERY_TIME(text)) return null;
      if (userId === null) {
        if (HUMAN.test(text)) return say(s0.handoverSignIn);
        // where an order is, cancelling or returning one: only the person signed in (other order questions, and what
        // delivery costs, are the shop's)
        // paying when it arrives asks the payment rule, which anybody may read
        const where = PAYMENT_WORD.test(text) ? false : arabic
          ? WHERE.test(text) && ORDER_WORD.test(text) && !SHIPPING_WORD.test(text.replace(/شحنتي|شحنه/g, ''))
          : isOrderQuestion(input.message) && (WHERE.test(text) || ARRIVAL.test(text));
        if ((CANCEL.test(text) && (ORDER_WORD.test(text) || arabic)) || where) return say(s0.signIn);
        const turn: Turn = { ref: { conversationId: input.conversationId, userId: 0 }, locale: input.locale, actor: input.actor, tools, message: input.message, history: input.history, contextId: () => input.contextId };
        return policyReply(turn, null, [], [], itemWords(input.message));
      }
      const ref = { conversationId: input.conversationId, userId };
      const actions = createActions({ ...itemsDeps(tools), conversations, shopperOrders: deps.shopperOrders, returns: deps.returns, support: deps.support, userName: deps.userName });
      const { pending, topic } = await conversations.read<Pending>(ref);
      // the language the step was asked in, unless this reply is written in Arabic: a bare 'yes' or '2' carries none
      const locale: Locale = pending && !arabic ? pending.locale : input.locale;
      const t: Turn = { ref, locale, actor: input.actor, tools, message: input.message, history: input.history, contextId: () => input.contextId };
      if (pending) {
        const r = await actions.answer(t, pending);
        if (r) return r;
        await conversations.clear(ref);
      }
      const turn: Turn = { ...t, locale: input.locale };
      if (HUMAN.test(text)) return actions.proposeHandoff(turn);
      const number = numbersIn(input.message)[0];
      const wantsCancel = CANCEL.test(text);
      const policy = POLICY_WORD.test(text);
      const wantsReturn = RETURN_WORD.test(text) && !policy;
      if (wantsCancel && !policy) return actions.startCancel(turn, number);
      // the shopper's items the message names (by their names, departments, tags in either language)
      const parts = await deps.shopperOrders.latest(userId, 8);
      const items = await itemsOf(itemsDeps(tools), parts, turn.locale);
      const words = itemWords(input.message);
      const { found } = words.length ? await matchItems(itemsDeps(tools), items, input.message) : { found: [] as Item[] };
      // 'until when can I return the shoes?': the window applied, before any 'when' reads as a delivery question
      if (policy && (RETURN_WORD.test(text) || RETURNS_WORD.test(text))) return policyReply(turn, userId, items, found, words);
      if (wantsReturn) {
        // 'can I return something?' asks about the rules; 'can I return the serum?' about that item
        if (found.length || number || !ASKS_IF_ALLOWED.test(text)) return actions.startReturn(turn, number);
        // 'if I change my mind can I return my purchases?': the rules, which depend on the seller
        if (words.length === 0) return (await policyReply(turn, userId, items, found, words, { returns: true })) ?? actions.startReturn(turn, number);
      }
      // one of the shopper's items said to have come wrong, with no verb ('the book came wrong, I ordered another copy',
      // «وصلني غلط»): the return of it is what the shop offers (decision 0188)
      if (!wantsReturn && !policy && found.length > 0 && reasonIn(input.message)?.reason === 'wrong_item') return actions.startReturn(turn, number);
      const asksWhere = WHERE.test(text) || ARRIVAL.test(text);
      const aboutOrders = number !== undefined || found.length > 0 || ORDER_WORD.test(text) || isOrderQuestion(input.message)
        || (topic !== null && words.length === 0);
      // what delivery costs, or how to pay when an order comes, is a rule, unless an order or an item of one is named
      const asksRule = !found.length && !number
        && ((SHIPPING_WORD.test(text) && /\b(fee|cost|free|how much|extra)\b|رسوم|تكلف|مجاني/.test(text)) || PAYMENT_WORD.test(text));
      // «وش طلباتي الأخيرة؟، مشترياتي»: the shopper's own orders named in Arabic, nothing else asked of them, are told
      // here in Arabic (the shop's orders list, assistant.shop.ts, is English only)
      const ownListed = arabic && OWN_ORDERS_AR.test(text) && !policy && !SHIPPING_WORD.test(text) && !PAYMENT_WORD.test(text);
      // what the shopper's order cost them ('how much did I pay?'): its parts with their amounts and how each is paid
      if (PAID_Q.test(text) && !policy) return where(turn, userId, number, items, found, words, topic?.parts ?? null, true);
      if ((asksWhere || ownListed) && aboutOrders && !asksRule) {
        return where(turn, userId, number, items, found, words, topic?.parts ?? null);
      }
      return policyReply(turn, userId, items, found, words);
    },
  };
}
