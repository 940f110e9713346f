import { z } from 'zod';
import type { Product } from '@souq/shared/api/catalogue';
import { POLICY_TOPICS } from '@souq/shared/rules/policies';
import type { BuiltinInput } from './assistant.builtin.js';
import { factsOf, searchPhraseIn, type Toolbox } from './assistant.tools.js';

// The model-server option: any OpenAI-compatible /chat/completions endpoint with tool calling, over the same
// tools as the built-in assistant. Every failure (timeout, HTTP error, malformed answer, too many rounds)
// throws, and the service then answers with the built-in assistant instead.

export type ModelConfig = { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };

const MAX_ROUNDS = 4;
const MAX_TOOL_CALLS_PER_ROUND = 6;

export class ModelError extends Error {}

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'search_products',
      description: 'Search the catalogue. Understands typos, synonyms and price words ("under 200"). Returns at most `limit` products (default 3) and up to 5 categories.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'what the shopper wants, e.g. "running shoes under 200"' },
          category: { type: 'string' },
          brand: { type: 'string' },
          min_price: { type: 'number' },
          max_price: { type: 'number' },
          in_stock: { type: 'boolean' },
          limit: { type: 'integer', minimum: 1, maximum: 10 },
        },
        required: ['query'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_product',
      description: 'All facts of one product by id: price, stock, rating, description, features, warranty.',
      parameters: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'similar_products',
      description: 'Products similar to the given product.',
      parameters: { type: 'object', properties: { id: { type: 'integer' }, limit: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['id'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'compare_products',
      description: 'Compare 2 or 3 products: price, rating, stock and which is the best value for its category.',
      parameters: { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 3 } }, required: ['ids'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'add_to_cart',
      description: "Ask the storefront to add a product to the shopper's cart.",
      parameters: { type: 'object', properties: { id: { type: 'integer' }, quantity: { type: 'integer', minimum: 1, maximum: 99 } }, required: ['id'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'order_status',
      description:
        "The signed-in shopper's own orders: one by its number (SQ-yymmdd-XXXXX), else the latest ones, each with status, date, total and items. " +
        'signed_in false: ask the shopper to sign in. not_found: no such order on their account (say exactly that, nothing more).',
      parameters: { type: 'object', properties: { order_number: { type: 'string' } } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'shop_policy',
      description: "The shop's own rule on shipping, tax, payment methods or returns, to quote (never answer these from memory).",
      parameters: { type: 'object', properties: { topic: { type: 'string', enum: [...POLICY_TOPICS] } }, required: ['topic'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'focus_product',
      description: 'Select and show one product on the page when the shopper clearly means it.',
      parameters: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    },
  },
] as const;

const idArgs = z.object({ id: z.coerce.number().int().positive() });
const toolArgs = {
  search_products: z.object({
    query: z.string().trim().min(1).max(500),
    category: z.string().max(100).optional(),
    brand: z.string().max(100).optional(),
    min_price: z.coerce.number().min(0).optional(),
    max_price: z.coerce.number().min(0).optional(),
    in_stock: z.boolean().optional(),
    limit: z.coerce.number().int().min(1).max(10).optional(),
  }),
  get_product: idArgs,
  similar_products: idArgs.extend({ limit: z.coerce.number().int().min(1).max(10).optional() }),
  compare_products: z.object({ ids: z.array(z.coerce.number().int().positive()).min(2).max(3) }),
  add_to_cart: idArgs.extend({ quantity: z.coerce.number().int().min(1).max(99).optional() }),
  focus_product: idArgs,
  order_status: z.object({ order_number: z.string().trim().max(40).optional() }),
  shop_policy: z.object({ topic: z.enum(POLICY_TOPICS) }),
};
type ToolName = keyof typeof toolArgs;

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string().default('{}') }),
});
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          tool_calls: z.array(toolCallSchema).nullable().optional(),
        }),
      }),
    )
    .min(1),
});

type Msg =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: z.infer<typeof toolCallSchema>[] }
  | { role: 'tool'; tool_call_id: string; content: string };

function systemPrompt(context: Product | null, locked: Product[], locale: Toolbox['locale']): string {
  const lines = [
    "You are Souq's shopping assistant. Answer only about shopping at Souq; politely steer other topics back to shopping.",
    'Use the tools for every product fact. Name only products the tools returned, write product names in **bold**, and give prices exactly as the tools give them (price_text).',
    'List at most 3 products and at most 5 categories. When the shopper should see a full result list, write: searching for "<phrase>".',
    'Call focus_product when one product is clearly meant; call add_to_cart only when the shopper asks to buy or add it.',
    'For shipping, tax, payment methods and returns call shop_policy and quote it. For the shopper\'s orders call order_status: it only ever sees the signed-in shopper\'s own orders.',
    'Keep answers short and friendly.',
    // the shopper's language (issue 26 item 7): the page's, unless the message is written in another
    locale === 'ar'
      ? 'Answer in Modern Standard Arabic (the shopper reads Arabic), unless the shopper writes in another language: then answer in theirs. Keep product names, prices and order numbers as the tools give them.'
      : "Answer in the shopper's language: English, or the language their message is written in.",
  ];
  if (context) lines.push(`The product in context: ${JSON.stringify(factsOf(context))}`);
  if (locked.length) lines.push(`Products locked for comparison: ${JSON.stringify(locked.map(factsOf))}`);
  return lines.join('\n');
}

async function runTool(name: string, rawArgs: string, tools: Toolbox): Promise<unknown> {
  if (!(name in toolArgs)) return { error: `unknown tool ${name}` };
  let json: unknown;
  try {
    json = JSON.parse(rawArgs || '{}');
  } catch {
    return { error: 'arguments are not valid JSON' };
  }
  const parsed = toolArgs[name as ToolName].safeParse(json);
  if (!parsed.success) return { error: `invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}` };
  const a = parsed.data as Record<string, unknown>;
  switch (name as ToolName) {
    case 'search_products': {
      const { items: _items, onTopic: _onTopic, ...result } = await tools.searchProducts(a as never);
      return result;
    }
    case 'get_product': {
      const p = await tools.getProduct(a.id as number);
      if (!p) return { error: 'no such product' };
      tools.mention(p.id, 'mention');
      return factsOf(p);
    }
    case 'similar_products':
      return (await tools.similarProducts(a.id as number, (a.limit as number | undefined) ?? 3)).map(factsOf);
    case 'compare_products': {
      const list = await tools.products(a.ids as number[]);
      if (list.length < 2) return { error: 'need at least two existing products' };
      return tools.compareProducts(list);
    }
    case 'add_to_cart': {
      const p = await tools.getProduct(a.id as number);
      if (!p) return { error: 'no such product' };
      return tools.addToCart(p, (a.quantity as number | undefined) ?? 1);
    }
    case 'focus_product': {
      const p = await tools.getProduct(a.id as number);
      if (!p) return { error: 'no such product' };
      tools.focus(p);
      return { focused: p.id, name: p.name };
    }
    case 'order_status':
      return tools.orderStatus(a.order_number as string | undefined);
    case 'shop_policy':
      return tools.shopPolicy(a.topic as (typeof POLICY_TOPICS)[number]);
  }
}


export function createModelAssistant(config: ModelConfig, fetchImpl: typeof fetch = fetch) {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function complete(messages: Msg[], signal: AbortSignal) {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        body: JSON.stringify({ model: config.model, messages, tools: TOOLS, tool_choice: 'auto', temperature: 0.2 }),
      });
    } catch (err) {
      throw new ModelError(`model server unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new ModelError(`model server answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ModelError('model server sent invalid JSON');
    }
    const parsed = completionSchema.safeParse(body);
    if (!parsed.success) throw new ModelError('model server sent an unexpected answer');
    return parsed.data.choices[0]!.message;
  }

  return {
    async reply(input: BuiltinInput, tools: Toolbox): Promise<{ response: string; suggestedSearch: string | null }> {
      const signal = AbortSignal.timeout(config.timeoutMs);
      const context = input.contextId ? await tools.getProduct(input.contextId) : null;
      const locked = input.lockedIds.length ? await tools.products(input.lockedIds) : [];
      const messages: Msg[] = [
        { role: 'system', content: systemPrompt(context, locked, tools.locale) },
        ...input.history.map((m): Msg => (m.isBot ? { role: 'assistant', content: m.text } : { role: 'user', content: m.text })),
        { role: 'user', content: input.message },
      ];
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const answer = await complete(messages, signal);
        const calls = answer.tool_calls ?? [];
        if (calls.length === 0) {
          const text = answer.content?.trim();
          if (!text) throw new ModelError('model answered without text');
          return { response: text.slice(0, 4000), suggestedSearch: searchPhraseIn(text) };
        }
        messages.push({ role: 'assistant', content: answer.content ?? null, tool_calls: calls });
        for (const call of calls.slice(0, MAX_TOOL_CALLS_PER_ROUND)) {
          const result = await runTool(call.function.name, call.function.arguments, tools);
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
        if (signal.aborted) throw new ModelError('model timed out');
      }
      throw new ModelError(`no answer after ${MAX_ROUNDS} rounds of tool calls`);
    },
  };
}
