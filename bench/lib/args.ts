/**
 * Reads `--name value`, `--name=value` and `--flag` arguments. Its own module with no imports, so a bench that
 * does not start the app (bench:engine, bench:web, bench:start) can read its options without loading it.
 */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) out.set(a.slice(2), argv[++i]!);
    else out.set(a.slice(2), true);
  }
  return out;
}
