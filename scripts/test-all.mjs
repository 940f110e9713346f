#!/usr/bin/env node
// The one test command: typecheck + lint, unit and API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is set),
// build, then the browser journeys in Chromium. Fails if any step fails or if no browser test ran.
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = {}) => {
  console.log(`\n▶ ${cmd} ${args.join(' ')}${env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ''}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`✖ ${cmd} ${args.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
};

const skipE2e = process.argv.includes('--no-e2e');
run('npm', ['run', 'check']);
run('npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) run('npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
run('npm', ['run', 'build']);
if (!skipE2e) {
  const r = spawnSync('npx', ['playwright', 'test'], { stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(r.stdout ?? '');
  if (r.status !== 0) process.exit(r.status ?? 1);
  const passed = /(\d+) passed/.exec(r.stdout ?? '');
  if (!passed || Number(passed[1]) === 0) {
    console.error('✖ no browser test ran');
    process.exit(1);
  }
}
console.log('\n✔ all tests passed');
