#!/usr/bin/env node
// The browser journeys in lanes (decision 0174): each lane is one Playwright process with its own server and its own
// embedded database, so no journey sees another lane's data. The spec files are shared out by the time each took in a
// recorded run (tests/e2e/durations.json), longest first, each to the lane with the least time so far.
//
//   node scripts/e2e-lanes.mjs --update REPORT.json   rewrite tests/e2e/durations.json from a Playwright JSON report
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DURATIONS_FILE = path.join(ROOT, 'tests/e2e/durations.json');
const SPEC_DIR = path.join(ROOT, 'tests/e2e');

/** Every spec file of the journeys, as a path from the repository's root ('tests/e2e/admin.spec.ts'). */
export function specFiles(dir = SPEC_DIR) {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.spec.ts')).sort().map((f) => `tests/e2e/${f}`);
}

/**
 * Shares `files` out over `lanes` lanes by their recorded seconds: longest first, each to the lane with the least time
 * so far (the longest-processing-time rule: never worse than 4/3 of the best split). A file with no recorded time (a
 * new journey) counts as the median of the recorded ones. Lanes come back sorted by file name, none empty unless there
 * are fewer files than lanes.
 */
export function splitIntoLanes(files, durations, lanes) {
  if (!Number.isInteger(lanes) || lanes < 1) throw new Error(`lanes must be a whole number ≥ 1, not ${lanes}`);
  const known = files.map((f) => durations[f]).filter((s) => typeof s === 'number' && s >= 0).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weighed = files.map((f) => ({ file: f, seconds: typeof durations[f] === 'number' && durations[f] >= 0 ? durations[f] : fallback }));
  // longest first; equal times by name, so the split is the same on every machine
  weighed.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const out = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }));
  for (const w of weighed) {
    const lane = out.reduce((best, l) => (l.seconds < best.seconds ? l : best), out[0]);
    lane.files.push(w.file);
    lane.seconds += w.seconds;
  }
  for (const l of out) l.files.sort();
  return out.filter((l) => l.files.length > 0);
}

/** The recorded seconds per spec file, or {} when none are recorded yet. */
export function readDurations(file = DURATIONS_FILE) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** Seconds per spec file from a Playwright JSON report (every test's every try, hooks included in its duration). */
export function durationsFromReport(report) {
  const seconds = {};
  const walk = (suite, file) => {
    const here = suite.file ? `tests/e2e/${suite.file}` : file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) seconds[here] = (seconds[here] ?? 0) + (result.duration ?? 0) / 1000;
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, undefined);
  return Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([f, s]) => [f, Math.round(s)]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const at = process.argv.indexOf('--update');
  if (at < 0 || !process.argv[at + 1]) {
    console.error('usage: node scripts/e2e-lanes.mjs --update REPORT.json');
    process.exit(2);
  }
  const durations = durationsFromReport(JSON.parse(fs.readFileSync(process.argv[at + 1], 'utf8')));
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`${Object.keys(durations).length} spec files, ${Object.values(durations).reduce((a, b) => a + b, 0)} s in all → ${path.relative(ROOT, DURATIONS_FILE)}`);
}
