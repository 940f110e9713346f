import { describe, expect, it } from 'vitest';
import { failureLines, playwrightCounts, vitestCounts } from './test-counts.mjs';

describe("the test command reads each runner's counts", () => {
  it("reads Vitest's summary line with failures and skips", () => {
    const out = ' Test Files  3 failed | 120 passed (123)\n      Tests  17 failed | 1036 passed | 4 skipped (1057)\n   Start at  21:33:29\n';
    expect(vitestCounts(out)).toEqual({ passed: 1036, failed: 17, skipped: 4 });
  });
  it('reads a green Vitest run and ignores the Test Files line', () => {
    expect(vitestCounts(' Test Files  1 passed (1)\n      Tests  14 passed (14)\n')).toEqual({ passed: 14, failed: 0, skipped: 0 });
  });
  it("reads Playwright's closing lines, counting flaky tests as passed", () => {
    const out = '  ✓ 115 foundation.spec.ts\n\n  1 failed\n    [desktop] › notifications.spec.ts:10:1 › push\n  2 flaky\n  1 skipped\n  111 passed (18.2m)\n';
    expect(playwrightCounts(out)).toEqual({ passed: 113, failed: 1, skipped: 1 });
  });
  it('reads nothing from output without a summary', () => {
    expect(playwrightCounts('Error: webServer exited\n')).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
  it('names what failed when no test did: a suite whose hook timed out, an unhandled error', () => {
    const out = [
      ' ✓ api apps/server/src/x.test.ts (3 tests)',
      ' FAIL  api apps/server/src/platform/planner-stats.test.ts > planner statistics on the embedded database',
      'Error: Hook timed out in 60000ms.',
      ' FAIL  api apps/server/src/platform/planner-stats.test.ts > planner statistics on the embedded database',
      '⎯⎯⎯ Unhandled Errors ⎯⎯⎯',
      'TypeError: Cannot read properties of undefined',
    ].join('\n');
    expect(failureLines(out)).toEqual([
      'FAIL  api apps/server/src/platform/planner-stats.test.ts > planner statistics on the embedded database',
      'Error: Hook timed out in 60000ms.',
      'TypeError: Cannot read properties of undefined',
    ]);
  });
  it("names the journeys Playwright's closing lines list as failed and as flaky", () => {
    const out = [
      '  ✓  38 [desktop] › tests/e2e/a.spec.ts:9:1 › fine (3.1s)',
      '  ✘  39 [desktop] › tests/e2e/b.spec.ts:12:1 › breaks (20.0s)',
      '',
      '  1 failed',
      '    [desktop] › tests/e2e/b.spec.ts:12:1 › breaks ─────────',
      '  1 flaky',
      '    [desktop] › tests/e2e/c.spec.ts:40:3 › wobbles ────────',
      '  38 passed (16.2m)',
      '    [desktop] › tests/e2e/not-listed.spec.ts:1:1 › after the passed line',
    ].join('\n');
    expect(failureLines(out)).toEqual([
      '✘  39 [desktop] › tests/e2e/b.spec.ts:12:1 › breaks (20.0s)',
      '[desktop] › tests/e2e/b.spec.ts:12:1 › breaks ─────────',
      'flaky: [desktop] › tests/e2e/c.spec.ts:40:3 › wobbles ────────',
    ]);
  });
  it("names the check's TypeScript errors and ESLint's count", () => {
    const out = [
      "apps/server/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      "error TS6053: File '/w/bench/gone.ts' not found.",
      '✖ 2 problems (2 errors, 0 warnings)',
    ].join('\n');
    expect(failureLines(out)).toEqual([
      "apps/server/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      "error TS6053: File '/w/bench/gone.ts' not found.",
      '✖ 2 problems (2 errors, 0 warnings)',
    ]);
  });
});
