import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS, serverStartCommand } from '../scripts/server-node-flags.mjs';
import { ROOT } from './lib/built-server.js';

describe('the Node options of the bundled server (decision 0074)', () => {
  it('npm start passes the same ones the benchmarks and Playwright use (V8 rejects a code cache made under others)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(serverStartCommand('scripts/start.mjs'));
    expect(pkg.scripts.start).toContain(` node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=4');
  });

  it('npm start, the benchmarks and Playwright start it with glibc malloc thresholds fixed (decision 0189)', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' });
    const playwright = fs.readFileSync(path.join(ROOT, 'playwright.config.ts'), 'utf8');
    expect(playwright).toContain('...SERVER_ENV');
    const launcher = fs.readFileSync(path.join(ROOT, 'bench/lib/built-server.ts'), 'utf8');
    expect(launcher).toContain('...SERVER_ENV');
  });
});
