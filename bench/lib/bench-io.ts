import fs from 'node:fs';
import path from 'node:path';

/** Stops a benchmark with a readable message (no stack: it is the user's input that is wrong). */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `--data DIR [--json]`, the common arguments of the quality benchmarks. */
export function parseArgs(argv: string[], script: string): { data: string; json: boolean } {
  const i = argv.indexOf('--data');
  const data = i >= 0 ? argv[i + 1] : undefined;
  if (!data) fail(`usage: npm run ${script} -- --data DIR [--json]`);
  const dir = path.resolve(data);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) fail(`not a directory: ${dir}`);
  return { data: dir, json: argv.includes('--json') };
}

/** A small CSV/TSV reader: header row, one record per line, no quoted separators (the benchmark formats need none). */
export function readCsv(file: string, separator = ','): { header: string[]; rows: string[][] } {
  if (!fs.existsSync(file)) fail(`missing file: ${file}`);
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const split = (l: string) => l.split(separator).map((c) => c.trim());
  const header = split(lines[0] ?? '').map((h) => h.toLowerCase());
  return { header, rows: lines.slice(1).map(split) };
}

/** The p-th percentile (0–100) of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
