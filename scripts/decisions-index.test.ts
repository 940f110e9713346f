import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md is the newcomer's way into the decision records (issue 35 item 5): it must list every
// record, and every link in it must lead to a record that exists, or the index quietly rots as records are added.

const DIR = path.resolve(import.meta.dirname, '../docs/decisions');
const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;
const STATUS = /^(in force|(amended|replaced) by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\)(, \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))*)$/;

/** What is wrong with `readme` as the index of the record files `files` (empty when nothing is). */
export function indexProblems(files: readonly string[], readme: string): string[] {
  const problems: string[] = [];
  const records = new Set(files.filter((f) => RECORD.test(f)));
  const linked = new Set<string>();
  for (const m of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
    linked.add(target);
    if (!records.has(target)) problems.push(`links a missing file: ${target}`);
  }
  // each record has its own row: its number, its title linked, a status naming only records that exist
  const rows = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const row = /^\| (\d{4}) \| \[[^\]]+\]\((\d{4}-[a-z0-9-]+\.md)\) \| (.+) \|$/.exec(line);
    if (!row) continue;
    const [, num, file, status] = row;
    if (!file!.startsWith(`${num}-`)) problems.push(`row ${num} links ${file}`);
    if (rows.has(file!)) problems.push(`listed twice: ${file}`);
    rows.set(file!, status!);
    if (!STATUS.test(status!)) problems.push(`row ${num} has no status of the legend: ${status}`);
  }
  for (const f of [...records].sort()) {
    if (!linked.has(f)) problems.push(`not listed: ${f}`);
    else if (!rows.has(f)) problems.push(`linked but without a row of its own: ${f}`);
  }
  return problems;
}

describe('the index of decision records', () => {
  it('lists every record in docs/decisions, each link leading to a record that exists', () => {
    const files = readdirSync(DIR).filter((f) => f !== 'README.md');
    // anything in the folder that is not a record by name would escape the index: it is named here instead
    expect(files.filter((f) => !RECORD.test(f))).toEqual([]);
    expect(indexProblems(files, readFileSync(path.join(DIR, 'README.md'), 'utf8'))).toEqual([]);
  });

  it('finds a record left out and a link to a file that is not there', () => {
    const files = ['0001-a.md', '0002-b.md'];
    const readme = [
      '| # | decision | status |',
      '|---|---|---|',
      '| 0001 | [A](0001-a.md) | replaced by [0003](0003-c.md) |',
    ].join('\n');
    expect(indexProblems(files, readme)).toEqual(['links a missing file: 0003-c.md', 'not listed: 0002-b.md']);
  });

  it('finds a row without a status of the legend, and a record listed twice', () => {
    const files = ['0001-a.md'];
    const readme = ['| 0001 | [A](0001-a.md) | superseded |', '| 0001 | [A](0001-a.md) | in force |'].join('\n');
    expect(indexProblems(files, readme)).toEqual(['row 0001 has no status of the legend: superseded', 'listed twice: 0001-a.md']);
  });

  it('accepts a complete index', () => {
    const files = ['0001-a.md', '0002-b.md'];
    const readme = [
      '| 0001 | [A](0001-a.md) | amended by [0002](0002-b.md) |',
      '| 0002 | [B](0002-b.md) | in force |',
    ].join('\n');
    expect(indexProblems(files, readme)).toEqual([]);
  });
});
