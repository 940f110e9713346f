import fs from 'node:fs';

/** Rows of a tab-separated file with a header row, as objects keyed by the (lower-cased) header names. */
export function readTsv(file: string): Record<string, string>[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines.shift() ?? '').split('\t').map((h) => h.trim().toLowerCase());
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()]));
  });
}
