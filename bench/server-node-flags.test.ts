import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { ROOT } from './lib/built-server.js';

describe('the Node options of the bundled server (decision 0074)', () => {
  it('npm start passes the same ones the benchmarks and Playwright use (V8 rejects a code cache made under others)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=4');
  });
});
