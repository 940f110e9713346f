// Runs a load spec in a separate process (bench/lib/load-client.ts), so the load generator never shares the
// server's event loop. Shared by the load benchmarks.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // the spec can be large (thousands of paths): it travels in a temporary file, not on the command line
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-load-'));
  const file = path.join(dir, 'spec.json');
  await fs.writeFile(file, JSON.stringify(spec));
  try {
    return await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'load-client.ts'), file],
        { maxBuffer: 1 << 20, timeout: 10 * 60_000 },
        (err, stdout, stderr) => {
          if (err) return reject(new Error(`load client failed: ${stderr || err.message}`));
          resolve(JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult);
        },
      );
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
