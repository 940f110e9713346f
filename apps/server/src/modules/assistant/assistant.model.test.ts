import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { SHOP_POLICIES } from '@souq/shared/rules/policies';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';

// The model-server option against a local fake OpenAI-compatible server (node:http on 127.0.0.1): real HTTP,
// real tool calls executed by the app, and the fallback to the built-in assistant on timeouts and errors.

type Body = { model: string; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools: { function: { name: string } }[] };
type Handler = (body: Body, req: http.IncomingMessage) => { status?: number; json?: unknown; raw?: string; delayMs?: number };

let server: http.Server;
let baseUrl = '';
let handler: Handler = () => ({ status: 500 });
const seen: { body: Body; auth: string | undefined; path: string | undefined }[] = [];
let ctx: TestContext;
let sonyId = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data) as Body;
      seen.push({ body, auth: req.headers.authorization, path: req.url });
      const out = handler(body, req);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
        res.end(out.raw ?? JSON.stringify(out.json ?? {}));
      };
      if (out.delayMs) setTimeout(send, out.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  ctx = await createTestApp({ ai: { baseUrl, model: 'fake-model', apiKey: 'secret-key', timeoutMs: 1500 } });
  const { catalogue } = ctx.app.services;
  sonyId = (await catalogue.createProduct({ name: 'Sony WH-1000XM5 Wireless Headphones', brand: 'Sony', categories: ['audio'], priceCents: 34900, stock: 12, rating: 4.8 })).id;
  await catalogue.createProduct({ name: 'JBL Tune 510BT Headphones', brand: 'JBL', categories: ['audio'], priceCents: 4900, stock: 30, rating: 4.2 });
  // the search index is built before the first question, not inside the model's time budget
  await ctx.app.services.search.ready();
});
afterEach(() => {
  seen.length = 0;
});
afterAll(async () => {
  await ctx?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const toolCall = (id: string, name: string, args: unknown) => ({
  choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] } }],
});
const final = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });

const ask = (message: string, token?: string) => call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message, sessionId: 'model-visit' }, token });

describe('AI model server option', () => {
  it('runs the tool calls of the model and maps its final answer', async () => {
    handler = (body) => {
      const toolMessages = body.messages.filter((m) => m.role === 'tool');
      if (toolMessages.length === 0) return { json: toolCall('call-1', 'search_products', { query: 'wireless headphones', max_price: 400 }) };
      if (toolMessages.length === 1) {
        // the model reads the tool's answer and focuses its first product
        const result = JSON.parse(toolMessages[0]!.content!) as { products: { id: number; name: string; price_text: string }[] };
        return { json: toolCall('call-2', 'focus_product', { id: result.products[0]!.id }) };
      }
      const found = JSON.parse(toolMessages[0]!.content!) as { products: { name: string; price_text: string }[] };
      const top = found.products[0]!;
      return { json: final(`The best pick is **${top.name}** at ${top.price_text}. I'm searching for "wireless headphones" so you can see more.`) };
    };
    const res = await ask('I want good wireless headphones');
    expect(res.status).toBe(200);
    expect(res.json.response).toBe(`The best pick is **Sony WH-1000XM5 Wireless Headphones** at AED\u00a0349.00. I'm searching for "wireless headphones" so you can see more.`);
    expect(res.json.suggestedSearch).toBe('wireless headphones');
    // focused, and the JBL the search also returned is not named in the answer, so it is not listed
    expect(res.json.mentionedProducts).toEqual([{ id: sonyId, action: 'focus' }]);
    expect(seen).toHaveLength(3);
    expect(seen[0]!.path).toBe('/v1/chat/completions');
    expect(seen[0]!.auth).toBe('Bearer secret-key');
    expect(seen[0]!.body.model).toBe('fake-model');
    expect(seen[0]!.body.tools.map((t) => t.function.name)).toEqual([
      'search_products', 'get_product', 'similar_products', 'compare_products', 'add_to_cart', 'order_status', 'shop_policy', 'focus_product',
    ]);
    expect(seen[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'I want good wireless headphones' });
    // stored like any other exchange
    const [row] = await ctx.database.query<{ total_messages: number }>('select total_messages from chat_sessions where id = $1', [res.json.sessionId]);
    expect(row!.total_messages).toBe(2);
  });

  it('answers bad tool arguments with an error the model can read', async () => {
    handler = (body) => {
      const tool = body.messages.find((m) => m.role === 'tool');
      if (!tool) return { json: toolCall('c1', 'get_product', { id: 'not a number' }) };
      return { json: final(`Sorry: ${tool.content}`) };
    };
    const res = await ask('tell me about product x');
    expect(res.json.response).toMatch(/^Sorry: \{"error":"invalid arguments/);
    expect(res.json.mentionedProducts).toEqual([]);
  });

  it('falls back to the built-in assistant on a timeout', async () => {
    handler = () => ({ delayMs: 5000, json: final('too late') });
    const started = Date.now();
    const res = await ask('show me headphones');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(4500);
    expect(res.json.response).toContain('searching for "headphones"');
    expect(res.json.suggestedSearch).toBe('headphones');
  });

  it('falls back on a server error, invalid JSON, an empty answer and endless tool calls', async () => {
    const cases: Handler[] = [
      () => ({ status: 500, json: { error: 'boom' } }),
      () => ({ raw: 'not json' }),
      () => ({ json: { choices: [] } }),
      () => ({ json: final('   ') }),
      () => ({ json: toolCall('again', 'get_product', { id: sonyId }) }),
    ];
    for (const h of cases) {
      handler = h;
      const res = await ask('show me headphones');
      expect(res.status).toBe(200);
      expect(res.json.response).toContain('searching for "headphones"');
    }
  });

  it("gives the model the shopper's own orders only, and the shop's rules as data", async () => {
    const place = async (userId: number) => (await ctx.app.services.orders.placeOrder(orderRequestSchema.parse({
      items: [{ product_id: sonyId, quantity: 1 }],
      customer_info: { email: 'm@example.test', name: 'M' },
      shipping_address: { address: 'Somewhere 1' },
    }), { userId })).order;
    const me = await signupCustomer(ctx.app, 'Model Shopper');
    const mine = await place(me.user.id);
    const someoneElse = await signupCustomer(ctx.app, 'Someone Else');
    const theirs = await place(someoneElse.user.id);

    // the fake model asks for a tool, then repeats what the tool said
    const relay = (name: string, args: unknown): Handler => (body) => {
      const tool = body.messages.find((m) => m.role === 'tool');
      return tool ? { json: final(`TOOL ${tool.content}`) } : { json: toolCall('t1', name, args) };
    };
    const toolResult = (res: { json: { response: string } }) => JSON.parse(res.json.response.replace(/^TOOL /, '')) as Record<string, any>;

    // phrasings the after-sales step (decision 0107) leaves to the model: it answers 'where is…' itself, before any model
    handler = relay('order_status', {});
    expect(toolResult(await ask('my purchases please'))).toEqual({ signed_in: false });
    const list = toolResult(await ask('my purchases please', me.token));
    expect(list).toMatchObject({ signed_in: true, total: 1, orders: [{ order_number: mine.order_number, status: 'pending', items: [{ name: 'Sony WH-1000XM5 Wireless Headphones', quantity: 1 }] }] });

    handler = relay('order_status', { order_number: theirs.order_number });
    expect(toolResult(await ask(`tell me about ${theirs.order_number}`, me.token))).toEqual({ signed_in: true, not_found: theirs.order_number });
    handler = relay('order_status', { order_number: mine.order_number.toLowerCase() });
    expect(toolResult(await ask('tell me about my purchase', me.token)).orders[0].order_number).toBe(mine.order_number);

    handler = relay('shop_policy', { topic: 'returns' });
    expect(toolResult(await ask('can I return things?'))).toEqual(SHOP_POLICIES.returns);
    handler = relay('shop_policy', { topic: 'warranty' });
    expect(toolResult(await ask('warranty?')).error).toMatch(/^invalid arguments: topic/);
    expect(seen.at(-1)!.body.tools.map((t) => t.function.name)).toEqual(expect.arrayContaining(['order_status', 'shop_policy']));
  });
});
