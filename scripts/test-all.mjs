#!/usr/bin/env node
// The one test command: typecheck + lint, unit and API tests (PGlite), build, then the browser journeys in Chromium,
// with the API tests on PostgreSQL beside them when TEST_DATABASE_URL is set. Every phase runs even when an earlier one failed (the journeys need
// the build), so one run shows everything that is wrong; it fails if any phase failed or if no browser test ran, and
// ends with a line per phase and one summary line 'total: N passed, N failed, N skipped' over every phase that ran.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDurations, specFiles, splitIntoLanes } from './e2e-lanes.mjs';
import { failureLines, playwrightCounts, vitestCounts } from './test-counts.mjs';

// colour codes of the runners' output, stripped before reading their summary lines
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Every phase that ran, with its counts: the summary line adds them all up, whether the run ends green or not. */
const phases = [];
/** Names of skipped tests that need ../shared (read from Vitest's JSON report), for the summary. */
const needsShared = new Set();
const SHARED_MARK = 'needs ../shared/';

function summary() {
  const sum = (k) => phases.reduce((n, p) => n + p[k], 0);
  console.log('\nSummary');
  // each phase's wall time beside its counts: CI must stay under 40 minutes, and this says where the time goes
  for (const p of phases) {
    console.log(`  ${p.name}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped${p.failedStep ? ' (step failed)' : ''} in ${p.seconds} s`);
    // what failed, here at the end where a CI log's tail shows it (the first lane's output streams and is cut off):
    // the failed and flaky tests, or where a step failed with no failed test (a hook that timed out, an unhandled error)
    if (p.failedStep || p.failed > 0 || p.why.some((l) => l.startsWith('flaky: '))) for (const line of p.why) console.log(`    ${line}`);
  }
  if (needsShared.size) {
    console.log(`  ${needsShared.size} test(s) skipped because ../shared is not beside this clone (CI has it; see README):`);
    for (const n of [...needsShared].sort()) console.log(`    - ${n}`);
  }
  const failed = sum('failed') + phases.filter((p) => p.failedStep && p.failed === 0).length;
  return `total: ${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped`;
}

/**
 * Runs a step, streaming its output; records its counts and whether it failed, and returns what it printed. A step
 * run beside another (`held`) keeps its output and prints it whole when it ends, so the two logs do not interleave.
 */
function run(name, cmd, args, { env = {}, counts = () => ({ passed: 0, failed: 0, skipped: 0 }), held = false } = {}) {
  const title = `\n▶ ${cmd} ${args.join(' ')}${env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`;
  console.log(held ? `${title} — beside the next step; its output follows when it ends` : title);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', held ? 'pipe' : 'inherit'], env: { ...process.env, ...env } });
    let out = '';
    let both = '';
    child.stdout.on('data', (chunk) => {
      if (held) both += chunk.toString();
      else process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.stderr?.on('data', (chunk) => {
      both += chunk.toString();
    });
    child.on('close', (code) => {
      if (held) console.log(`${title} — ended:\n${both}`);
      const text = out.replace(ANSI, '');
      const phase = { name, ...counts(text), failedStep: code !== 0, why: failureLines(text), seconds: Math.round((Date.now() - started) / 1000) };
      phases.push(phase);
      if (code !== 0) console.error(`✖ ${cmd} ${args.join(' ')} failed`);
      resolve({ text, ok: code === 0 });
    });
  });
}

/** Vitest with its JSON report beside the console's, to name the tests skipped for want of ../shared. */
async function vitest(name, args, env, { held = false } = {}) {
  const report = path.join(os.tmpdir(), `souq-vitest-${process.pid}-${name.replace(/\W+/g, '-')}.json`);
  try {
    return await run(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { env, counts: vitestCounts, held });
  } finally {
    readSkippedForShared(report);
  }
}

function readSkippedForShared(report) {
  if (!fs.existsSync(report)) return;
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  for (const file of json.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'passed' && t.status !== 'failed' && t.fullName?.includes(SHARED_MARK)) needsShared.add(`${path.relative(process.cwd(), file.name)}: ${t.fullName}`);
    }
  }
  fs.rmSync(report, { force: true });
}

// Node.js 24 LTS runs every step (decision 0085): `npm test` finds the project's own Node (the `node` dev dependency)
// first on its path even where the machine's Node is older; every spawned npm/npx step inherits that path.
console.log(`Node.js ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error('✖ The tests need Node.js 24 or newer. Run them with `npm test`, which uses the Node.js the project installs.');
  console.log('total: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const skipE2e = process.argv.includes('--no-e2e');
// --only-e2e: the build and the browser journeys alone (their lanes timed without the other phases)
const onlyE2e = process.argv.includes('--only-e2e') && !skipE2e;

/**
 * The browser journeys drive Debian's Chromium, and the delivery journey reads its labels with poppler's pdftotext,
 * as a PDF reader does. On a fresh machine the test command installs what is missing itself when it runs as root, or
 * stops at once with the exact command to run, before spending minutes on the other steps.
 */
function ensureBrowserTools() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  const missing = () => [...(fs.existsSync(chromium) ? [] : ['chromium']), ...(has('pdftotext') ? [] : ['poppler-utils'])];
  // Debian's headless shell drives most journeys when installed (a third less CPU, decision 0182): installed beside the
  // rest when something is missing anyway, or alone as root; without it the whole browser drives every journey
  const shell = fs.existsSync('/usr/lib/chromium/chromium-headless-shell') || process.env.CHROMIUM_PATH ? [] : ['chromium-headless-shell'];
  let need = missing();
  if (!need.length && shell.length && process.getuid?.() === 0 && has('apt-get')) {
    console.log(`\n▶ Installing Debian's ${shell[0]} for the browser journeys`);
    const res = spawnSync('sh', ['-c', `apt-get install -y -qq ${shell[0]} || (apt-get update -qq && apt-get install -y -qq ${shell[0]})`], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (res.status !== 0) console.log(`  (not installed: the whole browser drives every journey)`);
  }
  if (!need.length) return;
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${[...need, ...shell].join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && has('apt-get') && !(need.includes('chromium') && process.env.CHROMIUM_PATH)) {
    console.log(`\n▶ Missing for the browser tests: ${install}`);
    const res = spawnSync('sh', ['-c', install], { stdio: 'inherit' });
    need = missing();
    if (res.status === 0 && !need.length) return;
  }
  console.error(`✖ The browser tests need ${need.join(' and ')} (Chromium at ${chromium}, poppler's pdftotext). Install with:\n    sudo sh -c '${install}'\n  or set CHROMIUM_PATH to a Chromium binary, or run \`npm test -- --no-e2e\` to skip the browser step.`);
  console.log('total: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
if (!skipE2e) ensureBrowserTools();
if (!fs.existsSync(path.resolve('../shared'))) {
  console.log('\nNote: ../shared is not beside this clone: the tests that check Souq against the public standards and fixtures it holds are skipped and named at the end (CI has it; see README).');
}
/**
 * The browser journeys in lanes (decision 0174): each lane one Playwright process with its own server on its own port
 * and its own embedded database, the spec files shared out by their recorded times (scripts/e2e-lanes.mjs). A journey
 * waits on the browser and the server most of the time (16 % of a core measured), so three lanes on two cores take
 * about a third of one lane's time; the longest spec file (the layout walk, ~200 s recorded) is about half a lane's
 * share. The first lane's output streams; the others' is printed whole when each ends. SOUQ_E2E_LANES=N runs N.
 */
async function journeys() {
  const wanted = Number(process.env.SOUQ_E2E_LANES ?? (serial ? 1 : 3));
  const lanes = splitIntoLanes(specFiles(), readDurations(), wanted);
  const basePort = Number(process.env.E2E_PORT ?? 4173);
  const results = await Promise.all(lanes.map((lane, i) => {
    const name = lanes.length > 1 ? `browser journeys (Playwright), lane ${i + 1} of ${lanes.length}` : 'browser journeys (Playwright)';
    if (lanes.length > 1) console.log(`\n${name}: ${lane.files.length} spec files, ${lane.seconds} s when recorded`);
    return run(name, 'npx', ['playwright', 'test', ...(lanes.length > 1 ? lane.files : [])], {
      counts: playwrightCounts,
      held: i > 0,
      env: { E2E_PORT: String(basePort + i), ...(lanes.length > 1 ? { E2E_LANE: String(i + 1) } : {}) },
    });
  }));
  if (results.reduce((n, r) => n + playwrightCounts(r.text).passed, 0) === 0) {
    console.error('✖ no browser test ran');
    const phase = phases.find((p) => p.name.startsWith('browser journeys'));
    if (phase) phase.failed ||= 1;
  }
}

if (!onlyE2e) {
  await run('check (typecheck, lint, catalogues)', 'npm', ['run', 'check']);
  await vitest('unit and API tests (PGlite)', [], { TEST_DATABASE_URL: '' });
}
const build = await run('build', 'npm', ['run', 'build']);
// The PostgreSQL variant runs beside the browser journeys, on one worker (decision 0170): the journeys wait on a
// browser most of the time and leave a core free, so the two together take about the journeys' time, not the sum.
// SOUQ_TEST_SERIAL=1 runs them one after the other (a machine with one core, or to time each alone).
const serial = Boolean(process.env.SOUQ_TEST_SERIAL) || skipE2e || !build.ok;
const postgres = process.env.TEST_DATABASE_URL && !onlyE2e
  ? vitest('API tests (PostgreSQL)', ['--project', 'api', ...(serial ? [] : ['--maxWorkers', '1'])], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, { held: !serial })
  : Promise.resolve();
if (serial) await postgres;
if (!skipE2e) {
  if (!build.ok) {
    console.error('✖ the browser journeys need the build: not run');
  } else {
    await journeys();
  }
}
await postgres;
const line = summary();
const failed = phases.some((p) => p.failedStep || p.failed > 0) || (!skipE2e && !build.ok);
console.log(failed ? '\n✖ some tests failed' : '\n✔ all tests passed');
console.log(line);
process.exit(failed ? 1 : 0);
