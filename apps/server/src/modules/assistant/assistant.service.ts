import { randomUUID } from 'node:crypto';
import type { ChatResponse } from '@souq/shared/api/assistant';
import { CHAT_HISTORY_SENT } from '@souq/shared/constants';
import type { ChatMonitorService } from '../chat-monitor/chat-monitor.service.js';
import type { SearchService } from '../search/search.service.js';
import { createBuiltinAssistant, type BuiltinInput } from './assistant.builtin.js';
import { createModelAssistant, type ModelConfig } from './assistant.model.js';
import { createToolbox, type AssistantDeps, type OrdersReader } from './assistant.tools.js';
import { isArabicMessage } from './assistant.arabic.js';
import type { Aftersales } from './assistant.aftersales.js';
import type { Locale } from '@souq/shared/rules/locale';
import { messagesFor } from '@souq/shared/messages-for';
import { SYSTEM_ACTOR, type Actor } from '../../platform/audit.js';
import type { CouponCheck } from '@souq/shared/api/promotions';
import { couponReply, readCouponCode, type CartLineIn } from './assistant.coupon.js';

export type AssistantService = ReturnType<typeof createAssistantService>;

export type ChatInput = {
  message: string;
  productContext?: { id: number | string; name?: string } | null;
  conversationHistory?: { isBot: boolean; text: string }[];
  lockedProductIds?: number[];
  sessionId?: string;
  conversationId?: string;
  /** The storefront's cart lines, for a coupon code typed in the chat. */
  cart?: CartLineIn[];
};

/** An answer before it is stored: the reply, the products it names and the search it asks for. */
type Answer = Omit<ChatResponse, 'sessionId' | 'conversationId'>;

/** The reader's language and who acts, for after-sales answers and actions. */
export type ChatOptions = {
  locale: Locale; actor: Actor;
  /** Spends one try at a coupon code against guessing (the code box's counters); seconds to wait when spent. */
  spendCodeTry?: () => Promise<number | null>;
};

/** The chat a message belongs to: the browser's session id and the signed-in shopper, if any. */
export type ChatSessionRef = { clientSessionId?: string; userId: number | null };

/**
 * The language to answer in: Arabic for a message written in Arabic, else the reader's (the page's language, their
 * saved choice, their browser's). Latin letters do not make a message English: a reader of the Arabic page types
 * brand and model names in them ('iphone 15 pro'), and the page's own buttons may send English phrasings.
 */
export function answerLocale(message: string, readerLocale: Locale, earlier: readonly string[] = []): Locale {
  if (isArabicMessage(message)) return 'ar';
  // a message with no words of its own language (an order number, a quantity, a model name) is answered in the
  // language the shopper was writing in: an Arabic conversation's 'SQ-250310-7KX4M' or '2' gets its answer in Arabic
  if (!writtenIn(message)) {
    for (const text of [...earlier].reverse()) {
      if (isArabicMessage(text)) return 'ar';
      if (writtenIn(text)) break;
    }
  }
  return readerLocale;
}

/** Does a message hold words of a language (Arabic, or English words in lower case), not only numbers, codes and names. */
const writtenIn = (text: string) => isArabicMessage(text) || /(?:^|[^\p{L}])[a-z]{2,}(?![\p{L}\d])/u.test(text.replace(/\b[A-Z][\w-]*\b/g, ''));

/**
 * POST /api/ai/chat: the model server when configured (AI_BASE_URL + AI_MODEL), else — and whenever the model
 * fails — the built-in assistant. Every exchange is stored for the admin chat monitor. When a person from the team
 * has taken the chat over (`isHumanHandling`, answered by the chat monitor), the assistant stays out of it.
 */
export function createAssistantService(deps: {
  search: SearchService;
  /** Orders are read through the orders service, for the signed-in shopper only. */
  orders: OrdersReader;
  /** Review evidence and the price log, for answers before a purchase (decision 0102). */
  reviews?: AssistantDeps['reviews'];
  prices?: AssistantDeps['prices'];
  /** The deals running on products (the promotions module), for 'any deals on headphones?'. */
  deals?: AssistantDeps['deals'];
  /** The catalogue's department names in Arabic (`category_names`), for answers in Arabic. */
  departmentsAr?: () => Promise<ReadonlyMap<string, string>>;
  chatMonitor: ChatMonitorService;
  ai: { baseUrl?: string; model?: string; apiKey?: string; timeoutMs: number };
  log: (msg: string) => void;
  /** True while a person (an admin in the chat monitor) handles this chat (default: never). */
  isHumanHandling?: (session: ChatSessionRef) => Promise<boolean>;
  /** Where orders are, returns, cancelling, the seller's rules and a person (decision 0107); without it, none of these. */
  aftersales?: Aftersales;
  /** A coupon code checked against a cart, as the checkout's code box checks it (the promotions module's). */
  coupons?: { check: (code: string, items: CartLineIn[], userId: number | null) => Promise<CouponCheck> };
}) {
  const builtin = createBuiltinAssistant({ search: deps.search });
  const model =
    deps.ai.baseUrl && deps.ai.model
      ? createModelAssistant({ baseUrl: deps.ai.baseUrl, model: deps.ai.model, apiKey: deps.ai.apiKey, timeoutMs: deps.ai.timeoutMs } satisfies ModelConfig)
      : null;
  const isHumanHandling = deps.isHumanHandling ?? (async () => false);

  async function answer(input: BuiltinInput, userId: number | null, conversationId: string, opts: ChatOptions): Promise<Answer & { source: 'model' | 'builtin' }> {
    // an answer in Arabic names the departments in Arabic: the catalogue's names, read (cached) only for one
    const departmentsAr = opts.locale === 'ar' && deps.departmentsAr ? await deps.departmentsAr() : undefined;
    const toolDeps = { search: deps.search, orders: deps.orders, reviews: deps.reviews, prices: deps.prices, deals: deps.deals, userId, locale: opts.locale, departmentsAr };
    if (deps.aftersales) {
      // actions on the shopper's orders are answered here, before any model: each needs the server's own confirmation step
      const tools = createToolbox(toolDeps);
      const r = await deps.aftersales.reply({ message: input.message, history: input.history, userId, conversationId, locale: opts.locale, actor: opts.actor, contextId: input.contextId }, tools);
      if (r) return { ...r, mentionedProducts: tools.mentioned(r.response), source: 'builtin' };
    }
    if (model) {
      const tools = createToolbox(toolDeps);
      try {
        const r = await model.reply(input, tools);
        return { ...r, mentionedProducts: tools.mentioned(r.response), source: 'model' };
      } catch (err) {
        deps.log(`AI model failed, answering with the built-in assistant: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const tools = createToolbox(toolDeps);
    const r = await builtin.reply(input, tools);
    return { ...r, mentionedProducts: tools.mentioned(r.response), source: 'builtin' };
  }

  return {
    /** True when a model server answers first (the route then rate-limits: a model costs per message). */
    usesModel: model !== null,

    /** `opts.locale`: the reader's language (the request's), used when the message does not show its own. */
    async chat(req: ChatInput, userId: number | null, opts: Partial<ChatOptions> = {}): Promise<ChatResponse> {
      const locale = answerLocale(req.message, opts.locale ?? 'en', (req.conversationHistory ?? []).filter((m) => !m.isBot).map((m) => m.text));
      // the conversation proposals wait in: the client's, or a new one it sends back from now on (decision 0127)
      const conversationId = req.conversationId ?? randomUUID();
      if (await isHumanHandling({ clientSessionId: req.sessionId, userId })) {
        // the shopper's message reaches the admin's transcript; the assistant stays out of the conversation
        const handling = messagesFor(locale).chatHumanHandling;
        const sessionId = await deps.chatMonitor.recordExchange({
          clientSessionId: req.sessionId, userId, userMessage: req.message, reply: handling, mentionedProducts: [], replyType: 'system',
        });
        return { response: handling, mentionedProducts: [], suggestedSearch: null, sessionId, conversationId };
      }
      const contextId = req.productContext ? Number(req.productContext.id) : NaN;
      const input: BuiltinInput = {
        message: req.message,
        contextId: Number.isInteger(contextId) && contextId > 0 ? contextId : null,
        lockedIds: req.lockedProductIds ?? [],
        history: (req.conversationHistory ?? []).slice(-CHAT_HISTORY_SENT).map((m) => ({ isBot: m.isBot, text: m.text })),
        ...(req.cart ? { cart: req.cart.map((l) => ({ product_id: l.product_id, quantity: l.quantity })) } : {}),
      };
      // a coupon code handed over ('apply code SAVE10', «عندي كود خصم SAVE10») is checked against the cart sent
      const code = deps.coupons ? readCouponCode(req.message) : null;
      const reply: Answer = code
        ? {
            ...(await couponReply(code, req.cart ?? [], {
              locale, spendTry: opts.spendCodeTry ?? (async () => null), check: (c, items) => deps.coupons!.check(c, items, userId),
            })),
            mentionedProducts: [], suggestedSearch: null,
          }
        : withoutSource(await answer(input, userId, conversationId, { locale, actor: opts.actor ?? SYSTEM_ACTOR }));
      let sessionId: string | undefined;
      try {
        sessionId = await deps.chatMonitor.recordExchange({
          clientSessionId: req.sessionId,
          userId,
          userMessage: req.message,
          reply: reply.response,
          mentionedProducts: reply.mentionedProducts,
        });
      } catch (err) {
        // the shopper still gets the answer; the monitor misses this exchange, and the log says so
        deps.log(`chat exchange not stored: ${err instanceof Error ? err.message : String(err)}`);
      }
      return { ...reply, ...(sessionId ? { sessionId } : {}), conversationId };
    },
  };
}

const withoutSource = ({ source: _source, ...reply }: Answer & { source: string }): Answer => reply;
