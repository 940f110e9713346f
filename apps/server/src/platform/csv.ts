// CSV as RFC 4180 (CRLF lines, fields with a comma, quote or line break quoted, quotes doubled), safe to open in a
// spreadsheet: a text cell that starts like a formula (= + - @, tab, carriage return) is prefixed with a single
// quote so it is shown as text and never evaluated (OWASP "CSV injection").

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are, text defused against formulas, then quoted when it has to be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: a header row then the rows, CRLF-terminated, with a UTF-8 BOM so spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
