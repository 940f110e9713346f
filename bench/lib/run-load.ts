import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardLoadResult, CardLoadSpec } from './card-client.js';
import type { LoadResult, LoadSpec } from './load-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs bench/lib/load-client.ts in its own process (never sharing the server's event loop) and returns its figures. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return runClient('load-client.ts', spec);
}

/** Runs bench/lib/card-client.ts (card purchases placed and paid on the provider's page) in its own process. */
export async function runCardLoad(spec: CardLoadSpec): Promise<CardLoadResult> {
  return runClient('card-client.ts', spec);
}

async function runClient<T>(script: string, spec: unknown): Promise<T> {
  // the spec can be large (thousands of paths or bodies): it travels in a temporary file, not on the command line
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-load-'));
  const file = path.join(dir, 'spec.json');
  await fs.writeFile(file, JSON.stringify(spec));
  try {
    return await new Promise((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', path.join(here, script), file], { maxBuffer: 16 << 20, timeout: 10 * 60_000 }, (err, stdout, stderr) => {
        if (err) return reject(new Error(`load client failed: ${stderr || err.message}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T);
      });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export type ProviderStats = { deliveries: { ms: number; status: number; type: string }[]; pending: number; inFlight: number };

/**
 * The local Stripe started as a process of its own (local-stripe-process.ts, decision 0166): its URL and keys, its
 * pid (the bench reads its CPU), its webhook deliveries' timings, and stop().
 */
export async function startProviderProcess(opts: { webhookConcurrency: number }) {
  const { fork } = await import('node:child_process');
  const child = fork(path.join(here, 'local-stripe-process.ts'), [], {
    execArgv: ['--import', 'tsx', '--conditions=development', ...(process.env.PROVIDER_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROVIDER_CPU_PROF] : [])],
    env: { ...process.env, WEBHOOK_CONCURRENCY: String(opts.webhookConcurrency) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; secretKey: string; publishableKey: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`the local Stripe process stopped (${code})`)));
  });
  const ask = <T>(msg: unknown) => new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(msg as never);
  });
  return {
    ...ready,
    pid: child.pid!,
    /** Its deliveries so far (emptied when `reset`), what waits in its queue and what is in flight. */
    stats: (reset = false) => ask<ProviderStats>({ cmd: 'stats', reset }),
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send({ cmd: 'stop' });
      setTimeout(() => child.kill(), 5000).unref();
    }),
  };
}
export type ProviderProcess = Awaited<ReturnType<typeof startProviderProcess>>;
