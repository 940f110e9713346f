import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it, type TestFunction } from 'vitest';

/**
 * Public standards and fixtures the tests check Souq against (the UCP release, the OASIS UBL 2.1 schemas, Stripe's
 * published objects, the AI development sets) live in `../shared/` beside the repository: CI always has it there, a
 * user's own clone does not, and the project never copies them in. A test that needs one of them is declared with
 * `itWithShared('<folder>')`:
 * - the folder is there: an ordinary test;
 * - it is absent on a developer's machine: the test is skipped and its name says what it needs, so the summary of
 *   `npm test` counts and names it (scripts/test-all.mjs lists every skipped test whose name carries the mark);
 * - it is absent under `CI`: the test fails, saying where the folder should be, because CI must check it.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SHARED_ROOT = path.resolve(repoRoot, '../shared');

/** The mark a skipped test's name carries; the test command's summary finds skipped tests by it. */
export const NEEDS_SHARED = 'needs ../shared/';

/** The absolute path of `../shared/<folder>/<parts…>`. */
export function sharedPath(folder: string, ...parts: string[]): string {
  return path.join(SHARED_ROOT, folder, ...parts);
}

/** Whether `../shared/<folder>` is present. */
export function hasShared(folder: string): boolean {
  return fs.existsSync(sharedPath(folder));
}

type TestFn = TestFunction;

/** `it` for a test that reads `../shared/<folder>` (see above). */
export function itWithShared(folder: string) {
  return (name: string, fn: TestFn, timeout?: number) => {
    if (hasShared(folder)) return it(name, fn, timeout);
    const mark = `${name} [${NEEDS_SHARED}${folder}]`;
    if (process.env.CI) {
      return it(mark, () => {
        throw new Error(`${sharedPath(folder)} is missing: CI runs with ../shared beside the clone, and this test must check against it`);
      });
    }
    return it.skip(mark, fn);
  };
}
