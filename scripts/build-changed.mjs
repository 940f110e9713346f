#!/usr/bin/env node
// `npm start` builds only what changed since the last build: each workspace's build writes a stamp (a hash of its
// inputs) into its dist; an up-to-date tree starts at once. `npm run build` still rebuilds everything.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['packages/shared/src', 'packages/shared/package.json', 'packages/shared/tsconfig.build.json', 'package-lock.json'];

/** Each workspace: what its build reads, where its stamp lives, how to build it (in this order). */
const targets = [
  { name: 'packages/shared', inputs: shared, out: 'packages/shared/dist' },
  { name: 'apps/web', inputs: [...shared, 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json'], out: 'apps/web/dist' },
  { name: 'apps/server', inputs: [...shared, 'apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'apps/server/tsconfig.build.json', 'tsconfig.base.json'], out: 'apps/server/dist' },
];

function files(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [p];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => files(path.join(p, e.name)));
}

function inputsHash(inputs) {
  const h = createHash('sha256');
  for (const f of inputs.flatMap(files).sort()) h.update(f).update('\0').update(fs.readFileSync(path.join(root, f))).update('\0');
  return h.digest('hex');
}

const stampFile = (t) => path.join(root, t.out, '.build-stamp');
for (const t of targets) {
  const hash = inputsHash(t.inputs);
  const current = fs.existsSync(stampFile(t)) ? fs.readFileSync(stampFile(t), 'utf8') : '';
  if (current === hash) {
    console.log(`✔ ${t.name} is up to date`);
    continue;
  }
  console.log(`▶ building ${t.name}`);
  const res = spawnSync('npm', ['run', 'build', '-w', t.name], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  fs.writeFileSync(stampFile(t), hash);
}
