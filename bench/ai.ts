/**
 * Every AI benchmark in one command: recommendations, the assistant evaluation, search relevance and image search, on
 * the real development data sets and on the demo sets in bench/data.
 *
 *   npm run bench:ai [-- --json] [--datasets DIR] [--only recs,assistant,search,image]
 *
 * Each benchmark runs as its own child process (`npm run bench:<name> -- --data DIR --json`), one after the other
 * (the machine is shared; timings are cleaner without neighbours). With --json, prints one JSON line per benchmark
 * run: the benchmark's own line plus `set` (which data set) and `ok`. A benchmark that fails or prints no JSON line is
 * reported as {ok: false, error} and the others still run. DIR defaults to ../shared/datasets next to the repository.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] && !argv[i + 1]!.startsWith('--') ? argv[i + 1] : undefined;
};
const json = argv.includes('--json');
const datasets = path.resolve(root, option('datasets') ?? '../shared/datasets');
const only = option('only') ? new Set(option('only')!.split(',')) : null;
/** A benchmark taking longer than this is stopped and reported as failed. */
const TIMEOUT_MS = 45 * 60_000;

type Run = { benchmark: string; set: string; script: string; data?: string };
const runs: Run[] = [
  { benchmark: 'recs', set: 'recs-diginetica-dev', script: 'bench:recs', data: path.join(datasets, 'recs-diginetica-dev') },
  { benchmark: 'recs', set: 'demo', script: 'bench:recs', data: path.join(root, 'bench/data/recs') },
  { benchmark: 'assistant', set: 'demo', script: 'bench:assistant' },
  { benchmark: 'search', set: 'search-homedepot-dev', script: 'bench:search', data: path.join(datasets, 'search-homedepot-dev') },
  { benchmark: 'search', set: 'demo', script: 'bench:search', data: path.join(root, 'bench/data/search') },
  { benchmark: 'image', set: 'image-grocery-val', script: 'bench:image', data: path.join(datasets, 'image-grocery-val') },
  { benchmark: 'image', set: 'demo', script: 'bench:image', data: path.join(root, 'bench/data/image') },
].filter((r) => !only || only.has(r.benchmark));

type Line = Record<string, unknown> & { benchmark: string; set: string; ok: boolean };

/** Runs one benchmark script and returns its JSON line (the last line of its output that parses as an object). */
function run(r: Run): Promise<Line> {
  const base = { benchmark: r.benchmark, set: r.set };
  if (r.data && !fs.existsSync(r.data)) return Promise.resolve({ ...base, ok: false, error: `data set not found: ${r.data}` });
  const npmArgs = ['run', '--silent', r.script, '--', ...(r.data ? ['--data', r.data] : []), '--json'];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', npmArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ...base, ok: false, error: err.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const parsed = stdout
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return null;
          }
        })
        .filter((o): o is Record<string, unknown> => o !== null)
        .at(-1);
      if (code === 0 && parsed) {
        resolve({ ...parsed, ...base, ok: true, seconds: parsed.seconds ?? seconds });
        return;
      }
      const why = signal ? `stopped by ${signal}` : code !== 0 ? `exit code ${code}` : 'no JSON line';
      const tail = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('npm warn')).slice(-3).join(' | ');
      resolve({ ...base, ok: false, error: `${why}${tail ? `: ${tail}` : ''}`, seconds });
    });
  });
}

const pct = (x: unknown) => (typeof x === 'number' ? `${(x * 100).toFixed(1)} %` : '—');
const num = (x: unknown, digits = 4) => (typeof x === 'number' ? x.toFixed(digits) : '—');

/** One human-readable line per benchmark run (without --json). */
function summary(l: Line): string {
  const head = `${`${l.benchmark} / ${l.set}`.padEnd(32)}`;
  if (!l.ok) return `${head} FAILED  ${String(l.error)}`;
  if (l.benchmark === 'recs') {
    const souq = l.souq as { hr20: number; mrr20: number };
    const ratio = l.ratio as Record<'hr20' | 'mrr20', { baseline: string; value: number; ci95: number[] }>;
    const r = (m: 'hr20' | 'mrr20') => `×${ratio[m].value.toFixed(3)} vs ${ratio[m].baseline} [${ratio[m].ci95.map((x) => x.toFixed(3)).join('–')}]`;
    return `${head} HR@20 ${num(souq.hr20)} (${r('hr20')})  MRR@20 ${num(souq.mrr20)} (${r('mrr20')})`;
  }
  if (l.benchmark === 'assistant') {
    const cpu = l.cpu_ms as { p95: number } | undefined;
    return `${head} score ${pct(l.score)} of ${String(l.questions)} questions (grounding ${pct(l.grounding)}, constraints ${pct(l.constraints)}), CPU p95 ${cpu?.p95 ?? '—'} ms`;
  }
  const rest = Object.entries(l).filter(([k]) => !['benchmark', 'set', 'ok', 'data'].includes(k));
  return `${head} ${JSON.stringify(Object.fromEntries(rest)).slice(0, 300)}`;
}

let failed = 0;
for (const r of runs) {
  if (!json) process.stdout.write(`running ${r.script} on ${r.set} …\n`);
  const line = await run(r);
  if (!line.ok) failed++;
  console.log(json ? JSON.stringify(line) : summary(line));
}
if (!json) console.log(`\n${runs.length - failed} of ${runs.length} benchmarks ran${failed ? `, ${failed} failed` : ''}.`);
