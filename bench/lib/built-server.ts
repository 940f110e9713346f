// The built product as a child process, as `npm start` runs it: for the start-up and web benchmarks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { cpuMsOf } from './cpu.js';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds what changed since the last build (scripts/build-changed.mjs, as `npm start` does); returns its wall time. */
export function buildChanged(): number {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-changed.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  if (res.status !== 0) throw new Error('the build failed');
  return performance.now() - t0;
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  base: string;
  child: ChildProcess;
  /** Spawn → first 200 from /api/health. */
  healthyMs: number;
  /** CPU the process had used when it first answered healthy, all threads and the main one (null via npm start). */
  cpuMs: number | null;
  mainThreadCpuMs: number | null;
  /** Everything the process printed (for failures). */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts `node apps/server/dist/server.mjs` (the bundled server `npm start` runs, with the same Node options) on a data directory (an embedded database unless DATABASE_URL is in env)
 * and waits until /api/health answers 200. Rejects with the server's output if it exits or takes over `timeoutMs`.
 */
export async function startBuiltServer(opts: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** 'npm-start' runs the whole `npm start` (build check included) instead of the server alone. */
  via?: 'server' | 'npm-start';
  /** Another checkout's root whose build to run (bench:web's --baseline); this one's by default. */
  root?: string;
}): Promise<RunningServer> {
  const root = opts.root ?? ROOT;
  const main = path.join(root, 'apps/server/dist/server.mjs');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const [command, args] = opts.via === 'npm-start' ? ['npm', ['start', '--silent']] : [process.execPath, [...SERVER_NODE_FLAGS, main]];
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...opts.env, DATA_DIR: opts.dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group: stop() reaches npm's children too
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const deadline = t0 + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (exited) throw new Error(`the server exited before it was healthy:\n${out}`);
    if (performance.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the server was not healthy in time:\n${out}`);
    }
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const healthyMs = performance.now() - t0;
  const cpuMs = opts.via === 'npm-start' ? null : cpuMsOf(child.pid!);
  const mainThreadCpuMs = opts.via === 'npm-start' ? null : cpuMsOf(child.pid!, 'main');
  return {
    base,
    child,
    healthyMs,
    cpuMs,
    mainThreadCpuMs,
    output: () => out,
    async stop() {
      if (!exited) process.kill(-child.pid!, 'SIGTERM');
      await exit;
      // npm may exit before the server it started has closed its database: wait for the whole group
      while (groupAlive(child.pid!)) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : 0;
};
