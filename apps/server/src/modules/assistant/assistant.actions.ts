import { RETURN_REASONS, type ReturnReason } from '@souq/shared/constants';
import type { Locale } from '@souq/shared/rules/locale';
import type { ReturnRequest } from '@souq/shared/api/returns';
import type { Actor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import type { ShopperOrders, ShopperSubOrder } from '../orders/orders.shopper.js';
import type { ReturnsService } from '../returns/returns.service.js';
import type { SupportService } from '../support/support.service.js';
import type { Toolbox } from './assistant.tools.js';
import type { ConversationRef, ConversationStore } from './assistant.conversation.js';
import { aftersalesPhrases, type AftersalesPhrases, type Named } from './assistant.aftersales-phrases.js';
import { NO, ONLY_YES_OR_NO, YES, itemWords, readable, reasonIn, replyNumber, replyReason, unitsIn } from './assistant.aftersales-words.js';
import { CANCEL, RETURN_WORD } from './assistant.aftersales-words.js';
import { itemsOf, matchItems, sellerOf, stateOf, type Item, type ItemsDeps } from './assistant.items.js';

// The actions the assistant takes for a signed-in shopper (issue 37 item 1, decision 0127): cancel a part that has not
// shipped, return a delivered item, pass the chat to a person. Each is a proposal that names what it acts on — the
// products in the shopper's language, the seller, the amount — and waits in THIS conversation for a yes; the yes acts on
// exactly what was proposed, re-checked by the module that owns it (the orders service's cancel, returns.request,
// support.create). When the item asked about cannot be acted on, the answer says why and offers what can be done (a
// return instead of a cancel, a cancel instead of a return), about that item only.

/** An item as a step remembers it: its sub-order and line. */
type ItemRef = { order_id: number; line_id: number };
export type Pending =
  | { step: 'pick'; action: 'cancel' | 'return'; options: ItemRef[] }
  | { step: 'offer'; action: 'cancel' | 'return'; item: ItemRef }
  | { step: 'units'; item: ItemRef; left: number; given?: { reason: ReturnReason; words: string } | null }
  | { step: 'reason'; item: ItemRef; units: number }
  | { step: 'confirm-cancel'; parts: number[] }
  | { step: 'confirm-return'; item: ItemRef; units: number; reason: ReturnReason; reason_text: string; cod: boolean; refund_cents: number; currency: string }
  | { step: 'confirm-handoff' };

export type Reply = { response: string; suggestedSearch: null };
export const say = (response: string): Reply => ({ response, suggestedSearch: null });

export type ActionsDeps = ItemsDeps & {
  conversations: ConversationStore;
  shopperOrders: ShopperOrders;
  returns: Pick<ReturnsService, 'request' | 'mine' | 'refundQuote'>;
  support: Pick<SupportService, 'create'>;
  userName: (userId: number) => Promise<string>;
};

/** One message's context: who, which conversation, in which language, and the tools that record products named. */
export type Turn = {
  ref: ConversationRef;
  locale: Locale;
  actor: Actor;
  tools: Toolbox;
  message: string;
  history: { isBot: boolean; text: string }[];
  /** The product selected on the page, if any. */
  contextId: () => number | null;
};

/** Purchases searched for the item a shopper names. */
const PURCHASES_SEARCHED = 8;
/** Lines of the chat attached to a hand-over. */
const TRANSCRIPT_LINES = 20;
/** Words that greet, thank or ask politely: they say nothing of an item. */
const GREETINGS = /^(hi|hello|hey|thanks|thank|please|pls|salam|مرحبا|هلا|السلام|سلام|شكرا|لو|سمحت|فضلك|رجاء|اخوي|اختي)$/;
/** 'everything', 'the whole order': every part that can still be acted on. */
const ALL = /\b(everything|all|whole|entire|both)\b|(كل شي|كل شيء|كله|كلها|الكل|جميع|بالكامل|الاثنين|الثنين)/;

export function createActions(deps: ActionsDeps) {
  const { conversations } = deps;
  const phrases = (t: Turn): AftersalesPhrases => aftersalesPhrases(t.locale);
  const ref = (i: Item): ItemRef => ({ order_id: i.part.id, line_id: i.line.id });
  const named = (i: Item): Named => ({ name: i.name, quantity: i.line.quantity });
  const amountOf = (part: ShopperSubOrder) => ({ cents: part.total_cents, currency: part.currency });

  /** The items named in an answer are listed like any product the assistant names. */
  async function mention(t: Turn, items: Item[]) {
    const ids = [...new Set(items.flatMap((i) => (i.line.product_id === null ? [] : [i.line.product_id])))];
    await t.tools.products(ids);
    for (const id of ids) t.tools.mention(id, 'mention');
  }

  /**
   * The items a request names, read in the clause that asks for the action first: a reason told beside it describes the
   * item and never names another («أبي أرجع الحذاء، مقاسه صغير» is not about the skillet whose name says «مقاس»). A
   * clause that names no item of the orders leaves the whole message to name it ('I want to return it, the mug chipped').
   */
  async function itemsAsked(items: Item[], text: string, verb: RegExp) {
    const clauses = text.split(/[,.;!?؟،\n]+/).map((c) => c.trim()).filter(Boolean);
    const asked = clauses.length > 1 ? clauses.find((c) => verb.test(readable(c))) : undefined;
    if (asked) {
      // the verb and what goes with it ('scrap it', 'send … back') name no item
      const inClause = await matchItems(deps, items, readable(asked).replace(new RegExp(verb.source, 'g'), ' '));
      if (inClause.words.length && inClause.found.length) return inClause;
    }
    return matchItems(deps, items, text);
  }

  /** The shopper's recent items (or those of the order number typed), newest first. */
  async function recentItems(t: Turn, number: string | undefined): Promise<Item[] | null> {
    const parts = number ? await deps.shopperOrders.byNumber(t.ref.userId, number) : await deps.shopperOrders.latest(t.ref.userId, PURCHASES_SEARCHED);
    if (number && parts.length === 0) return null;
    return itemsOf(deps, parts, t.locale);
  }

  /** The item of a step, read again (its state may have moved since it was asked). */
  async function itemOf(t: Turn, r: ItemRef): Promise<Item | null> {
    const [part] = (await deps.shopperOrders.latest(t.ref.userId, PURCHASES_SEARCHED)).filter((p) => p.id === r.order_id);
    const parts = part ? [part] : [];
    return (await itemsOf(deps, parts, t.locale)).find((i) => i.line.id === r.line_id) ?? null;
  }

  const myReturns = async (t: Turn): Promise<ReturnRequest[]> => (await deps.returns.mine(t.ref.userId)).returns;

  // ---- cancel -----------------------------------------------------------------------------------------------------

  /** The proposal to cancel these parts (every item of each named: a part is cancelled whole), waiting for a yes. */
  async function proposeCancel(t: Turn, parts: ShopperSubOrder[], others: string[] = []): Promise<Reply> {
    const s = phrases(t);
    const all = await itemsOf(deps, parts, t.locale);
    await mention(t, all);
    const total = { cents: parts.reduce((n, p) => n + p.total_cents, 0), currency: parts[0]!.currency };
    const cod = parts.some((p) => p.payment_method === 'cod');
    await conversations.wait(t.ref, { step: 'confirm-cancel', parts: parts.map((p) => p.id) } satisfies Pending, t.locale);
    const text = s.cancelPropose(parts.map((p) => ({ items: all.filter((i) => i.part.id === p.id).map(named), seller: p.seller_name, amount: amountOf(p) })), total, cod);
    return say([...others, text].join('\n\n'));
  }

  /** Why this item's part cannot be cancelled, and what can be done instead (a return, when it can be returned). */
  async function cannotCancel(t: Turn, item: Item, returns: ReturnRequest[]): Promise<Reply> {
    const s = phrases(t);
    const state = stateOf(item, returns);
    await mention(t, [item]);
    const n = named(item);
    switch (state.kind) {
      case 'shipped': return say(s.shippedCannotCancel(n, item.part.order_number, sellerOf(item), item.window));
      case 'cancelled': return say(s.alreadyCancelled(n, item.part.order_number, item.part.payment_method === 'cod'));
      case 'refunded': return say(s.alreadyRefunded(n, item.part.order_number));
      case 'returnable':
        await conversations.wait(t.ref, { step: 'offer', action: 'return', item: ref(item) } satisfies Pending, t.locale);
        return say(`${s.deliveredCannotCancel(n, state.delivered)} ${s.offerReturn(state.closes, sellerOf(item), item.window)}`);
      case 'closed': return say(`${s.deliveredCannotCancel(n, state.delivered)} ${s.windowClosed(n, sellerOf(item), item.window, state.delivered, state.closed)}`);
      case 'in-return': return say(`${s.deliveredCannotCancel(n, item.part.delivered_at!)} ${s.returnOpen(n, state.request.id, state.request.status as 'requested' | 'approved')}`);
      case 'returned': return say(s.alreadyReturned(n, state.request.id));
      default: return proposeCancel(t, [item.part]);
    }
  }

  async function startCancel(t: Turn, number: string | undefined): Promise<Reply> {
    const s = phrases(t);
    const items = await recentItems(t, number);
    if (items === null) return say(s.orderUnknown(number!));
    if (items.length === 0) return say(s.noOrders);
    const match = await itemsAsked(items, number ? '' : t.message, CANCEL);
    const { found } = match;
    if (match.words.length && found.length === 0) return say(s.notFound(match.words.join(' ')));
    // an order number typed names its parts as an item's words name it
    const words = number ? [number] : match.words;
    const all = ALL.test(readable(t.message));
    // no item named: the latest purchase (or the order typed); an item named: its newest purchase
    const newest = found[0]!.part.purchase_number;
    const pool = found.filter((i) => i.part.purchase_number === newest);
    const open = [...new Map(pool.filter((i) => stateOf(i, []).kind === 'open').map((i) => [i.part.id, i.part])).values()];
    const returns = await myReturns(t);
    if (all || (words.length === 0 && open.length > 0)) {
      if (open.length === 0) return words.length ? cannotCancel(t, pool[0]!, returns) : say(s.nothingToCancel);
      if (all || open.length === 1) {
        // the parts that cannot be cancelled are said, not proposed
        const closed = pool.filter((i) => !open.some((p) => p.id === i.part.id));
        await mention(t, closed);
        const notes = closed.length ? [s.cannotCancelToo(closed.map(named), s.statusWords[closed[0]!.part.status])] : [];
        return proposeCancel(t, open, notes);
      }
      return pickOne(t, 'cancel', open.map((p) => pool.find((i) => i.part.id === p.id)!));
    }
    if (words.length === 0) return say(s.nothingToCancel);
    const parts = [...new Set(pool.map((i) => i.part.id))];
    if (parts.length === 1) return stateOf(pool[0]!, returns).kind === 'open' ? proposeWhole(t, pool) : cannotCancel(t, pool[0]!, returns);
    // the words fit items of several parts: those that can still be cancelled, asked which; else why not, for the first
    const openItems = pool.filter((i) => stateOf(i, returns).kind === 'open');
    if (openItems.length === 1) return proposeWhole(t, openItems);
    if (openItems.length > 1) return pickOne(t, 'cancel', openItems);
    return cannotCancel(t, pool[0]!, returns);
  }

  /** A cancel of the part holding these items: the whole part, said so when it holds more than the shopper named. */
  async function proposeWhole(t: Turn, items: Item[]): Promise<Reply> {
    const part = items[0]!.part;
    const all = await itemsOf(deps, [part], t.locale);
    const more = all.filter((i) => !items.some((x) => x.line.id === i.line.id));
    return proposeCancel(t, [part], more.length ? [phrases(t).cancelWholePart(all.map(named))] : []);
  }

  async function confirmCancel(t: Turn, partIds: number[]): Promise<Reply> {
    const s = phrases(t);
    const parts = (await deps.shopperOrders.latest(t.ref.userId, PURCHASES_SEARCHED)).filter((p) => partIds.includes(p.id));
    const done: ShopperSubOrder[] = [];
    for (const part of parts) {
      try {
        await deps.shopperOrders.cancel(t.ref.userId, part.id, t.actor, 'Cancelled by the shopper through the assistant');
        done.push(part);
      } catch (err) {
        // it shipped between the proposal and the yes: the shipment wins, said as such
        if (err instanceof AppError && err.status === 409) {
          const [item] = await itemsOf(deps, [part], t.locale);
          if (item) return cannotCancel(t, { ...item, part: { ...part, status: 'shipped' } }, []);
        }
        if (err instanceof AppError && err.status < 500) return say(s.actionFailed(err.message));
        throw err;
      }
    }
    if (done.length === 0) return say(s.nothingToCancel);
    const items = await itemsOf(deps, done, t.locale);
    await mention(t, items);
    return say(s.cancelDone(items.map(named), { cents: done.reduce((n, p) => n + p.total_cents, 0), currency: done[0]!.currency }, done.some((p) => p.payment_method === 'cod')));
  }

  // ---- return -----------------------------------------------------------------------------------------------------

  /** Why this item cannot be returned, and what can be done instead (a cancel, when it has not shipped). */
  async function cannotReturn(t: Turn, item: Item, returns: ReturnRequest[]): Promise<Reply> {
    const s = phrases(t);
    const state = stateOf(item, returns);
    await mention(t, [item]);
    const n = named(item);
    switch (state.kind) {
      case 'open':
        await conversations.wait(t.ref, { step: 'offer', action: 'cancel', item: ref(item) } satisfies Pending, t.locale);
        return say(s.notShippedOfferCancel(n, amountOf(item.part)));
      case 'shipped': return say(s.notDeliveredYet(n, sellerOf(item), item.window));
      case 'closed': return say(s.windowClosed(n, sellerOf(item), item.window, state.delivered, state.closed));
      case 'in-return': return say(s.returnOpen(n, state.request.id, state.request.status as 'requested' | 'approved'));
      case 'returned': return say(s.alreadyReturned(n, state.request.id));
      case 'cancelled': return say(s.cancelledNothingToReturn(n));
      case 'refunded': return say(s.alreadyRefunded(n, item.part.order_number));
      default: return returnItem(t, item, returns, '');
    }
  }

  /** One returnable item: how many (when more than one is left), why (unless the shopper said), then the proposal. */
  async function returnItem(t: Turn, item: Item, returns: ReturnRequest[], text: string): Promise<Reply> {
    const s = phrases(t);
    const state = stateOf(item, returns);
    if (state.kind !== 'returnable') return cannotReturn(t, item, returns);
    await mention(t, [item]);
    const declined = state.declined ? ` ${s.earlierDeclined(state.declined.decision_note)}` : '';
    // a count said with the request ('one of the two') before 'all' or 'both' ('…, I don't need both')
    const units = state.left === 1 ? 1 : unitsIn(text, state.left) ?? (ALL.test(readable(text)) ? state.left : null);
    // (a reason read from its words alone, with no 'because', is told in the clause that says it when there is one: 'the
    // bag has a torn strap, can I send it back?' keeps 'the bag has a torn strap')
    const read = text ? reasonIn(text) : null;
    const given = !text ? null : read && read.words !== text.trim() ? read : (await reasonBeside(item, text)) ?? read;
    if (units === null) {
      // the reason said with the request is kept for after the count
      await conversations.wait(t.ref, { step: 'units', item: ref(item), left: state.left, given } satisfies Pending, t.locale);
      return say(`${s.howMany(named(item), state.left)}${declined}`);
    }
    if (given) return proposeReturn(t, item, units, given.reason, given.words);
    await conversations.wait(t.ref, { step: 'reason', item: ref(item), units } satisfies Pending, t.locale);
    return say(`${s.why(s.list(RETURN_REASONS.map((r) => s.reasons[r])))}${declined}`);
  }

  /**
   * A reason told beside the request, in a clause of its own that says something of the item other than its name ('the
   * desk lamp flickers, can I return it?', «اللمبة تطفي وتشتغل، أبي أرجعها»): that clause, in the shopper's words. A
   * clause that only names the item, greets or thanks is no reason.
   */
  async function reasonBeside(item: Item, text: string): Promise<{ reason: ReturnReason; words: string } | null> {
    const clauses = text.split(/[,.;!?؟،\n]+|\s+(?:and|but|so)\s+/i).map((c) => c.trim()).filter(Boolean);
    if (clauses.length < 2) return null;
    for (const clause of clauses) {
      const r = readable(clause);
      if (RETURN_WORD.test(r) || CANCEL.test(r)) continue;
      const said = itemWords(clause).filter((w) => !deps.text.isStopword(w) && !GREETINGS.test(w));
      if (said.length === 0) continue;
      let other = false;
      for (const w of said) if ((await matchItems(deps, [item], w, { ownWordsOnly: true })).found.length === 0) other = true;
      if (other) return { reason: replyReason(clause, RETURN_REASONS), words: clause };
    }
    return null;
  }

  async function proposeReturn(t: Turn, item: Item, units: number, reason: ReturnReason, words: string): Promise<Reply> {
    const s = phrases(t);
    const quote = await deps.returns.refundQuote(t.ref.userId, item.part.id, item.line.id, units);
    if (!quote) return say(s.orderUnknown(item.part.order_number));
    const cod = item.part.payment_method === 'cod';
    const reason_text = words.trim().slice(0, 1000);
    await conversations.wait(t.ref, {
      step: 'confirm-return', item: ref(item), units, reason, reason_text, cod, refund_cents: quote.total_cents, currency: quote.currency,
    } satisfies Pending, t.locale);
    await mention(t, [item]);
    const refund = { cents: quote.total_cents, currency: quote.currency };
    return say(s.returnPropose(units, { name: item.name }, item.part.order_number, sellerOf(item), refund, cod, reason_text));
  }

  async function startReturn(t: Turn, number: string | undefined): Promise<Reply> {
    const s = phrases(t);
    const items = await recentItems(t, number);
    if (items === null) return say(s.orderUnknown(number!));
    if (items.length === 0) return say(s.noOrders);
    const match = await itemsAsked(items, number ? '' : t.message, RETURN_WORD);
    const { found } = match;
    if (match.words.length && found.length === 0) return say(s.notFound(match.words.join(' ')));
    const words = number ? [number] : match.words;
    const returns = await myReturns(t);
    const returnable = (list: Item[]) => list.filter((i) => stateOf(i, returns).kind === 'returnable');
    if (words.length === 0) {
      const can = returnable(found);
      if (can.length === 0) return say(s.nothingToReturn);
      return can.length === 1 ? returnItem(t, can[0]!, returns, t.message) : pickOne(t, 'return', can);
    }
    // an item named: its newest purchase; among several matches there, those that can be returned
    const newest = found[0]!.part.purchase_number;
    const pool = found.filter((i) => i.part.purchase_number === newest);
    if (pool.length === 1) return returnItem(t, pool[0]!, returns, t.message);
    const can = returnable(pool);
    if (can.length === 1) return returnItem(t, can[0]!, returns, t.message);
    if (can.length > 1) return pickOne(t, 'return', can);
    return cannotReturn(t, pool[0]!, returns);
  }

  async function confirmReturn(t: Turn, p: Extract<Pending, { step: 'confirm-return' }>): Promise<Reply> {
    const s = phrases(t);
    try {
      const r = await deps.returns.request(t.ref.userId, {
        order_id: p.item.order_id, line_id: p.item.line_id, units: p.units, reason: p.reason, reason_text: p.reason_text,
        // a cash-on-delivery order has no card to refund to: store credit, as the shopper was told before saying yes
        ...(p.cod ? { refund_method: 'store_credit' as const } : {}),
      }, t.actor);
      return say(s.returnOpened(r.id, { cents: p.refund_cents, currency: p.currency }));
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return say(s.actionFailed(err.message));
      throw err;
    }
  }

  // ---- which one ---------------------------------------------------------------------------------------------------

  async function pickOne(t: Turn, action: 'cancel' | 'return', options: Item[]): Promise<Reply> {
    const s = phrases(t);
    await mention(t, options);
    await conversations.wait(t.ref, { step: 'pick', action, options: options.map(ref) } satisfies Pending, t.locale);
    if (action === 'cancel') {
      const parts = [...new Map(options.map((i) => [i.part.id, i.part])).values()];
      const all = await itemsOf(deps, parts, t.locale);
      return say(s.cancelWhich(s.list(parts.map((p) => s.cancelOption(all.filter((i) => i.part.id === p.id).map(named), p.seller_name, amountOf(p))))));
    }
    return say(s.returnWhich(s.list(options.map((i) => s.returnOption(named(i), i.part.order_number, (stateOf(i, []) as { closes?: Date }).closes ?? new Date())))));
  }

  // ---- a person ------------------------------------------------------------------------------------------------------

  async function proposeHandoff(t: Turn): Promise<Reply> {
    await conversations.wait(t.ref, { step: 'confirm-handoff' } satisfies Pending, t.locale);
    return say(phrases(t).handoverPropose);
  }

  async function handoff(t: Turn): Promise<Reply> {
    const s = phrases(t);
    const transcript = [...t.history.slice(-TRANSCRIPT_LINES), { isBot: false, text: t.message }]
      .map((h) => `${h.isBot ? s.transcriptAssistant : s.transcriptShopper}: ${h.text.trim()}`).join('\n');
    const conversation = await deps.support.create(
      { userId: t.ref.userId, name: await deps.userName(t.ref.userId) },
      { subject: s.handoverSubject, message: `${s.handoverIntro}\n\n${transcript}`.slice(0, 10_000), priority: 'normal' },
    );
    return say(s.handoverDone(conversation.id));
  }

  // ---- the step waited on ---------------------------------------------------------------------------------------

  /**
   * The shopper's answer to the step this conversation waits on, or null when the message answers none (the step is
   * then dropped: nothing is ever done on a later, unrelated 'yes').
   */
  async function answer(t: Turn, p: Pending): Promise<Reply | null> {
    const s = phrases(t);
    const text = readable(t.message);
    const yes = YES.test(text);
    const no = NO.test(text);
    if (p.step === 'confirm-cancel' || p.step === 'confirm-return' || p.step === 'confirm-handoff' || p.step === 'offer') {
      if (no) {
        await conversations.clear(t.ref);
        return say(s.nothingChanged);
      }
      // a return offered and answered with a reason ('it won't stay in tune, I think it's faulty'): a yes with that
      // reason (decision 0188)
      const reasoned = !yes && p.step === 'offer' && p.action === 'return' && !ONLY_YES_OR_NO(t.message) && reasonIn(t.message) !== null;
      if (!yes && !reasoned) return text.split(' ').length <= 3 ? say(s.yesOrNo) : null;
      await conversations.clear(t.ref);
      if (p.step === 'confirm-cancel') return confirmCancel(t, p.parts);
      if (p.step === 'confirm-return') return confirmReturn(t, p);
      if (p.step === 'confirm-handoff') return handoff(t);
      const item = await itemOf(t, p.item);
      if (!item) return say(s.nothingChanged);
      const returns = await myReturns(t);
      if (p.action === 'cancel') return stateOf(item, returns).kind === 'open' ? proposeCancel(t, [item.part]) : cannotCancel(t, item, returns);
      return returnItem(t, item, returns, reasoned ? t.message : '');
    }
    // 'no longer needed' is a reason, not a no
    if (no && ONLY_YES_OR_NO(t.message)) {
      await conversations.clear(t.ref);
      return say(s.nothingChanged);
    }
    if (p.step === 'pick') {
      const options = (await Promise.all(p.options.map((o) => itemOf(t, o)))).filter((i): i is Item => i !== null);
      const n = replyNumber(t.message, 0);
      const { words, found } = await matchItems(deps, options, t.message);
      // a number picks the line of the list; for a cancel the list is of parts
      const parts = [...new Map(options.map((i) => [i.part.id, i])).values()];
      const byNumber = n !== null && n >= 1 ? (p.action === 'cancel' ? parts : options)[n - 1] : undefined;
      const chosen = byNumber ?? (words.length && found.length >= 1 && new Set(found.map((i) => i.part.id)).size === 1 ? found[0] : undefined);
      if (!chosen) return null;
      const returns = await myReturns(t);
      if (p.action === 'cancel') return stateOf(chosen, returns).kind === 'open' ? proposeCancel(t, [chosen.part]) : cannotCancel(t, chosen, returns);
      return returnItem(t, chosen, returns, '');
    }
    const item = await itemOf(t, p.item);
    if (!item) return null;
    if (p.step === 'units') {
      const n = replyNumber(t.message, p.left);
      if (n === null) return null;
      if (n < 1 || n > p.left) return say(s.unitsInvalid(p.left));
      const given = reasonIn(t.message) ?? p.given;
      if (given) return proposeReturn(t, item, n, given.reason, given.words);
      await conversations.wait(t.ref, { step: 'reason', item: p.item, units: n } satisfies Pending, t.locale);
      return say(s.why(s.list(RETURN_REASONS.map((r) => s.reasons[r]))));
    }
    // the reason: a number of the list, or the shopper's own words, kept on the return; a bare yes or no is none
    if (ONLY_YES_OR_NO(t.message)) return say(s.why(s.list(RETURN_REASONS.map((r) => s.reasons[r]))));
    const listed = /^\s*(\d)\s*[.)]?\s*$/.test(text);
    return proposeReturn(t, item, p.units, replyReason(t.message, RETURN_REASONS), listed ? '' : t.message);
  }

  return { startCancel, startReturn, proposeHandoff, answer };
}
