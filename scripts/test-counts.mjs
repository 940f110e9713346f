// How many tests a runner says passed, failed and were skipped, read from its closing lines (colour codes stripped).

const count = (out, re) => Number(re.exec(out)?.[1] ?? 0);
/** Vitest's 'Tests  N passed | N failed | N skipped (N)' line. */
export const vitestCounts = (out) => {
  const line = /^\s*Tests\s+(.*)$/m.exec(out)?.[1] ?? '';
  return { passed: count(line, /(\d+) passed/), failed: count(line, /(\d+) failed/), skipped: count(line, /(\d+) (?:skipped|todo)/) };
};
/** Playwright's closing lines ('  12 passed (3.1m)', '  1 failed', '  1 flaky', '  2 skipped'). */
export const playwrightCounts = (out) => ({
  passed: count(out, /^\s+(\d+) passed/m) + count(out, /^\s+(\d+) flaky/m),
  failed: count(out, /^\s+(\d+) failed/m),
  skipped: count(out, /^\s+(\d+) skipped/m),
});

/**
 * The lines that name what failed, at most 12, in order, once each: Vitest's FAIL and error lines, Playwright's ✘ and
 * the journeys its closing lines list under 'N failed' and 'N flaky' (marked 'flaky:'), TypeScript's errors and
 * ESLint's count of problems, so a CI log's tail names them.
 */
export function failureLines(text) {
  const lines = [];
  let list = null;
  for (const raw of text.split('\n')) {
    const l = raw.trim();
    const header = /^\d+ (failed|flaky)$/.exec(l);
    if (header) { list = header[1]; continue; }
    if (list && /^\[[^\]]+\] › /.test(l)) { lines.push(list === 'flaky' ? `flaky: ${l}` : l); continue; }
    list = null;
    // and the check's: TypeScript's errors, ESLint's count of problems
    if (/^(FAIL\b|✘|Error:|Unhandled|\S*Error: )|\berror TS\d+:|^✖ \d+ problems?\b/.test(l)) lines.push(l);
  }
  return [...new Set(lines)].slice(0, 12).map((l) => (l.length > 200 ? `${l.slice(0, 199)}…` : l));
}
