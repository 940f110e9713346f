import type { RemittanceRecord } from '@souq/shared/api/cod';

// A courier's remittance file (decision 0140): CSV with three columns — order number, amount collected in AED, date —
// an optional header row, commas or semicolons, quoted fields as RFC 4180 writes them, a UTF-8 BOM allowed. Each record
// keeps its line number, so an error names the row a person sees in a spreadsheet.

export type NumberedRecord = RemittanceRecord & { row: number; columns: number };

/** The fields of each non-empty line, with its 1-based line number. */
export function parseCsv(text: string): { row: number; cells: string[] }[] {
  const src = text.replace(/^\uFEFF/, '');
  const out: { row: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const delimiter = /^[^\n]*;/.test(src) && !/^[^\n]*,/.test(src) ? ';' : ',';
  const endLine = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) out.push({ row: start, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false;
      else { if (ch === '\n') line++; cell += ch; }
    } else if (ch === '"' && cell.trim() === '') { quoted = true; cell = ''; } else if (ch === delimiter) { cells.push(cell); cell = ''; } else if (ch === '\n') {
      endLine();
      line++;
      start = line;
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || cells.length) endLine();
  return out;
}

/** The file's records (the header row, when the first row names its columns, left out). */
export function remittanceRecordsFromCsv(text: string): NumberedRecord[] {
  const rows = parseCsv(text);
  if (rows.length && /order|amount|date|طلب/i.test(rows[0]!.cells.join(' ')) && !/\d{4}-\d{2}-\d{2}/.test(rows[0]!.cells.join(' '))) rows.shift();
  return rows.map(({ row, cells }) => ({ row, columns: cells.length, order_number: cells[0] ?? '', amount: cells[1] ?? '', date: cells[2] ?? '' }));
}
