import { amountToCents } from '@souq/shared/rules/money';
import { BANK_STATEMENT_HEADER } from '@souq/shared/api/reconciliation';
import { badRequest, say } from '../../platform/errors.js';

// The bank statement an admin imports (decision 0143): CSV (RFC 4180, comma-separated, UTF-8, a BOM allowed), a header
// line `date,amount,currency,reference,description`, then one line per booking: the booking date (YYYY-MM-DD), the
// amount in the account's currency with a point for decimals, negative for money out (-1234.50), the currency (AED),
// the bank's reference (a payout's SOUQ-PO-000123 as Souq's transfer file gave it) and the bank's text.

export type BankLine = { lineNo: number; bookedOn: string; amountCents: number; currency: string; reference: string; description: string; payoutId: number | null };

/** The fields of one CSV record; quotes as RFC 4180 (doubled inside a quoted field). */
export function csvRecords(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  // blank lines are not records
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;
/** A payout's reference anywhere in the bank's reference (banks add their own text around it). */
const PAYOUT_REF = /SOUQ-PO-(\d{1,9})/i;

const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** The statement's lines, or a 400 naming the first line that is not valid. */
export function parseBankStatement(text: string): BankLine[] {
  const records = csvRecords(text);
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  if (!header || header.join(',') !== BANK_STATEMENT_HEADER.join(',')) throw badRequest(say.bankStatementHeader(BANK_STATEMENT_HEADER.join(',')));
  if (records.length < 2) throw badRequest(say.bankStatementEmpty);
  return records.slice(1).map((r, i) => {
    const lineNo = i + 2;
    const [date, amount, currency, reference, description] = r.map((f) => f.trim());
    if (r.length !== 5 || !validDate(date!) || !AMOUNT.test(amount!) || !/^[A-Za-z]{3}$/.test(currency!) || !reference || reference.length > 200 || description!.length > 500)
      throw badRequest(say.bankStatementLine(lineNo));
    const cents = amountToCents(Number(amount));
    if (cents === 0) throw badRequest(say.bankStatementLine(lineNo));
    const payout = reference.match(PAYOUT_REF);
    return { lineNo, bookedOn: date!, amountCents: cents, currency: currency!.toUpperCase(), reference, description: description!, payoutId: payout ? Number(payout[1]) : null };
  });
}
