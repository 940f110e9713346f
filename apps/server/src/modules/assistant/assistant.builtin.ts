import type { Product } from '@souq/shared/api/catalogue';
import { isCartCommand, parseQuantity } from '@souq/shared/rules/chat-commands';
import type { SearchService } from '../search/search.service.js';
import { searchPhraseIn, type Toolbox } from './assistant.tools.js';
import { isOrderQuestion, orderReply, policyReply, policyTopics } from './assistant.shop.js';
import { USUAL_DELIVERY_TIME, readable } from './assistant.aftersales-words.js';
import {
  CHEAPER, CHEAPEST, THE_CHEAPER, COMPARE, PRICIEST, FEATURE_Q, GIFT, GREETING, HELP, isOffTopic, PEOPLE_WORDS, PRICE_Q, PRONOUN, REFERS_BACK, ASKS_OF, JUDGEMENT, WANT_IN_CART,
  PURCHASE, QUESTION_WORDS, RATING_Q, REF, SHOPPING, SIMILAR, SPEC_Q, STOCK_Q, TAKE_IT, TELL, THANKS, WORTH, boldNames,
  budgetPhrases, coloursOnly, EXISTS, ADD_IT, ASKS_THE_SHOP, ORDINAL_REF, WHICH_ONE, countWished, cartAsked, ANOTHER_THING, ANOTHER_THING_AR,
} from './assistant.words.js';
import { arabicSpelling, readArabic } from './assistant.arabic.js';
import { phrasesFor } from './assistant.phrases.js';
import { isNeed, isPurpose, ownThingsTold, namesKindInPlural, namesNoKind, needFunctions, readNegation, standardArabic } from './assistant.understanding.js';
import { CATEGORIES_Q, PRICE_HISTORY_Q, REVIEWS_Q, categoriesReply, isCircumstance, notSoldKinds, notSoldReply, priceHistoryReply, reviewsReply, sameDepartment, topN, topOfKind } from './assistant.prepurchase.js';
import { createProductAnswers, type Reply } from './assistant.product-answers.js';
import { createSearchReplies, headedDepartment } from './assistant.search-reply.js';
import { nameHeads } from './assistant.needs.js';
import { listingText, measuresAsked } from './assistant.listing-says.js';
import { DEALS_Q, dealsReply, withoutDealWords } from './assistant.deals.js';
import { tellsSituation } from './assistant.told.js';
import { mediaNamed, namesAKind, otherWords, serviceAsked, withoutMedium } from './assistant.offtopic.js';

export { boldNames } from './assistant.words.js';

// The built-in assistant: deterministic and offline. It reads the intent and the entities of a message
// (products by name, the context product, locked products, products named earlier, brands and categories
// through search, budgets, quantities, comparisons), calls the tools, and writes an answer from their facts.
// This file decides which answer a message gets; the answers about identified products are in
// assistant.product-answers.ts, the ones that search the catalogue in assistant.search-reply.ts.

export type BuiltinInput = {
  message: string;
  contextId: number | null;
  lockedIds: number[];
  /** the last messages, oldest first */
  history: { isBot: boolean; text: string }[];
  /** The cart as the storefront holds it (ids and quantities; prices are the catalogue's), when it sent one. */
  cart?: { product_id: number; quantity: number }[];
};

/** A price reading that holds an amount, either bound. */
const saysAmount = (price: { minCents?: number; maxCents?: number }) => price.minCents !== undefined || price.maxCents !== undefined;

export function createBuiltinAssistant(deps: { search: SearchService }) {
  const { search } = deps;

  /** Content words of a message: what is left after question words, stop words and price phrases. */
  function contentWords(text: string): string[] {
    const { tokenize, isStopword } = search.text;
    return tokenize(text).filter((t) => !QUESTION_WORDS.has(t) && !PEOPLE_WORDS.has(t) && !isStopword(t));
  }
  const { describe, worth, similar, onlyOneCalled, oneCalledAmong, feature, saysOf, purchase, facts, compare } = createProductAnswers({ search, contentWords });
  const { searchReply, isRuledOut, needReply, offTopic, giftIdeas, greeting, inColour, loanwordsRead } = createSearchReplies({ search, contentWords });

  /** 'the cheaper one', 'the second one': picks from the products on the table (locked, else the last listed). */
  function pickReference(msg: string, pool: Product[]): Product | null {
    if (pool.length === 0) return null;
    const byPrice = [...pool].sort((a, b) => a.price_cents - b.price_cents);
    const m = msg.toLowerCase();
    // 'the cheapest', 'which of those costs the least?' (CHEAPEST and PRICIEST read the price said with the verb too)
    if (/\b(cheaper|less expensive)\b/.test(m) || CHEAPEST.test(m)) return byPrice[0]!;
    if (/\b(more expensive|pricier)\b/.test(m) || PRICIEST.test(m)) return byPrice[byPrice.length - 1]!;
    if (/\b(better rated|higher rated|best rated|top rated)\b/.test(m)) return [...pool].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0))[0]!;
    if (/\bsecond\b/.test(m)) return pool[1] ?? null;
    if (/\bthird\b/.test(m)) return pool[2] ?? null;
    if (/\blast\b/.test(m)) return pool[pool.length - 1]!;
    if (/\bfirst\b/.test(m)) return pool[0]!;
    return null;
  }

  /** Of the products on the table, the only one whose own listing (both languages) says most of the asked words; null on a tie. */
  function theOneThatSays(pool: Product[], words: string[]): Product | null {
    const { analyze } = search.text;
    const asked = [...new Set(words.flatMap((w) => analyze(w)))];
    const said = pool.map((p) => {
      const own = new Set(analyze(listingText(p)));
      return asked.filter((st) => own.has(st)).length;
    });
    const best = Math.max(...said);
    return best > 0 && said.filter((n) => n === best).length === 1 ? pool[said.indexOf(best)]! : null;
  }

  /** Does p's listing answer one of the situations the text tells (every word of one of its remedies)? True when it tells none. */
  function answersSituation(p: Product, text: string): boolean {
    const fns = needFunctions(text);
    if (fns.length === 0) return true;
    const { analyze } = search.text;
    const own = new Set(analyze(listingText(p)));
    return fns.some((t) => {
      const st = analyze(t);
      return st.length > 0 && st.every((x) => own.has(x));
    });
  }

  /** Does the message say an amount ('under 300', 'for less than 1000')? */
  function hasAmount(msg: string): boolean {
    return saysAmount(search.text.extractPrice(msg));
  }
  /** Does the message say a budget or a price wish ('under 300', 'cheap')? (the price read once) */
  function hasPrice(msg: string): boolean {
    const price = search.text.extractPrice(msg);
    return saysAmount(price) || price.intent !== null;
  }

  /** Do the words name a kind p is not: none of them is p's head, one heads other listings' names? */
  async function namesAnotherKind(p: Product, words: string[], tools: Toolbox): Promise<boolean> {
    const { analyze } = search.text;
    const own = new Set(nameHeads(p).flatMap((h) => analyze(h)));
    if (words.some((w) => analyze(w).some((st) => own.has(st)))) return false;
    for (const w of words) if (!namesNoKind(w) && (await tools.namesSoldKind(w))) return true;
    return false;
  }

  /** Do the words name a kind of another department than p's: a word that heads the names of listings elsewhere? */
  async function namesOtherKind(words: string[], p: Product, tools: Toolbox): Promise<boolean> {
    if (words.length === 0) return false;
    const { items } = await tools.searchProducts({ query: words.join(' '), limit: 10 });
    const department = headedDepartment(items, words, search.text.analyze);
    return department !== null && department !== p.category;
  }

  /**
   * Is p named only by a word that names no kind ('أجهزة للبيت الذكي', devices for the smart home, shares only «جهاز» with
   * «جهاز ألعاب Nexus 5»)? When every product found is, the request asks for what its other words name, not for them
   * (decision 0205); beside a product its words do name, they stay as they were read.
   */
  function namedByFillerOnly(p: Product, words: string[]): boolean {
    const { analyze } = search.text;
    const own = new Set(analyze(`${p.name} ${p.name_ar}`));
    const shared = words.filter((w) => analyze(w).some((st) => own.has(st)));
    return shared.length > 0 && shared.every((w) => namesNoKind(w));
  }

  const self = {
    async reply(input: BuiltinInput, tools: Toolbox): Promise<Reply> {
      // an Arabic message is read through its intent phrases (assistant.arabic.ts); the answer is in the reader's language
      // Gulf words in the Modern Standard Arabic the catalogue writes ('الماي' → 'الماء')
      const heard = new Map<string, string>();
      let msg = await loanwordsRead(standardArabic(budgetPhrases(readArabic(input.message.trim()))).replace(/\s+/g, ' ').trim(), heard);
      const say = phrasesFor(tools.locale, tools.departmentsAr);
      // an Arabic answer writes the shopper's words as they wrote them (this message or earlier in the chat), a loanword
      // read as the catalogue's English ('كيبورد' → keyboard) too
      const own = tools.locale === 'ar' ? arabicSpelling(input.message, ...input.history.map((h) => h.text)) : (w: string) => w;
      const spell = tools.locale === 'ar' ? (w: string) => own(heard.has(w) ? heard.get(w)! : w) : own;
      let words = contentWords(search.text.extractPrice(msg).text);
      const context = input.contextId ? await tools.getProduct(input.contextId) : null;
      const locked = input.lockedIds.length ? await tools.products(input.lockedIds) : [];
      let recentMemo: Product[] | null = null;
      const recent = async () => (recentMemo ??= await tools.findExact(boldNames(input.history)));

      if (GREETING.test(msg) && words.length === 0) return greeting(tools);
      if (THANKS.test(msg) && words.length === 0) return { response: say.thanks, suggestedSearch: null };
      if (HELP.test(msg) && words.length === 0) return greeting(tools);

      // the shopper's own cart ('what's in my cart?', «كم مجموع السلة», 'take the kettle out of my cart'): the lines the
      // storefront sent at the catalogue's prices, never a product search for 'cart' (decision 0194)
      const aboutCart = cartAsked(readable(input.message));
      if (aboutCart === 'change') return { response: say.cartChangeThere, suggestedSearch: null };
      if (aboutCart === 'view') {
        if (!input.cart) return { response: say.cartUnseen, suggestedSearch: null };
        const inCart = await tools.products(input.cart.map((l) => l.product_id));
        const lines = input.cart.flatMap((l) => inCart.filter((p) => p.id === l.product_id).map((p) => ({ p, qty: l.quantity })));
        if (lines.length === 0) return { response: say.cartEmptyHere, suggestedSearch: null };
        for (const { p } of lines) tools.mention(p.id, 'mention');
        const cents = lines.reduce((sum, { p, qty }) => sum + p.price_cents * qty, 0);
        return { response: say.cartLines(lines.map(({ p, qty }, i) => say.cartLine(p, qty, i)).join('\n'), cents, lines[0]!.p.currency), suggestedSearch: null };
      }

      // the shopper's own orders, before anything else reads "order" or "delivered" as shopping words
      // (how long delivery usually takes is the shop's shipping rule, not one of the shopper's orders: decision 0188)
      if (USUAL_DELIVERY_TIME(readable(input.message))) return policyReply(['shipping'], tools, null);
      if (isOrderQuestion(msg)) return orderReply(msg, tools);
      if (CATEGORIES_Q.test(msg)) return categoriesReply(tools);

      // 'any deals on headphones?', «هل في عروض على السماعات؟»: the deals running on that kind (or on the product in question)
      if (DEALS_Q.test(msg)) {
        const kindText = withoutDealWords(search.text.extractPrice(msg).text);
        const kindWords = contentWords(kindText);
        const r = await dealsReply({ words: kindWords, label: kindWords.map(spell).join(' '), product: context ?? (await recent())[0] ?? null }, tools);
        if (r) return r;
      }

      // what the shopper rules out ('not for gaming', 'no soundbar', 'مو للقيمنق', 'بدون زيت') names no product and is
      // searched for by no one: read apart, applied to what is found
      // (a negation the catalogue names products by — «كاميرا بدون مرآة» is mirrorless, 'non-slip' a mat's — is an
      // attribute asked for, searched as written, as the search box reads it: decision 0205)
      let negation = readNegation(msg);
      if (negation.excluded.length && (await search.namesAbsence(negation.excluded))) negation = { text: msg, excluded: [], freeOf: [] };
      if (negation.excluded.length) {
        msg = negation.text;
        words = contentWords(search.text.extractPrice(msg).text);
      }

      // a product the shopper ruled out is not the one they name ('حذاء رياضي غير جلدي' names no leather sneaker)
      let named = words.length ? (await tools.findNamed(msg)).filter((p) => !isRuledOut(p, negation)) : [];
      // (products all named by a word that names no kind are not named: decision 0205)
      if (named.every((p) => namedByFillerOnly(p, words))) named = [];
      // a question with a sentence about it ('is the boomcube waterproof? planning to use it by the pool'): the product is
      // named in the sentence that asks (decision 0191)
      const sentences = msg.split(/(?<=[?؟!.])\s+/).filter((c) => c.trim() !== '');
      const asking = sentences.find((c) => /[?؟]\s*$/.test(c));
      if (named.length === 0 && words.length && sentences.length >= 2 && asking) named = (await tools.findNamed(asking)).filter((p) => !isRuledOut(p, negation));

      // 'add the cheaper one to my cart', 'I'll take it': the product named, else the one referred to, else in view
      // ('I want two, one for me and one for my mum': a count wished for is of the product in question, whatever listing a
      // unit word happens to name — «حبات» is no three-pack; decision 0194)
      const qtyWished = countWished(msg);
      const counted = qtyWished !== null ? context ?? (await recent())[0] ?? null : null;
      if (counted && qtyWished !== null) {
        const r = tools.addToCart(counted, qtyWished);
        return { response: r.in_stock ? say.msg.addedToCart(qtyWished, say.name(counted)) : counted.stock > 0 ? say.onlyInStock(counted, qtyWished) : say.soldOut(counted), suggestedSearch: null };
      }
      if (isCartCommand(msg) || TAKE_IT.test(msg) || ADD_IT.test(msg) || (named.length > 0 && WANT_IN_CART.test(msg))) {
        const referred = !named.length && REF.test(msg) ? pickReference(msg, locked.length >= 2 ? locked : await recent()) : null;
        // 'add three of it' after a list with nothing selected: 'it' is the product the last answer put first, as for
        // 'is it waterproof?'
        const p = named[0] ?? referred ?? (words.length ? (await onlyOneCalled(words, tools)) ?? oneCalledAmong(words, await recent()) : null) ?? context
          ?? (/\b(?:it|this|that|them|those|these)\b/i.test(msg) ? (await recent())[0] ?? null : null);
        if (!p) return { response: say.msg.productNotFoundInChat, suggestedSearch: null };
        const qty = parseQuantity(msg, p.name);
        const r = tools.addToCart(p, qty);
        return {
          // the storefront adds it on the add_to_cart action, so the reply is the spec's confirmation
          response: r.in_stock ? say.msg.addedToCart(qty, say.name(p)) : p.stock > 0 ? say.onlyInStock(p, qty) : say.soldOut(p),
          suggestedSearch: null,
        };
      }

      // 'has this been cheaper?' and 'what do buyers say?': the price log and the reviews of the product in question
      if (PRICE_HISTORY_Q.test(msg) || REVIEWS_Q.test(msg)) {
        const p = named[0] ?? context ?? (locked.length === 1 ? locked[0]! : null) ?? (await recent())[0] ?? null;
        if (p) return PRICE_HISTORY_Q.test(msg) ? priceHistoryReply(p, tools) : reviewsReply(p, msg, tools);
      }

      // the shop's rules (shipping, tax, payment, returns) come from its own data, not from a product search
      const asked = policyTopics(msg, { productInQuestion: named.length > 0 || context !== null });
      if (asked.length) return policyReply(asked, tools, named[0] ?? context);

      // 'anything cheaper?', 'فيه أرخص منها؟': cheaper products like the one in question (not a pick among those shown);
      // what it is for may be said too ('anything cheaper for school?', «أرخص منه للجامعة»): a purpose names no other kind
      // (decision 0184)
      const onlyPurpose = words.every((w) => isPurpose(w) || namesNoKind(w) || isCircumstance(w, msg));
      // ('the cheaper one', 'the cheaper of the two' name one of those shown: the pick below)
      // (what else is said — 'that's still good for uni', «أقدر ألعب عليه» — asks for the same kind unless a word of it heads
      // listings of another department, as the catalogue's own names say: decision 0191)
      if (CHEAPER.test(msg) && !CHEAPEST.test(msg) && !THE_CHEAPER.test(msg) && named.length === 0 && (EXISTS.test(msg) || (await recent()).length <= 1)) {
        const p = context ?? (locked.length === 1 ? locked[0]! : null) ?? (await recent())[0] ?? null;
        if (p && (onlyPurpose || !(await namesOtherKind(words, p, tools)))) return similar(p, tools, { cheaper: true });
      }

      // 'anything cheaper than the KeyNote 88?', «فيه أرخص من البيانو KeyNote 88؟»: cheaper products like the one named
      // (decision 0202)
      if (CHEAPER.test(msg) && /\bthan\s+(?!\d)/i.test(msg) && !hasAmount(msg) && named.length === 1) return similar(named[0]!, tools, { cheaper: true });

      // 'in red?', 'عندكم كحلي؟': what was just shown or asked for, in that colour
      const colours = named.length === 0 ? coloursOnly(words) : null;
      if (colours) {
        const r = await inColour(colours, input, context, tools, spell);
        if (r) return r;
      }

      // 'which one has sun protection?', «أي وحدة فيها …»: of the products on the table, the one whose own listing says it
      // (decision 0191)
      // (whatever else its words name: 'sun protection' is not a question about sunglasses)
      if (WHICH_ONE.test(msg) && words.length > 0 && !/\b(?:compare|comparison|versus|vs|difference|better|best)\b/i.test(msg) && !REF.test(msg)) {
        const pool = locked.length >= 2 ? locked : await recent();
        const p = pool.length >= 2 ? theOneThatSays(pool, words) : null;
        if (p) {
          tools.focus(p);
          const other = pool.filter((x) => x.id !== p.id);
          for (const o of other) tools.mention(o.id, 'mention');
          return { response: say.thatIs(p, other), suggestedSearch: null };
        }
      }
      // 'and the cheaper one?', 'the second one': products already on the table (locked, else the last listed)
      // (an ordinal with a question about it — 'the third one, how long does its battery last?', «الثاني وش مواصفاته؟» —
      // is that one's question: decision 0191)
      const ordinal = ORDINAL_REF.test(msg) && named.length === 0 && words.length > 0;
      if (REF.test(msg) && named.length === 0 && (words.length === 0 || ordinal)) {
        const pool = locked.length >= 2 ? locked : await recent();
        const p = ordinal && pool.length < 2 ? null : pickReference(msg, pool);
        if (p && ordinal) {
          const r = ASKS_OF.test(msg) || FEATURE_Q.test(msg) ? saysOf(p, msg, words, tools) : null;
          if (r) return r;
        }
        if (p) {
          if (WORTH.test(msg)) return worth(p, tools);
          if (PRICE_Q.test(msg) || STOCK_Q.test(msg) || RATING_Q.test(msg) || SPEC_Q.test(msg)) return facts(p, msg, tools);
          if (FEATURE_Q.test(msg)) return feature(p, msg, tools, spell);
          if (TELL.test(msg)) return describe(p, tools, msg);
          tools.focus(p);
          const other = pool.filter((x) => x.id !== p.id);
          for (const o of other) tools.mention(o.id, 'mention');
          return { response: say.thatIs(p, other), suggestedSearch: null };
        }
      }

      // two products named with 'or' / 'vs' are a comparison even without the word
      if (named.length >= 2 && !COMPARE.test(msg) && /\b(or|vs\.?|versus)\b/i.test(msg)) return compare(named, msg, tools);
      if (COMPARE.test(msg)) {
        // 'compare the two cheapest X': X's products ordered as asked
        const top = topN(msg);
        const kindOf = (text: string) => contentWords(search.text.extractPrice(text).text).join(' ');
        if (top && kindOf(top.rest)) {
          const list = await topOfKind(kindOf(top.rest), top.order, top.n, tools);
          if (list.length >= 2) return compare(list, msg, tools);
        }
        // value weighs a price against its own department's prices: compared within one department (decision 0102)
        const valueQ = /\bvalue\b/i.test(msg);
        const oneDepartment = (list: Product[]) => {
          const same = list.filter((p) => p.category === list[0]!.category);
          return same.length >= 2 ? same.slice(0, 3) : list.slice(0, 3);
        };
        let pool: Product[] = [];
        if (named.length >= 2) pool = named;
        else if (locked.length >= 2) pool = locked;
        else if (named.length === 1 && context && named[0]!.id !== context.id) pool = [context, named[0]!];
        else if (named.length === 1 && locked.length === 1 && named[0]!.id !== locked[0]!.id) pool = [locked[0]!, named[0]!];
        else if ((await recent()).length >= 2) pool = valueQ ? oneDepartment(await recent()) : (await recent()).slice(0, 3);
        if (pool.length >= 2) return compare(pool, msg, tools);
        // 'which is better, the soundcore or the aura?': each side of the 'or' names its own product (decision 0188)
        const sides = msg.replace(/[?؟!.]+\s*$/, '').split(/\s+(?:or|vs\.?|versus)\s+/i);
        if (sides.length === 2 && named.length < 2) {
          const side = async (text: string) => (await tools.findNamed(text, 1))[0] ?? (contentWords(text).length ? await onlyOneCalled(contentWords(text), tools) : null);
          const [a, b] = await Promise.all([side(sides[0]!.split(/[,:;]/).at(-1)!), side(sides[1]!)]);
          if (a && b && a.id !== b.id) return compare([a, b], msg, tools);
        }
        // a kind or department compared ('compare your cameras', «قارن بين الكاميرات»): its first listings, within one
        // department (decision 0188; value alone was read so before)
        // (the department the words name, in either language: «الكاميرات» names Cameras, not the phones whose bullets say
        // camera)
        if (valueQ && words.length) {
          const list = await sameDepartment(words.join(' '), tools);
          if (list.length >= 2) return compare(list, msg, tools);
        }
        if (words.length && named.length === 0) {
          const asked = new Set(words.flatMap((w) => search.text.analyze(w)));
          const { items } = await tools.searchProducts({ query: words.join(' '), limit: 10 });
          const inNamed = items.filter((p) => search.text.analyze(`${p.category} ${tools.departmentsAr?.get(p.category) ?? ''}`).some((s) => asked.has(s)));
          if (inNamed.length >= 2) return compare(inNamed.slice(0, 3), msg, tools);
        }
        if (words.length === 0) {
          return { response: say.whichTwo, suggestedSearch: null };
        }
      }

      // 'what's in the box?', 'what is it made of?', «وش يجي معه؟», «خامته ايش؟»: the passages of the product in question's own
      // listing that name its parts or its material, else what its listing does say — never a search for 'box' (decision
      // 0194); ('does it come with a case?' keeps the yes/no answer below)
      if (measuresAsked(msg).some((m) => m === 'contents' || m === 'material') && !FEATURE_Q.test(msg) && !COMPARE.test(msg) && !/\b(?:something|anything)\b/i.test(msg)) {
        const inQuestion = named.length === 1 && !PRONOUN.test(msg) ? named[0]! : context ?? (locked.length === 1 ? locked[0]! : null) ?? (await recent())[0] ?? null;
        if (inQuestion) return saysOf(inQuestion, msg, words, tools) ?? describe(inQuestion, tools, msg);
      }

      // a question of what the product in question says ('how long does it take to put up?', «كم وزن الدرون؟», 'what's the
      // heel drop on these'): the passages of its own listing that say it (decision 0188); the price, stock, rating and
      // 'does it have' questions keep their own answers
      // (a judgement — 'is the battery good?', «الكاميرا زينة؟» — is what buyers say: the reviews, not the listing)
      // (not 'and something to light my face on calls?': another product asked for; decision 0191)
      if (words.length > 0 && ASKS_OF.test(msg) && !/\b(?:something|anything)\b/i.test(msg) && !JUDGEMENT.test(msg) && !COMPARE.test(msg) && !PRICE_Q.test(msg) && !STOCK_Q.test(msg) && !RATING_Q.test(msg) && !FEATURE_Q.test(msg) &&
        !WORTH.test(msg) && !SIMILAR.test(msg) && !PURCHASE.test(msg)) {
        // (the one named, else the one selected, also when the words match it among others: «فاتورة الكهرباء» is the
        // thermostat's and a lantern's)
        const inQuestion = named.length === 1 ? named[0]! : named.length === 0
          ? context ?? (locked.length === 1 ? locked[0]! : null) ?? (REFERS_BACK.test(msg) ? (await recent())[0] ?? null : null)
          : named.find((p) => p.id === context?.id) ?? null;
        const r = inQuestion ? saysOf(inQuestion, msg, words, tools) : null;
        if (r) return r;
      }

      // a service or media asked ('what is 15% of 240', 'recommend me a movie to watch', «ترجم …»), not a product: steered
      // back to shopping unless another of its words names a kind the catalogue sells (decision 0201)
      // (the shopper's own words are read for a kind only when the message names a service or a medium)
      const kindRead = { catalogueWord: (w: string) => search.catalogueWord(w), namesSoldKind: (w: string) => tools.namesSoldKind(w), namesNoKind };
      const namesSoldKindBeside = () => namesAKind(otherWords(contentWords(readable(input.message))), kindRead);
      if (serviceAsked(input.message) && !(await namesSoldKindBeside())) return offTopic(tools);
      // a kind of product the shop does not sell ('washing machine', even if an espresso machine shares a word): say
      // so and name the nearest departments, not unrelated products
      const asksAboutOne = WORTH.test(msg) || SIMILAR.test(msg) || PURCHASE.test(msg) || PRICE_Q.test(msg) || STOCK_Q.test(msg) ||
        RATING_Q.test(msg) || SPEC_Q.test(msg) || TELL.test(msg) || (FEATURE_Q.test(msg) && !ASKS_THE_SHOP.test(msg) && (named.length > 0 || context !== null));
      // a situation told in a sentence of one's own ('my labrador is 12 now and he limps when he gets up', «أتأخر في الدوام
      // وقطتي تجوع»): what the listings say answers it, before its words are read as a product's name or a kind not sold
      // (a question about a product, a gift or a budget keeps its own reading; decision 0202)
      // (a sentence that names one of our products by name is about it: «وش يقولون اللي اشتروا ماكينة Brewmaster؟»)
      if (!asksAboutOne && named.length === 0 && !GIFT.test(msg) && !hasPrice(msg) && !isOffTopic(msg) && tellsSituation(input.message, msg, words)) {
        const r = await needReply(msg, words, negation, tools, spell, input.message);
        if (r) return r;
      }
      if (!asksAboutOne && words.length) {
        const missingKinds = await notSoldKinds(msg, tools, words);
        if (missingKinds) return notSoldReply(missingKinds, tools, spell);
      }

      // a question about one product: the one named, else the one in context (when the message names nothing else)
      const productQuestion = WORTH.test(msg) || SIMILAR.test(msg) || PURCHASE.test(msg) || PRICE_Q.test(msg) || STOCK_Q.test(msg) ||
        RATING_Q.test(msg) || SPEC_Q.test(msg) || TELL.test(msg);
      // (a word of its name in either language, as the search reads it: «الدرون» is the drone of «طائرة درون»)
      const contextCovers = (p: Product | null) => {
        if (!p) return false;
        const own = new Set(search.text.tokenize(`${p.name} ${p.brand} ${p.category}`));
        const stems = new Set(search.text.analyze(`${p.name} ${p.name_ar} ${p.brand} ${p.category}`));
        return words.every((w) => own.has(w) || search.text.analyze(w).every((s) => stems.has(s)));
      };
      // 'the cheapest headphones, how much?', «أرخص سماعة رأس كم سعرها؟»: a superlative with a kind asks which of the kind,
      // not about the one listing its words happen to name (decision 0191)
      const superlative = (CHEAPEST.test(msg) || PRICIEST.test(msg)) && words.length > 0;
      let target = superlative ? null : named[0] ?? (contextCovers(context) ? context : null) ?? (locked.length === 1 && contextCovers(locked[0]!) ? locked[0]! : null);
      // 'is it waterproof?': the product selected, else the one the last answer put first
      // ('do they work with Alexa?' after a list: the first of them, as 'it' is; decision 0198)
      if (!target && (PRONOUN.test(msg) || /^(?:do|does|are|can|will)\s+(?:they|these|those)\b/i.test(msg)) && (productQuestion || FEATURE_Q.test(msg))) target = context ?? (await recent())[0] ?? null;
      if (target && FEATURE_Q.test(msg) && !PRICE_Q.test(msg) && !STOCK_Q.test(msg)) return feature(target, msg, tools, spell);
      if (productQuestion && target) {
        if (WORTH.test(msg)) return worth(target, tools);
        if (SIMILAR.test(msg)) return similar(target, tools, { cheaper: CHEAPER.test(msg) });
        if (PURCHASE.test(msg)) return purchase(target, tools);
        if (PRICE_Q.test(msg) || STOCK_Q.test(msg) || RATING_Q.test(msg) || SPEC_Q.test(msg)) return facts(target, msg, tools);
        return describe(target, tools, msg);
      }
      if (productQuestion && words.length === 0) {
        return { response: say.whichProduct, suggestedSearch: null };
      }
      // a need that happens to share a word with a product's name ('I can't see in the tent at night') asks what would help,
      // not about that product
      // (also a sentence about something of the shopper's own that asks for nothing — 'my dog's breath smells', «شعري يصير
      // منفوش» — tells a situation: decision 0188)
      const needed = isNeed(msg) || needFunctions(msg).length > 0 || (ownThingsTold(input.message).length > 0 && !SHOPPING.test(msg));
      if (named.length === 1 && words.length > 0 && !SHOPPING.test(msg) && !isOffTopic(msg) && search.text.extractPrice(msg).maxCents === undefined && !isNeed(msg) &&
        // a price word asks for the kind, cheapest or dearest first, not about the one product its words name
        search.text.extractPrice(msg).intent === null &&
        // so does the kind in the plural ('smartwatches', «ساعات ذكية»)
        !namesKindInPlural(msg, named[0]!) &&
        // and a kind other listings are named by, when the one found shares only a describing word with it («ساعة رياضية»
        // is a sports watch, not the sneakers whose name says «رياضي»; decision 0191)
        !(await namesAnotherKind(named[0]!, words, tools)) &&
        // nor a product a situation's words happen to name when its listing answers none of the situation told («نطبخ
        // لعائلة من ٦ أشخاص ونبي نقلل الزيت» names a tent for four people; the fryer says less oil: decision 0198)
        answersSituation(named[0]!, msg)) {
        // just a product's name
        return describe(named[0]!, tools, msg);
      }

      const price = search.text.extractPrice(msg);
      const hasBudget = price.minCents !== undefined || price.maxCents !== undefined || price.intent !== null;
      // chit-chat, even when it happens to name a product ('who won the football match?')
      // (a flight or a hotel where a need is felt — 'a 14 hour flight with crying babies' — is that need's situation: decision 0191)
      // (a medium a product named is for — 'a monitor to watch movies on', «شاشة أشوف عليها أفلام» — asks for that product,
      // the Arabic reading's chit-chat mark no word of it: decision 0201)
      const mediaFor = isOffTopic(msg) && mediaNamed(input.message) && (await namesSoldKindBeside());
      if (mediaFor) {
        msg = withoutMedium(msg.replace(/\bweather\b/g, ' '));
        words = contentWords(search.text.extractPrice(msg).text);
      }
      if (!mediaFor && isOffTopic(msg) && !SHOPPING.test(msg) && !(/\b(?:flights?|hotels?|taxis?|cabs?|restaurants?)\b/i.test(msg) && needFunctions(msg).length > 0)) return offTopic(tools);
      // a need, not a product ('something to keep my drinks cold'): what listings say products do
      if (!hasBudget && words.length > 0 && needed) {
        // ('and something to light my face on calls?' after a webcam: something else, so not what is on the table)
        const another = ANOTHER_THING.test(msg) || ANOTHER_THING_AR.test(readable(input.message));
        const shown = another ? new Set([...(context ? [context.id] : []), ...(await recent()).map((p) => p.id)]) : undefined;
        const r = await needReply(msg, words, negation, tools, spell, input.message, shown);
        if (r) return r;
      }
      if (words.length === 0 && hasBudget) {
        // 'بأقل من ٢٠٠ درهم', 'under 300?' right after a request that was answered by a search: that request again, with
        // this budget (a gift, a need, a department keep what they meant, not only the words the search was given)
        const at = input.history.length - 2;
        const before = input.history[at];
        if (input.history[at + 1]?.isBot && searchPhraseIn(input.history[at + 1]!.text) && before && !before.isBot) {
          const earlier = standardArabic(budgetPhrases(readArabic(before.text.trim())));
          const p = search.text.extractPrice(earlier);
          if (p.minCents === undefined && p.maxCents === undefined && !isOrderQuestion(earlier)) {
            return self.reply({ ...input, message: `${before.text.trim()} ${input.message.trim()}`, history: input.history.slice(0, at) }, tools);
          }
        }
        // 'anything under 600?' narrows the last search: its words, this budget
        const last = [...input.history].reverse().find((m) => m.isBot && searchPhraseIn(m.text));
        const topic = last ? contentWords(search.text.extractPrice(readArabic(searchPhraseIn(last.text)!)).text).join(' ') : '';
        if (topic) return searchReply(`${topic} ${msg}`, tools, { shopping: true, spell, negation });
      }
      if (words.length > 0 || hasBudget) {
        // 'tell me about the zorblax 9000': a product question naming something we do not have
        const missing = productQuestion && !SIMILAR.test(msg) ? words.map(spell).join(' ') : undefined;
        return searchReply(msg, tools, { notFoundName: missing, shopping: SHOPPING.test(msg), spell, negation, plural: named.length === 1 && namesKindInPlural(msg, named[0]!) });
      }
      if (GIFT.test(msg)) return giftIdeas(tools, undefined, negation);
      return SHOPPING.test(msg) ? greeting(tools) : offTopic(tools);
    },
  };
  return self;
}

