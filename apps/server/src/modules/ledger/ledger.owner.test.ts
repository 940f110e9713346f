import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPosting, placedSales, UnbalancedPosting, type PostingLine } from './ledger.post.js';

// The ledger owns its table (issue 35 item 1, decision 0116): only ledger.post.ts writes ledger_entries. This test
// reads every source file under src (tests and migrations excepted: tests set up states by hand, migrations made the
// table) and fails on a write anywhere else, through Drizzle or in SQL text.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = 'modules/ledger/ledger.post.ts';

const WRITES: readonly RegExp[] = [
  // Drizzle: db.insert(ledgerEntries), tx.update(ledgerEntries), .delete(ledgerEntries)
  /\.\s*(insert|update|delete)\s*\(\s*ledgerEntries\b/,
  // the table imported under another name would slip past the line above
  /\bledgerEntries\s+as\s+\w/,
  // SQL text: insert into / update / delete from / truncate / copy … ledger_entries (quoted or schema-qualified too)
  /\b(insert\s+into|update(\s+only)?|delete\s+from(\s+only)?|truncate(\s+table)?(\s+only)?|copy|merge\s+into)\s+("?public"?\s*\.\s*)?"?ledger_entries"?(?![\w])/i,
];

/** The lines of `text` that write the ledger table, as "line: text". */
function ledgerWrites(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (WRITES.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full.endsWith(path.join('db', 'migrations')) ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs|cjs|sql)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('the ledger owns ledger_entries', () => {
  it('no file under src but ledger.post.ts writes the table', () => {
    const writers = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const found = ledgerWrites(readFileSync(file, 'utf8'));
      if (found.length) writers.set(path.relative(SRC, file).split(path.sep).join('/'), found);
    }
    // the owner is found too: the scan sees the writes it is looking for
    expect(writers.get(OWNER)?.length).toBeGreaterThanOrEqual(2);
    writers.delete(OWNER);
    expect(Object.fromEntries(writers)).toEqual({});
  });

  it('the scan catches the ways a write is spelled, and not reads', () => {
    for (const write of [
      'await tx.insert(ledgerEntries).values(rows)',
      'await db.update( ledgerEntries ).set({ memo })',
      'db.delete(ledgerEntries).where(eq(ledgerEntries.id, 1))',
      "import { ledgerEntries as le } from '../../db/schema/ledger.js';",
      'sql`insert into ledger_entries (posting) values (${p})`',
      "`INSERT INTO public.ledger_entries (posting) select 'x'`",
      'update ledger_entries set amount_cents = 0',
      'delete from "ledger_entries" where id = 1',
      'truncate table ledger_entries',
    ]) expect(ledgerWrites(write), write).toHaveLength(1);
    for (const read of [
      'db.select().from(ledgerEntries).where(eq(ledgerEntries.posting, p))',
      'select sum(amount_cents) from ledger_entries where order_id = $1',
      'left join ledger_entries e on e.account = \'vendor_payable\'',
      "index('ledger_entries_posting_idx').on(t.posting)",
      'await tx.insert(ledgerEntriesArchive).values(rows)',
    ]) expect(ledgerWrites(read), read).toEqual([]);
  });
});

describe('checkPosting', () => {
  const sale: PostingLine[] = [
    { account: 'shopper_receivable', vendorId: null, kind: 'sale', amountCents: 10_500 },
    { account: 'vendor_payable', vendorId: 7, kind: 'sale', amountCents: -10_000 },
    { account: 'sales_tax_payable', vendorId: null, kind: 'sales_tax', amountCents: -500 },
  ];
  const refused = (lines: PostingLine[], kind = 'cancelled', currency = 'AED') => {
    try {
      checkPosting(`${kind}:1`, kind, lines, currency);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(UnbalancedPosting);
      return (err as Error).message;
    }
  };

  it('takes a balanced posting of whole minor units', () => {
    expect(refused(sale)).toBeNull();
  });

  it('refuses debits that do not equal credits, fractions, zero rows, no rows, unknown kinds and misplaced vendors or shoppers', () => {
    expect(refused([...sale.slice(0, 2), { ...sale[2]!, amountCents: -499 }])).toContain('debits 10500 ≠ credits 10499');
    expect(refused([{ ...sale[0]!, amountCents: 10_500.5 }, ...sale.slice(1)])).toContain('not whole minor units');
    expect(refused([...sale, { account: 'bank', vendorId: null, kind: 'adjustment', amountCents: 0 }])).toContain('a zero row');
    expect(refused([])).toContain('no rows');
    expect(refused(sale, 'gift')).toContain("unknown posting kind 'gift'");
    expect(refused(sale, 'cancelled', 'aed')).toContain('not an ISO code');
    expect(refused([{ ...sale[0]!, vendorId: 7 }, ...sale.slice(1)])).toContain('a vendor only on vendor_payable');
    expect(refused([...sale.slice(0, 1), { ...sale[1]!, vendorId: null }, sale[2]!])).toContain('a vendor only on vendor_payable');
    expect(refused([{ ...sale[0]!, account: 'shopper_store_credit' }, ...sale.slice(1)])).toContain('a shopper only on shopper_store_credit');
    expect(refused([{ ...sale[0]!, shopperId: 3 }, ...sale.slice(1)])).toContain('a shopper only on shopper_store_credit');
  });

  it("checks the purchase statement's sales the same way before they are sent", () => {
    expect(JSON.parse(placedSales.salesParam([{ orderNumber: 'SQ-1', lines: sale }], 'AED'))).toHaveLength(3);
    expect(() => placedSales.salesParam([{ orderNumber: 'SQ-1', lines: sale.slice(0, 2) }], 'AED')).toThrow(UnbalancedPosting);
  });
});
