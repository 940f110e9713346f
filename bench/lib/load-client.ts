// The load generator of bench/perf-search.ts, run as its own process so it never shares the server's event loop.
//   tsx bench/lib/load-client.ts SPEC.json   → prints one JSON line with the figures
import fs from 'node:fs';
import autocannon from 'autocannon';
import { quantile } from './metrics.js';

export type LoadSpec = {
  base: string;
  /** GET paths, or POST bodies when `post` is set; used round-robin */
  paths?: string[];
  post?: {
    path: string; bodies: unknown[]; /** a fresh Idempotency-Key header on every request, as checkout sends */ idempotencyKeys?: boolean;
    /** sequential mode: exact bodies with their own headers (requests signed ahead, RFC 9421), used round-robin instead of `bodies` */
    signed?: { body: string; headers: Record<string, string> }[];
  };
  mode: 'sequential' | 'concurrent';
  /** sequential: number of requests (after `warmup`); concurrent: seconds */
  amount: number;
  warmup?: number;
  connections?: number;
  /** Sent with every request (e.g. an admin session's authorization header). */
  headers?: Record<string, string>;
};

export type LoadResult = { requests: number; errors: number; rps: number; p50: number; p95?: number; p90?: number; p97_5?: number; max: number };

async function sequential(spec: LoadSpec): Promise<LoadResult> {
  const n = spec.amount;
  const lat: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < (spec.warmup ?? 0) + n; i++) {
    const t0 = performance.now();
    const signed = spec.post?.signed?.[i % spec.post.signed.length];
    const res = spec.post
      ? await fetch(spec.base + spec.post.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spec.headers, ...signed?.headers },
        body: signed ? signed.body : JSON.stringify(spec.post.bodies[i % spec.post.bodies.length]),
      })
      : await fetch(spec.base + spec.paths![i % spec.paths!.length]!, { headers: spec.headers });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) errors++;
    if (i >= (spec.warmup ?? 0)) lat.push(ms);
  }
  const total = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  return { requests: n, errors, rps: n / total, p50: quantile(lat, 0.5), p95: quantile(lat, 0.95), max: lat[lat.length - 1] ?? 0 };
}

async function concurrent(spec: LoadSpec): Promise<LoadResult> {
  let i = 0;
  const requests = spec.post
    ? [{
      method: 'POST' as const,
      path: spec.post.path,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: Record<string, unknown>) => {
        const n = i++;
        const headers = spec.post!.idempotencyKeys ? { ...(req.headers as object), 'idempotency-key': `load-${process.pid}-${n}` } : req.headers;
        return { ...req, headers, body: JSON.stringify(spec.post!.bodies[n % spec.post!.bodies.length]) };
      },
    }]
    : [{ method: 'GET' as const, setupRequest: (req: Record<string, unknown>) => ({ ...req, path: spec.paths![i++ % spec.paths!.length] }) }];
  const result = await autocannon({ url: spec.base, connections: spec.connections ?? 32, duration: spec.amount, requests, headers: spec.headers });
  const l = result.latency;
  return {
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    rps: result.requests.average,
    p50: l.p50,
    // autocannon's histogram has p90 and p97.5 (p95 lies between them)
    p90: l.p90,
    p97_5: l.p97_5,
    max: l.max,
  };
}

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
const out = spec.mode === 'sequential' ? await sequential(spec) : await concurrent(spec);
console.log(JSON.stringify(out));
