#!/usr/bin/env node
// The one test command: typecheck + lint, unit and API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is set),
// build, then the browser journeys in Chromium. Fails if any step fails or if no browser test ran, and ends with
// one summary line 'total: N passed, N failed'.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

// colour codes of the runners' output, stripped before reading their summary lines
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
let passed = 0;

/** Runs a step, streaming its output, and returns what it printed. */
function run(cmd, args, env = {}) {
  console.log(`\n▶ ${cmd} ${args.join(' ')}${env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.on('close', (code) => {
      if (code !== 0) {
        console.error(`✖ ${cmd} ${args.join(' ')} failed`);
        console.log('total: 0 passed, 1 failed');
        process.exit(code ?? 1);
      }
      resolve(out.replace(ANSI, ''));
    });
  });
}

const count = (out, re) => Number(re.exec(out)?.[1] ?? 0);

// Node.js 24 LTS runs every step (decision 0085): `npm test` finds the project's own Node (the `node` dev dependency)
// first on its path even where the machine's Node is older; every spawned npm/npx step inherits that path.
console.log(`Node.js ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error('✖ The tests need Node.js 24 or newer. Run them with `npm test`, which uses the Node.js the project installs.');
  console.log('total: 0 passed, 1 failed');
  process.exit(1);
}

const skipE2e = process.argv.includes('--no-e2e');

/**
 * The browser journeys drive Debian's Chromium. On a fresh machine the test command installs it itself when it runs
 * as root, or stops at once with the exact command to run, before spending minutes on the other steps.
 */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return;
  const install = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log(`\n▶ Chromium is missing: ${install}`);
    const res = spawnSync('sh', ['-c', install], { stdio: 'inherit' });
    if (res.status === 0 && fs.existsSync(chromium)) return;
  }
  console.error(`✖ The browser tests need Chromium at ${chromium}. Install it with:\n    sudo sh -c '${install}'\n  or set CHROMIUM_PATH to a Chromium binary, or run \`npm test -- --no-e2e\` to skip the browser step.`);
  console.log('total: 0 passed, 1 failed');
  process.exit(1);
}
if (!skipE2e) ensureChromium();
await run('npm', ['run', 'check']);
passed += count(await run('npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }), /Tests\s+(\d+) passed/);
if (process.env.TEST_DATABASE_URL) {
  passed += count(await run('npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }), /Tests\s+(\d+) passed/);
}
await run('npm', ['run', 'build']);
if (!skipE2e) {
  const e2e = count(await run('npx', ['playwright', 'test']), /(\d+) passed/);
  if (e2e === 0) {
    console.error('✖ no browser test ran');
    console.log(`total: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += e2e;
}
console.log(`\n✔ all tests passed\ntotal: ${passed} passed, 0 failed`);
