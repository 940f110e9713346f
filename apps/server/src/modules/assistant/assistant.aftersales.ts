import { and, eq, gt } from 'drizzle-orm';
import { MARKETPLACE_SELLER_NAME, RETURN_REASONS, RETURN_WINDOW_DAYS_DEFAULT, type ReturnReason } from '@souq/shared/constants';
import { MSG_AR } from '@souq/shared/messages.ar';
import { registerArabicMessages, type Messages } from '@souq/shared/messages-for';
import { formatDate, type Locale } from '@souq/shared/rules/locale';
import { formatCents } from '@souq/shared/rules/money';
import { DEFAULT_VENDOR_SHIPPING_RULE, type VendorShipping } from '@souq/shared/api/vendor-shipping';
import { assistantPendingActions } from '../../db/schema/assistant.js';
import type { Db } from '../../platform/db.js';
import type { Actor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { SHOPPER_CANCELLABLE, type ShopperOrders, type ShopperSubOrder } from '../orders/orders.shopper.js';
import type { ReturnsService } from '../returns/returns.service.js';
import type { SupportService } from '../support/support.service.js';
import { isOrderQuestion, orderNumbersIn } from './assistant.shop.js';
import type { Toolbox } from './assistant.tools.js';
import { textsFor, typedFor } from './assistant.bidi.js';
import {
  CANCEL, HUMAN, LAST_ORDER, NO, ORDER_WORD, POLICY_WORD, RETURN_WORD, RETURNS_WORD, SHIPPING_WORD, WHERE, YES,
  itemWords, matchScore, readable, replyNumber, replyReason,
} from './assistant.aftersales-words.js';

// The assistant after the purchase (issue 28 item 3, decision 0107), for the signed-in shopper, in English and Arabic:
// where each sub-order is and when it should arrive; a return found by the item's words, asked through (how many, why),
// quoted and confirmed; cancelling a sub-order that has not shipped, confirmed; the rules of the seller in question; a
// person. Every action goes through the module that owns it (returns.request, the orders service's cancel,
// support.create), so it lands in the order history and the audit trail as if made on /profile. The step the assistant
// waits on is kept on the server per shopper: a 'yes' confirms what the server proposed, never what a client claims.

// the server answers in Arabic too: the shared texts' Arabic, statically (messages-for.ts)
registerArabicMessages(MSG_AR);

const DAY_MS = 86_400_000;
/** A proposal not answered within this long is forgotten: a late 'yes' does nothing. */
const PENDING_MINUTES = 30;
/** Purchases searched for an item to return or a part to cancel. */
const PURCHASES_SEARCHED = 5;
/** Lines of the chat attached to a hand-over. */
const TRANSCRIPT_LINES = 20;

type Reply = { response: string; suggestedSearch: null };
type LineRef = { order_id: number; line_id: number; name: string; number: string };
type ReturnState =
  | { step: 'pick'; lines: LineRef[] }
  | { step: 'units'; line: LineRef; left: number; cod: boolean }
  | { step: 'reason'; line: LineRef; units: number; cod: boolean }
  | { step: 'confirm'; line: LineRef; units: number; reason: ReturnReason; reason_text: string; cod: boolean; refund: string };
type CancelState = { step: 'pick'; orders: { id: number; number: string }[] } | { step: 'confirm'; order_id: number; number: string };
/** The step waited on, with the language it was asked in (a bare '2' or 'yes' carries none). */
type Pending = ({ kind: 'return'; state: ReturnState } | { kind: 'cancel'; state: CancelState }) & { locale: Locale };

export type AftersalesDeps = {
  db: Db;
  shopperOrders: ShopperOrders;
  returns: Pick<ReturnsService, 'request' | 'mine' | 'refundQuote'>;
  shipping: { many(vendorIds: number[]): Promise<Map<number, VendorShipping & { name: string }>> };
  support: Pick<SupportService, 'create'>;
  /** The shopper's name as support shows it (accounts). */
  userName: (userId: number) => Promise<string>;
};

export type AftersalesInput = {
  message: string;
  history: { isBot: boolean; text: string }[];
  userId: number | null;
  locale: Locale;
  actor: Actor;
  contextId: number | null;
};

export type Aftersales = ReturnType<typeof createAftersales>;

/** Purchase and sub-order numbers as typed ('sq261127m5w5m-2' → 'SQ-261127-M5W5M-2'), first seen first. */
export function numbersIn(text: string): string[] {
  const out = [...text.matchAll(/\bSQ-?(\d{6})-?([A-Z0-9]{5})(?:-(\d{1,2}))?\b/gi)].map((m) => `SQ-${m[1]}-${m[2]!.toUpperCase()}${m[3] ? `-${m[3]}` : ''}`);
  return [...new Set(out)];
}

/** `days` business days (Monday to Friday, the UAE's working week) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

export function createAftersales(deps: AftersalesDeps) {
  const { db } = deps;

  async function pendingOf(userId: number): Promise<Pending | null> {
    const [row] = await db.select().from(assistantPendingActions)
      .where(and(eq(assistantPendingActions.userId, userId), gt(assistantPendingActions.expiresAt, new Date())));
    if (!row) return null;
    const { locale, ...state } = row.state as { locale?: Locale };
    return { kind: row.kind, state, locale: locale ?? 'en' } as unknown as Pending;
  }
  async function setPending(userId: number, p: Omit<Pending, 'locale'>, locale: Locale) {
    const values = { kind: p.kind, state: { ...p.state, locale } as unknown as Record<string, unknown>, expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000) };
    await db.insert(assistantPendingActions).values({ userId, ...values })
      .onConflictDoUpdate({ target: assistantPendingActions.userId, set: values });
  }
  const clearPending = (userId: number) => db.delete(assistantPendingActions).where(eq(assistantPendingActions.userId, userId));

  const say = (response: string): Reply => ({ response, suggestedSearch: null });

  /**
   * A reply to a proposed action: 'yes' (the step is cleared, the caller acts), a 'no' (cleared, nothing changed), a
   * short other reply (asked again for yes or no), or null for a longer message (the step is dropped by the caller).
   */
  async function confirmation(userId: number, t: string, m: Messages): Promise<'yes' | Reply | null> {
    if (NO.test(t)) {
      await clearPending(userId);
      return say(m.assistantNothingChanged);
    }
    if (!YES.test(t)) return t.split(' ').length <= 3 ? say(m.assistantYesOrNo) : null;
    await clearPending(userId);
    return 'yes';
  }
  const money = (cents: number, currency: string, locale: Locale) => formatCents(cents, currency, locale);
  const day = (d: Date, locale: Locale) => formatDate(d, 'day', locale);

  /** The service's own words when an action is refused (409/422 …), else a generic failure, in the shopper's language. */
  function failure(err: unknown, m: Messages): Reply {
    if (err instanceof AppError && err.status < 500) return say(m.assistantActionFailed(err.message));
    throw err;
  }

  // ---- where is my order ------------------------------------------------------------------------------------------

  async function whereReply(userId: number, text: string, m: Messages, locale: Locale, tools: Toolbox): Promise<Reply> {
    const numbers = numbersIn(text);
    let subs: ShopperSubOrder[];
    if (numbers.length) {
      subs = await deps.shopperOrders.byNumber(userId, numbers[0]!);
      if (subs.length === 0) return say(m.assistantOrderUnknown(numbers[0]!));
    } else {
      subs = await deps.shopperOrders.latest(userId, 1);
      if (subs.length === 0) return say(m.assistantNoOrders);
    }
    const rules = await deps.shipping.many(subs.flatMap((s) => (s.seller_vendor_id === null ? [] : [s.seller_vendor_id])));
    const parts = [m.assistantWhereIntro(subs[0]!.purchase_number, subs.length)];
    for (const s of subs) {
      const lines = [m.assistantWhereLine(s.order_number, s.seller_name, m.assistantStatusWords[s.status])];
      const iso = typedFor(locale);
      lines.push(`  ${s.lines.map((l) => `${l.quantity} × ${iso(`${l.name}${l.variant_label ? ` (${l.variant_label})` : ''}`)}`).join(locale === 'ar' ? '، ' : ', ')}`);
      if (s.tracking_number && s.carrier) lines.push(`  ${m.assistantWhereTracking(s.carrier, s.tracking_number)}`);
      const rule = s.seller_vendor_id === null ? null : rules.get(s.seller_vendor_id) ?? null;
      const min = rule?.delivery_min_days ?? null;
      const max = rule?.delivery_max_days ?? null;
      if (s.status === 'delivered' && s.delivered_at) lines.push(`  ${m.assistantWhereDelivered(day(s.delivered_at, locale))}`);
      else if (s.status === 'shipped' || SHOPPER_CANCELLABLE.includes(s.status)) {
        if (min === null || max === null) lines.push(`  ${m.assistantWhereNoEstimate(s.seller_name)}`);
        else if (s.status === 'shipped') {
          const from = s.shipped_at ?? new Date();
          lines.push(`  ${m.assistantWhereExpected(day(addBusinessDays(from, min), locale), day(addBusinessDays(from, max), locale))}`);
        } else lines.push(`  ${m.assistantWhereExpectedOnceShipped(min, max)}`);
      }
      parts.push(lines.join('\n'));
    }
    // the products named are listed like any other product the assistant names
    await tools.products(subs.flatMap((s) => s.lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id]))));
    for (const s of subs) for (const l of s.lines) if (l.product_id !== null) tools.mention(l.product_id, 'mention');
    return say(parts.join('\n\n'));
  }

  // ---- return -----------------------------------------------------------------------------------------------------

  const lineRef = (s: ShopperSubOrder, l: ShopperSubOrder['lines'][number]): LineRef =>
    ({ order_id: s.id, line_id: l.id, name: `${l.name}${l.variant_label ? ` (${l.variant_label})` : ''}`, number: s.order_number });
  const numbered = (items: string[]) => items.map((t, i) => `${i + 1}. ${t}`).join('\n');
  const reasonList = (m: Messages) => numbered(RETURN_REASONS.map((r) => m.assistantReturnReasons[r]));

  async function startReturn(userId: number, text: string, m: Messages, locale: Locale): Promise<Reply> {
    const numbers = numbersIn(text);
    const subs = numbers.length
      ? await deps.shopperOrders.byNumber(userId, numbers[0]!)
      : await deps.shopperOrders.latest(userId, LAST_ORDER.test(readable(text)) ? 1 : PURCHASES_SEARCHED);
    if (numbers.length && subs.length === 0) return say(m.assistantOrderUnknown(numbers[0]!));
    if (subs.length === 0) return say(m.assistantNoOrders);
    const words = itemWords(text);
    const all = subs.flatMap((s) => s.lines.map((l) => ({ s, l, score: matchScore(words, `${l.name} ${l.variant_label}`) })));
    const best = Math.max(0, ...all.map((c) => c.score));
    if (words.length && best === 0) return say(m.assistantReturnNoMatch(words.join(' ')));
    const found = words.length ? all.filter((c) => c.score === best) : all;
    const delivered = found.filter((c) => c.s.status === 'delivered');
    if (delivered.length === 0) {
      const only = found.length === 1 ? found[0]! : null;
      return say(only ? m.assistantReturnNotDelivered(lineRef(only.s, only.l).name, only.s.order_number) : m.assistantReturnNothingDelivered);
    }
    if (delivered.length > 1) {
      const lines = delivered.map((c) => lineRef(c.s, c.l));
      await setPending(userId, { kind: 'return', state: { step: 'pick', lines } }, locale);
      const iso = typedFor(locale);
      return say(m.assistantReturnWhich(numbered(lines.map((l) => `${iso(l.name)} — ${iso(l.number)}`))));
    }
    return returnLine(userId, lineRef(delivered[0]!.s, delivered[0]!.l), m, locale);
  }

  /** One line chosen: the seller's return window, the units left, then the questions. */
  async function returnLine(userId: number, line: LineRef, m: Messages, locale: Locale): Promise<Reply> {
    const [sub] = (await deps.shopperOrders.byNumber(userId, line.number)).filter((s) => s.id === line.order_id);
    if (!sub || sub.status !== 'delivered' || !sub.delivered_at) return say(m.assistantReturnNotDelivered(line.name, line.number));
    const rule = sub.seller_vendor_id === null ? null : (await deps.shipping.many([sub.seller_vendor_id])).get(sub.seller_vendor_id);
    const days = rule?.return_window_days ?? RETURN_WINDOW_DAYS_DEFAULT;
    const closes = new Date(sub.delivered_at.getTime() + days * DAY_MS);
    if (Date.now() > closes.getTime()) {
      await clearPending(userId);
      return say(m.assistantReturnWindowClosed(line.name, days, day(closes, locale)));
    }
    const open = (await deps.returns.mine(userId)).returnable.find((r) => r.line_id === line.line_id);
    if (!open || open.units_left <= 0) {
      await clearPending(userId);
      return say(m.assistantReturnAllTaken(line.name));
    }
    const cod = sub.payment_method === 'cod';
    if (open.units_left > 1) {
      await setPending(userId, { kind: 'return', state: { step: 'units', line, left: open.units_left, cod } }, locale);
      return say(m.assistantReturnHowMany(line.name, open.units_left));
    }
    await setPending(userId, { kind: 'return', state: { step: 'reason', line, units: 1, cod } }, locale);
    return say(m.assistantReturnWhy(reasonList(m)));
  }

  async function continueReturn(userId: number, state: ReturnState, text: string, m: Messages, locale: Locale, actor: Actor): Promise<Reply | null> {
    const t = readable(text);
    if (state.step === 'pick') {
      const n = replyNumber(text, 0);
      const words = itemWords(text);
      const byWords = words.length ? state.lines.filter((l) => matchScore(words, l.name) > 0) : [];
      const chosen = n !== null && n >= 1 && n <= state.lines.length ? state.lines[n - 1]! : byWords.length === 1 ? byWords[0]! : null;
      if (!chosen) return null;
      return returnLine(userId, chosen, m, locale);
    }
    if (state.step === 'units') {
      const n = replyNumber(text, state.left);
      if (n === null) return null;
      if (n < 1 || n > state.left) return say(m.assistantReturnUnitsInvalid(state.left));
      await setPending(userId, { kind: 'return', state: { step: 'reason', line: state.line, units: n, cod: state.cod } }, locale);
      return say(m.assistantReturnWhy(reasonList(m)));
    }
    if (state.step === 'reason') {
      const reason = replyReason(text, RETURN_REASONS);
      const quote = await deps.returns.refundQuote(userId, state.line.order_id, state.line.line_id, state.units);
      if (!quote) {
        await clearPending(userId);
        return say(m.assistantOrderUnknown(state.line.number));
      }
      const refund = money(quote.total_cents, quote.currency, locale);
      await setPending(userId, {
        kind: 'return',
        state: { step: 'confirm', line: state.line, units: state.units, reason, reason_text: reason === 'other' ? text.trim().slice(0, 1000) : '', cod: state.cod, refund },
      }, locale);
      return say(m.assistantReturnConfirm(state.units, state.line.name, state.line.number, refund, state.cod ? m.assistantRefundStoreCredit : m.assistantRefundToCard));
    }
    // confirm: only a yes acts
    const answered = await confirmation(userId, t, m);
    if (answered !== 'yes') return answered;
    try {
      const r = await deps.returns.request(userId, {
        order_id: state.line.order_id, line_id: state.line.line_id, units: state.units, reason: state.reason, reason_text: state.reason_text,
        // a cash-on-delivery order has no card to refund to: store credit, as the shopper was told before saying yes
        ...(state.cod ? { refund_method: 'store_credit' as const } : {}),
      }, actor);
      return say(m.assistantReturnOpened(r.id, state.refund));
    } catch (err) {
      return failure(err, m);
    }
  }

  // ---- cancel -----------------------------------------------------------------------------------------------------

  async function startCancel(userId: number, text: string, m: Messages, locale: Locale): Promise<Reply> {
    const numbers = numbersIn(text);
    let subs = numbers.length ? await deps.shopperOrders.byNumber(userId, numbers[0]!) : await deps.shopperOrders.latest(userId, 1);
    if (numbers.length && subs.length === 0) return say(m.assistantOrderUnknown(numbers[0]!));
    if (subs.length === 0) return say(m.assistantNoOrders);
    const words = itemWords(text);
    if (words.length) {
      const scored = subs.map((s) => ({ s, score: matchScore(words, `${s.seller_name} ${s.lines.map((l) => `${l.name} ${l.variant_label}`).join(' ')}`) }));
      const best = Math.max(...scored.map((x) => x.score));
      if (best > 0) subs = scored.filter((x) => x.score === best).map((x) => x.s);
    }
    const open = subs.filter((s) => SHOPPER_CANCELLABLE.includes(s.status));
    if (open.length === 0) {
      const gone = subs.find((s) => s.status === 'shipped' || s.status === 'delivered');
      return say(gone ? m.assistantCancelShipped(gone.order_number, m.assistantStatusWords[gone.status]) : m.assistantNothingToCancel);
    }
    if (open.length > 1) {
      await setPending(userId, { kind: 'cancel', state: { step: 'pick', orders: open.map((s) => ({ id: s.id, number: s.order_number })) } }, locale);
      const iso = typedFor(locale);
      return say(m.assistantCancelWhich(numbered(open.map((s) => `${iso(s.order_number)} — ${iso(s.seller_name)} (${iso(s.lines.map((l) => l.name).join(', '))})`))));
    }
    return proposeCancel(userId, open[0]!, m, locale);
  }

  async function proposeCancel(userId: number, s: ShopperSubOrder, m: Messages, locale: Locale): Promise<Reply> {
    await setPending(userId, { kind: 'cancel', state: { step: 'confirm', order_id: s.id, number: s.order_number } }, locale);
    return say(m.assistantCancelConfirm(s.order_number, s.seller_name, money(s.total_cents, s.currency, locale)));
  }

  async function continueCancel(userId: number, state: CancelState, text: string, m: Messages, locale: Locale, actor: Actor): Promise<Reply | null> {
    const t = readable(text);
    if (state.step === 'pick') {
      const n = replyNumber(text, 0);
      const typed = numbersIn(text)[0];
      const chosen = typed ? state.orders.find((o) => o.number === typed) : n !== null && n >= 1 && n <= state.orders.length ? state.orders[n - 1] : undefined;
      if (!chosen) return null;
      const [s] = (await deps.shopperOrders.byNumber(userId, chosen.number)).filter((x) => x.id === chosen.id);
      if (!s) return say(m.assistantOrderUnknown(chosen.number));
      if (!SHOPPER_CANCELLABLE.includes(s.status)) {
        await clearPending(userId);
        return say(m.assistantCancelShipped(s.order_number, m.assistantStatusWords[s.status]));
      }
      return proposeCancel(userId, s, m, locale);
    }
    const answered = await confirmation(userId, t, m);
    if (answered !== 'yes') return answered;
    try {
      const o = await deps.shopperOrders.cancel(userId, state.order_id, actor, `Cancelled by the shopper through the assistant`);
      return say(m.assistantCancelDone(o.order_number, money(Math.round(o.total_amount * 100), o.currency, locale)));
    } catch (err) {
      if (err instanceof AppError && err.status === 409) {
        // it shipped between the proposal and the yes
        const [s] = (await deps.shopperOrders.byNumber(userId, state.number)).filter((x) => x.id === state.order_id);
        if (s) return say(m.assistantCancelShipped(s.order_number, m.assistantStatusWords[s.status]));
      }
      return failure(err, m);
    }
  }

  // ---- the seller's rules -----------------------------------------------------------------------------------------

  function policyText(name: string, rule: VendorShipping, m: Messages, locale: Locale, topics: { shipping: boolean; returns: boolean }): string {
    const d = DEFAULT_VENDOR_SHIPPING_RULE;
    const lines = [m.assistantPolicyOf(name)];
    if (topics.returns) lines.push(m.assistantPolicyReturns(rule.return_window_days));
    if (topics.shipping) {
      lines.push(m.assistantPolicyShipping(money(rule.shipping_fee_cents ?? d.fee_cents, 'AED', locale), money(rule.free_shipping_above_cents ?? d.free_above_cents, 'AED', locale)));
      lines.push(rule.delivery_min_days !== null && rule.delivery_max_days !== null ? m.assistantPolicyEstimate(rule.delivery_min_days, rule.delivery_max_days) : m.assistantPolicyNoEstimate);
    }
    return lines.join('\n');
  }

  /** The rules of the seller in question: the product in view or named, else the sellers of the latest order. */
  async function policyReply(input: AftersalesInput, m: Messages, tools: Toolbox): Promise<Reply | null> {
    const t = readable(input.message);
    const topics = { shipping: SHIPPING_WORD.test(t), returns: RETURNS_WORD.test(t) };
    if (!topics.shipping && !topics.returns) return null;
    const product = (await tools.findNamed(input.message, 1))[0] ?? (input.contextId ? await tools.getProduct(input.contextId) : null);
    let vendorIds: number[] = [];
    if (product?.vendor_id) {
      tools.focus(product);
      vendorIds = [product.vendor_id];
    } else if (!product && input.userId !== null && ORDER_WORD.test(t)) {
      vendorIds = (await deps.shopperOrders.latest(input.userId, 1)).flatMap((s) => (s.seller_vendor_id === null ? [] : [s.seller_vendor_id]));
    }
    if (vendorIds.length === 0) {
      // English keeps the shop-wide rules answer (assistant.shop.ts); Arabic gets the marketplace's own rule here
      if (input.locale === 'en') return null;
      const d = DEFAULT_VENDOR_SHIPPING_RULE;
      return say(policyText(MARKETPLACE_SELLER_NAME, {
        shipping_fee_cents: d.fee_cents, free_shipping_above_cents: d.free_above_cents, return_window_days: d.return_window_days,
        delivery_min_days: null, delivery_max_days: null, default_rule: d,
      }, m, input.locale, topics));
    }
    const rules = await deps.shipping.many(vendorIds);
    const parts = [...rules.values()].map((r) => policyText(r.name, r, m, input.locale, topics));
    const rule = product?.vendor_id ? rules.get(product.vendor_id) : undefined;
    if (product && rule) {
      // the rule applied to the product asked about: does it ship free on its own, and what its listing promises
      const name = input.locale === 'ar' && product.name_ar.trim() ? product.name_ar : product.name;
      const price = money(product.price_cents, product.currency, input.locale);
      if (topics.shipping) {
        const above = rule.free_shipping_above_cents ?? DEFAULT_VENDOR_SHIPPING_RULE.free_above_cents;
        parts.push(product.price_cents > above ? m.assistantPolicyShipsFree(name, price) : m.assistantPolicyFreeAbove(name, price, money(above, 'AED', input.locale)));
      }
      if (topics.returns && product.warranty_info) parts.push(m.assistantPolicyListingSays(name, product.warranty_info));
    }
    return say(parts.join('\n\n'));
  }

  // ---- a person ---------------------------------------------------------------------------------------------------

  async function handover(input: AftersalesInput, m: Messages): Promise<Reply> {
    if (input.userId === null) return say(m.assistantHandoverSignIn);
    const transcript = [...input.history.slice(-TRANSCRIPT_LINES), { isBot: false, text: input.message }]
      .map((h) => `${h.isBot ? m.assistantTranscriptAssistant : m.assistantTranscriptShopper}: ${h.text.trim()}`).join('\n');
    const conversation = await deps.support.create(
      { userId: input.userId, name: await deps.userName(input.userId) },
      { subject: m.assistantHandoverSubject, message: `${m.assistantHandoverIntro}\n\n${transcript}`.slice(0, 10_000), priority: 'normal' },
    );
    return say(m.assistantHandoverDone(conversation.id));
  }

  return {
    /**
     * An after-sales answer, or null when the message is not one (the shopping assistant answers it). A pending step
     * the reply does not answer is dropped: nothing is ever done on a later, unrelated 'yes'.
     */
    async reply(input: AftersalesInput, tools: Toolbox): Promise<Reply | null> {
      const m = textsFor(input.locale);
      const t = readable(input.message);
      const { userId, locale } = input;
      if (HUMAN.test(t)) {
        if (userId !== null) await clearPending(userId);
        return handover(input, m);
      }
      if (userId !== null) {
        const pending = await pendingOf(userId);
        if (pending) {
          // the language the step was asked in, unless this reply is written in Arabic
          const stepLocale: Locale = /[\u0600-\u06FF]/.test(t) ? 'ar' : pending.locale;
          const sm = textsFor(stepLocale);
          const r = pending.kind === 'return'
            ? await continueReturn(userId, pending.state, input.message, sm, stepLocale, input.actor)
            : await continueCancel(userId, pending.state, input.message, sm, stepLocale, input.actor);
          if (r) return r;
          await clearPending(userId);
        }
      }
      const wantsCancel = CANCEL.test(t) && (ORDER_WORD.test(t) || orderNumbersIn(input.message).length > 0 || /\b(it|that|this)\b/.test(t));
      const wantsReturn = RETURN_WORD.test(t) && !POLICY_WORD.test(t) && !/\b(how|can i|do you|what)\b/.test(t) && !/^(هل|كيف|ما|ماذا)\s/.test(t);
      const arabic = /[\u0600-\u06FF]/.test(t);
      const asksWhere = arabic ? WHERE.test(t) && ORDER_WORD.test(t) && !SHIPPING_WORD.test(t.replace(/شحنتي|شحنه/g, '')) || /(وين|اين) (طلبي|طلبيتي|شحنتي)/.test(t)
        : isOrderQuestion(input.message) && /\b(where|when|track|tracking|status|arrive|arriving|arrived|deliver(ed|y)?|coming|shipped)\b/.test(t);
      if ((wantsCancel || wantsReturn || asksWhere) && userId === null) return say(m.assistantOrdersSignIn);
      if (userId !== null) {
        if (wantsCancel) return startCancel(userId, input.message, m, locale);
        if (wantsReturn) return startReturn(userId, input.message, m, locale);
        if (asksWhere) return whereReply(userId, input.message, m, locale, tools);
      }
      return policyReply(input, m, tools);
    },
  };
}
