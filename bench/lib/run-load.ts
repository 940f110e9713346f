import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardLoadResult, CardLoadSpec } from './card-client.js';
import type { LoadResult, LoadSpec } from './load-client.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs bench/lib/load-client.ts in its own process (never sharing the server's event loop) and returns its figures. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return runClient('load-client.ts', spec);
}

/** Runs bench/lib/card-client.ts (card purchases placed and paid on the provider's page) in its own process. */
export async function runCardLoad(spec: CardLoadSpec): Promise<CardLoadResult> {
  return runClient('card-client.ts', spec);
}

async function runClient<T>(script: string, spec: unknown): Promise<T> {
  // the spec can be large (thousands of paths or bodies): it travels in a temporary file, not on the command line
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-load-'));
  const file = path.join(dir, 'spec.json');
  await fs.writeFile(file, JSON.stringify(spec));
  try {
    return await new Promise((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', path.join(here, script), file], { maxBuffer: 16 << 20, timeout: 10 * 60_000 }, (err, stdout, stderr) => {
        if (err) return reject(new Error(`load client failed: ${stderr || err.message}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T);
      });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
