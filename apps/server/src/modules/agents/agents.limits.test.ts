import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, createTestApp, type TestContext } from '../../../test/harness.js';
import { freePort, startTestAgent, type TestAgent } from '../../../test/ucp-agent.js';

/**
 * Issue 38 item 3: an agent is its verified profile origin (or its OAuth client), never the URL string it names. One
 * budget for REST and MCP; unidentified agents (unsigned, unlinked) also spend their network address's budget, so
 * rotating profiles from one address meets a ceiling; blocks hold for every URL of an origin; the admin's Agents list
 * pages, searches and shows when each agent was last seen. Small limits: 5 per agent, 8 per address.
 */
const open: { ctx?: TestContext; agents: TestAgent[] } = { agents: [] };
afterEach(async () => {
  await open.ctx?.close();
  await Promise.all(open.agents.map((a) => a.close()));
  open.ctx = undefined;
  open.agents = [];
});

async function app() {
  const port = await freePort();
  const ctx = await createTestApp({ publicUrl: `http://127.0.0.1:${port}`, agentRatePerMinute: 5, agents: { unidentifiedRatePerMinute: 8, allowLoopback: true } });
  open.ctx = ctx;
  const base = await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, base };
}
async function agents(n: number) {
  const made = await Promise.all(Array.from({ length: n }, () => startTestAgent()));
  open.agents.push(...made);
  return made;
}

async function search(base: string, agent: TestAgent, signed: boolean) {
  const url = `${base}/ucp/catalog/search`;
  const body = JSON.stringify({ query: 'oud' });
  const headers = signed ? await agent.sign('POST', url, { 'ucp-agent': agent.header }, body) : { 'ucp-agent': agent.header, 'content-type': 'application/json' };
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as { messages?: { code: string }[] }, retryAfter: res.headers.get('retry-after') };
}
async function mcpSearch(base: string, agent: TestAgent, signed: boolean) {
  const url = `${base}/ucp/mcp`;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: agent.meta, catalog: { query: 'oud' } } } });
  const plain = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const headers = signed ? await agent.sign('POST', url, { ...plain, 'ucp-agent': agent.header }, body) : plain;
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as { error?: { code: number; data: { messages: { code: string }[] } } } };
}

describe('agent identity and budgets', () => {
  it('gives a signed agent one budget across REST and MCP', async () => {
    const { base } = await app();
    const [agent] = await agents(1);
    const statuses = [];
    for (const viaMcp of [false, true, false, true, false]) statuses.push(viaMcp ? (await mcpSearch(base, agent!, true)).status : (await search(base, agent!, true)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await mcpSearch(base, agent!, true);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error).toMatchObject({ code: -32000, data: { messages: [{ code: 'rate_limited' }] } });
    const seventh = await search(base, agent!, true);
    expect([seventh.status, seventh.json.messages?.[0]?.code]).toEqual([429, 'rate_limited']);
    expect(Number(seventh.retryAfter)).toBeGreaterThan(0);
  }, 60_000);

  it('stops profile rotation from one address at the ceiling of unidentified agents; a signed agent keeps its own budget', async () => {
    const { base } = await app();
    const [signed, ...rotating] = await agents(8);
    // the signed agent is known (its profile fetched) before the address's budget runs out
    expect((await search(base, signed!, true)).status).toBe(200);
    const statuses: number[] = [];
    for (const a of rotating) statuses.push((await search(base, a, false)).status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(rotating.length);
    expect((await search(base, signed!, true)).status).toBe(200);
  }, 60_000);

  it('blocks an origin, whatever URL of it an agent names, signed or not; the Agents list pages, searches and shows last seen', async () => {
    const { ctx, base } = await app();
    const list = await agents(3);
    for (const a of list) expect((await search(base, a, true)).status).toBe(200);
    const admin = await adminToken(ctx.app, ctx.config);
    const get = async (query: string) => {
      const res = await fetch(`${base}/api/admin/agents${query}`, { headers: { authorization: `Bearer ${admin}` } });
      return (await res.json()) as { agents: { agent: string; signed: boolean; last_seen: string | null; requests: number }[]; total: number; page: number; page_size: number };
    };
    const first = await get('?page_size=2');
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.agents).toHaveLength(2);
    const second = await get('?page_size=2&page=2');
    expect(second.agents).toHaveLength(1);
    expect(new Set([...first.agents, ...second.agents].map((a) => a.agent))).toEqual(new Set(list.map((a) => a.origin)));
    for (const a of [...first.agents, ...second.agents]) {
      expect(a).toMatchObject({ signed: true, requests: 1 });
      expect(Date.now() - Date.parse(a.last_seen!)).toBeLessThan(60_000);
    }
    const port = new URL(list[1]!.origin).port;
    expect((await get(`?q=${port}`)).agents.map((a) => a.agent)).toEqual([list[1]!.origin]);
    // a block of the origin, given as any URL of it
    const block = await fetch(`${base}/api/admin/agents/block`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ agent: `${list[0]!.origin}/.well-known/ucp?x=1`, reason: 'scraping' }) });
    expect(block.status).toBe(204);
    await new Promise((r) => setTimeout(r, 2_100));
    const blockedSigned = await search(base, list[0]!, true);
    const blockedUnsigned = await search(base, list[0]!, false);
    expect([blockedSigned.status, blockedSigned.json.messages?.[0]?.code, blockedUnsigned.status]).toEqual([403, 'agent_blocked', 403]);
    expect((await search(base, list[1]!, true)).status).toBe(200);
  }, 60_000);
});
