// Agents' catalog search against the storefront's, in the same run (issue 27 item 9, decision 0097).
//
//   npm run bench:agents [-- --products 5000] [--requests 600] [--postgres postgres://…] [--json]
//
// Generates N products into a FRESH database (PGlite in memory by default), builds the search index, starts the
// app on the loopback and drives it from a separate process (bench/lib/load-client.ts), one client at a time,
// with the same query list three ways:
//   storefront  GET  /api/products/search/{q}
//   UCP REST    POST /ucp/catalog/search   { query }               (UCP-Agent header)
//   UCP MCP     POST /ucp/mcp              tools/call search_catalog (Streamable HTTP, stateless JSON response)
// Each leg runs twice, interleaved (A B C A B C), and reports the median-of-two p50/p95. Budget: REST and MCP p95 ≤
// 1.5 × the storefront's p95. The agent rate limit is raised for the run (UCP_AGENT_RATE_PER_MINUTE) so the
// limiter's own work is measured but never refuses. The agent is a real one (decisions 0130, 0131): it serves its
// profile on the loopback (UCP_ALLOW_LOOPBACK_AGENTS), which Souq fetches and negotiates, and every REST and MCP
// request carries its RFC 9421 signature, which Souq verifies; every answer is signed by Souq.
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { runLoad } from './lib/run-load.js';
import { insertProducts } from './lib/bulk-insert.js';
import { generateBatches, queries } from './lib/catalogue-gen.js';
import type { LoadResult } from './lib/load-client.js';
import { startTestAgent } from '../apps/server/test/ucp-agent.js';

const BUDGET = 1.5;
const args = parseArgs(process.argv.slice(2));
const n = Number(args.get('products') ?? 5000);
const requests = Number(args.get('requests') ?? 600);
const postgresUrl = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;
const json = args.has('json');
const log = (msg: string) => (json ? undefined : console.log(msg));

const agent = await startTestAgent();
const bench = await freshApp({ postgresUrl, env: { UCP_AGENT_RATE_PER_MINUTE: '100000000', UCP_UNIDENTIFIED_RATE_PER_MINUTE: '100000000', UCP_ALLOW_LOOPBACK_AGENTS: 'true' } });
try {
  let t = performance.now();
  for (const batch of generateBatches(n)) await insertProducts(bench.database, batch);
  await bench.app.services.search.rebuild();
  log(`${n} products inserted and indexed in ${Math.round(performance.now() - t)} ms`);
  const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const qs = queries();

  // every request signed ahead by the agent (the release's replay protection is the business layer's idempotency,
  // so a signature may be sent again): the load client only sends them
  const sign = (path: string, bodies: unknown[], headers: Record<string, string>) => Promise.all(bodies.map(async (b) => {
    const body = JSON.stringify(b);
    return { body, headers: await agent.sign('POST', `${base}${path}`, { ...headers, 'ucp-agent': agent.header }, body) };
  }));
  const restSigned = await sign('/ucp/catalog/search', qs.map((query) => ({ query })), {});
  const mcpSigned = await sign('/ucp/mcp', qs.map((query, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: agent.meta, catalog: { query } } } })), { accept: 'application/json, text/event-stream' });
  const legs = {
    storefront: () => runLoad({ base, paths: qs.map((q) => `/api/products/search/${encodeURIComponent(q)}`), mode: 'sequential', amount: requests, warmup: 50 }),
    rest: () => runLoad({ base, post: { path: '/ucp/catalog/search', bodies: [], signed: restSigned }, mode: 'sequential', amount: requests, warmup: 50 }),
    mcp: () => runLoad({ base, post: { path: '/ucp/mcp', bodies: [], signed: mcpSigned }, mode: 'sequential', amount: requests, warmup: 50 }),
  };
  // a check before timing: each leg answers 200 with results (a leg of errors would time nothing)
  t = performance.now();
  const runs: Record<keyof typeof legs, LoadResult[]> = { storefront: [], rest: [], mcp: [] };
  for (let round = 0; round < 2; round++) {
    for (const name of Object.keys(legs) as (keyof typeof legs)[]) {
      const r = await legs[name]();
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} of ${r.requests} requests failed`);
      runs[name].push(r);
    }
  }
  const mid = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const figures = Object.fromEntries(
    (Object.keys(runs) as (keyof typeof legs)[]).map((k) => [k, { p50_ms: +mid(runs[k].map((r) => r.p50)).toFixed(2), p95_ms: +mid(runs[k].map((r) => r.p95 ?? 0)).toFixed(2), rps: +mid(runs[k].map((r) => r.rps)).toFixed(0) }]),
  ) as Record<keyof typeof legs, { p50_ms: number; p95_ms: number; rps: number }>;
  const ratio = (k: 'rest' | 'mcp') => +(figures[k].p95_ms / figures.storefront.p95_ms).toFixed(2);
  const result = {
    products: n, requests_per_leg: requests, rounds: 2, database: postgresUrl ? 'postgresql' : 'pglite',
    ...figures,
    rest_vs_storefront_p95: ratio('rest'), mcp_vs_storefront_p95: ratio('mcp'), budget: BUDGET,
    within_budget: ratio('rest') <= BUDGET && ratio('mcp') <= BUDGET,
    took_s: Math.round((performance.now() - t) / 1000),
  };
  if (json) console.log(JSON.stringify(result));
  else {
    for (const k of Object.keys(figures) as (keyof typeof legs)[]) log(`${k.padEnd(10)} p50 ${figures[k].p50_ms} ms  p95 ${figures[k].p95_ms} ms  ${figures[k].rps} req/s`);
    log(`p95 ratio: REST ${result.rest_vs_storefront_p95}×, MCP ${result.mcp_vs_storefront_p95}× the storefront (budget ≤ ${BUDGET}×): ${result.within_budget ? 'within budget' : 'OVER BUDGET'}`);
  }
  process.exitCode = result.within_budget ? 0 : 1;
} finally {
  await bench.close();
  await agent.close();
}
