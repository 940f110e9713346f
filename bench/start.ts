// Start-up: how long the built product takes to answer healthy when it restarts on an existing embedded database.
//
//   npm run bench:start [-- --runs 5] [--json]
//
// Builds what changed (as `npm start` does, and times that check on the now up-to-date tree), makes a fresh data
// directory and starts once so the demo data is seeded, then restarts the server N times and measures spawn →
// first 200 from /api/health: the server alone (`node apps/server/dist/server.mjs`) and the whole `npm start`
// (npm, the build check, the server). Also prints the CPU the server used until healthy, which a busy machine
// inflates far less than the wall time. Budget (ARCHITECTURE "Performance budgets"): restart ≤ 1.5 s to healthy.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildChanged, median, startBuiltServer } from './lib/built-server.js';
import { parseArgs } from './lib/args.js';

const BUDGET_MS = 1500;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const runs = Number(args.get('runs') ?? 5);
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));

  buildChanged();
  const upToDateMs = buildChanged();
  log(`build check on an up-to-date tree: ${Math.round(upToDateMs)} ms`);

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-bench-start-'));
  try {
    const first = await startBuiltServer({ dataDir });
    await first.stop();
    log(`first start (creates and seeds the embedded database): ${Math.round(first.healthyMs)} ms`);

    const server: { wall: number; cpu: number | null; main: number | null }[] = [];
    const npmStart: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = await startBuiltServer({ dataDir });
      await s.stop();
      server.push({ wall: s.healthyMs, cpu: s.cpuMs, main: s.mainThreadCpuMs });
      const n = await startBuiltServer({ dataDir, via: 'npm-start' });
      await n.stop();
      npmStart.push(n.healthyMs);
      log(`  restart ${i + 1}: server ${Math.round(s.healthyMs)} ms (CPU ${s.cpuMs ?? '?'} ms, main thread ${s.mainThreadCpuMs ?? '?'} ms), npm start ${Math.round(n.healthyMs)} ms`);
    }
    const cpus = server.flatMap((r) => (r.cpu === null ? [] : [r.cpu]));
    const mains = server.flatMap((r) => (r.main === null ? [] : [r.main]));
    const result = {
      runs,
      load_average: os.loadavg()[0] ?? 0,
      build_check_ms: Math.round(upToDateMs),
      first_start_ms: Math.round(first.healthyMs),
      restart_server_ms: { median: Math.round(median(server.map((r) => r.wall))), min: Math.round(Math.min(...server.map((r) => r.wall))) },
      restart_server_cpu_ms: cpus.length ? { median: Math.round(median(cpus)), min: Math.min(...cpus) } : null,
      restart_server_main_thread_cpu_ms: mains.length ? { median: Math.round(median(mains)), min: Math.min(...mains) } : null,
      restart_npm_start_ms: { median: Math.round(median(npmStart)), min: Math.round(Math.min(...npmStart)) },
    };
    const ok = result.restart_npm_start_ms.median <= BUDGET_MS;
    if (json) {
      console.log(JSON.stringify({ ...result, budget_ms: BUDGET_MS, ok }));
    } else {
      console.log('');
      console.log(`restart to healthy, server alone : median ${result.restart_server_ms.median} ms, best ${result.restart_server_ms.min} ms`);
      if (result.restart_server_cpu_ms) console.log(`  CPU used until healthy          : median ${result.restart_server_cpu_ms.median} ms, best ${result.restart_server_cpu_ms.min} ms (all threads)`);
      if (result.restart_server_main_thread_cpu_ms) console.log(`  of it on the main thread        : median ${result.restart_server_main_thread_cpu_ms.median} ms, best ${result.restart_server_main_thread_cpu_ms.min} ms`);
      console.log(`restart to healthy, npm start    : median ${result.restart_npm_start_ms.median} ms, best ${result.restart_npm_start_ms.min} ms`);
      console.log(`(load average ${result.load_average.toFixed(1)} on ${os.cpus().length} cores: wall times on a busy machine are inflated)`);
      console.log(`  ${ok ? 'PASS' : 'FAIL'} restart via npm start: ${result.restart_npm_start_ms.median} ms (budget ≤ ${BUDGET_MS} ms)`);
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
