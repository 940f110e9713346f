import { sql } from 'drizzle-orm';
import type { VatFigures, VatIssuer, VatReport, VatReportCategory, VatReportQuery } from '@souq/shared/api/vat-report';
import { VAT_REPORT_CATEGORIES } from '@souq/shared/api/vat-report';
import { TAX_ADVICE_NOTE } from '@souq/shared/rules/tax';
import type { Db } from '../../platform/db.js';
import { toCsv } from '../vendor-dashboard/csv.js';
import { rowsOf } from '../reports/report-sql.js';
import { readTaxSettings } from './tax.documents.js';

// The VAT report for a period (issue 25 item 7, decision 0109). Every figure is a SUM over the immutable tax documents
// (their frozen lines) and the append-only ledger; nothing is stored. The documents are the tax record: the report
// says what they add up to, and the reconciliation says whether the ledger agrees.

/** The VAT return's currency: the FTA takes returns in AED; documents in another currency are left out. */
export const VAT_CURRENCY = 'AED';
/** UAE time (no daylight saving): a day of the period runs from 00:00 to 24:00 in Dubai. */
const UAE_OFFSET_MS = 4 * 3_600_000;

/** The period's bounds as instants: [from 00:00, to + 1 day 00:00) in UAE time. */
export function periodBounds(q: VatReportQuery): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${q.from}T00:00:00Z`) - UAE_OFFSET_MS),
    end: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000 - UAE_OFFSET_MS),
  };
}

type Scope = 'all' | { vendorId: number };
const issuerFilter = (scope: Scope) => (scope === 'all' ? sql`true` : sql`d.issuer = ${`vendor:${scope.vendorId}`}`);
const sellerFilter = (scope: Scope) => (scope === 'all' ? sql`true` : sql`o.seller_vendor_id = ${scope.vendorId}`);

type LineRow = { issuer: string; kind: 'invoice' | 'credit_note'; category: VatReportCategory; net: number; tax: number };
type DocRow = { issuer: string; kind: 'invoice' | 'credit_note'; n: number; shipping: number; net: number; tax: number; total: number };
type RecRow = { issuer: string; documents: number; ledger: number; uninvoiced: number };

const emptyFigures = (): VatFigures => ({
  invoices: 0, credit_notes: 0,
  categories: VAT_REPORT_CATEGORIES.map((category) => ({ category, invoiced_net_cents: 0, invoiced_tax_cents: 0, credited_net_cents: 0, credited_tax_cents: 0, net_cents: 0, tax_cents: 0 })),
  shipping_cents: 0,
  boxes: { box1_standard_cents: 0, box1_vat_cents: 0, box4_zero_rated_cents: 0, box5_exempt_cents: 0, box8_total_cents: 0, box8_vat_cents: 0 },
  totals: { net_cents: 0, tax_cents: 0, total_cents: 0 },
  reconciliation: { documents_tax_cents: 0, ledger_tax_cents: 0, difference_cents: 0, uninvoiced_ledger_tax_cents: 0 },
});

function addLine(f: VatFigures, r: LineRow) {
  const row = f.categories.find((c) => c.category === r.category)!;
  if (r.kind === 'invoice') { row.invoiced_net_cents += r.net; row.invoiced_tax_cents += r.tax; } else { row.credited_net_cents += r.net; row.credited_tax_cents += r.tax; }
  row.net_cents = row.invoiced_net_cents - row.credited_net_cents;
  row.tax_cents = row.invoiced_tax_cents - row.credited_tax_cents;
}

function addDocs(f: VatFigures, r: DocRow) {
  const sign = r.kind === 'invoice' ? 1 : -1;
  if (r.kind === 'invoice') f.invoices += r.n; else f.credit_notes += r.n;
  f.shipping_cents += sign * r.shipping;
  f.totals.net_cents += sign * r.net;
  f.totals.tax_cents += sign * r.tax;
  f.totals.total_cents += sign * r.total;
}

function addReconciliation(f: VatFigures, r: Pick<RecRow, 'documents' | 'ledger' | 'uninvoiced'>) {
  const rec = f.reconciliation;
  rec.documents_tax_cents += r.documents;
  rec.ledger_tax_cents += r.ledger;
  rec.uninvoiced_ledger_tax_cents += r.uninvoiced;
  rec.difference_cents = rec.documents_tax_cents - rec.ledger_tax_cents;
}

/** The 201 boxes from the categories: supplies outside the return (an unregistered supplier's) and shipping stay out. */
function fillBoxes(f: VatFigures) {
  const of = (c: VatReportCategory) => f.categories.find((r) => r.category === c)!;
  const b = f.boxes;
  b.box1_standard_cents = of('standard').net_cents;
  b.box1_vat_cents = of('standard').tax_cents;
  b.box4_zero_rated_cents = of('zero').net_cents;
  b.box5_exempt_cents = of('exempt').net_cents;
  b.box8_total_cents = b.box1_standard_cents + b.box4_zero_rated_cents + b.box5_exempt_cents;
  b.box8_vat_cents = b.box1_vat_cents + of('zero').tax_cents + of('exempt').tax_cents;
}

export type VatReportService = ReturnType<typeof createVatReportService>;

export function createVatReportService(deps: { db: Db }) {
  const { db } = deps;

  async function report(q: VatReportQuery, scope: Scope): Promise<VatReport> {
    const { start, end } = periodBounds(q);
    const inPeriod = sql`d.issued_at >= ${start.toISOString()}::timestamptz and d.issued_at < ${end.toISOString()}::timestamptz and d.currency = ${VAT_CURRENCY} and ${issuerFilter(scope)}`;
    const [lines, docs, rec, names] = await Promise.all([
      // each frozen line in its category: a rate above zero is a standard-rated supply; a supplier that was not
      // registered when the document was issued makes supplies outside the return whatever the product's category
      rowsOf<LineRow>(db, sql`
        select d.issuer, d.kind,
          case when (l->>'rateBps')::int > 0 then 'standard'
               when coalesce((d.snapshot->'supplier'->>'registered')::boolean, false) = false then 'not_registered'
               when l->>'category' = 'zero' then 'zero' when l->>'category' = 'exempt' then 'exempt' else 'standard' end as category,
          sum((l->>'netCents')::int8)::int8 as net, sum((l->>'taxCents')::int8)::int8 as tax
        from tax_documents d cross join lateral jsonb_array_elements(d.snapshot->'lines') as l
        where ${inPeriod} group by 1, 2, 3`),
      rowsOf<DocRow>(db, sql`
        select d.issuer, d.kind, count(*)::int8 as n, sum((d.snapshot->>'shippingCents')::int8)::int8 as shipping,
          sum(d.net_cents)::int8 as net, sum(d.tax_cents)::int8 as tax, sum(d.total_cents)::int8 as total
        from tax_documents d where ${inPeriod} group by 1, 2`),
      // as at the period's end: the documents of every sub-order invoiced by then against that sub-order's
      // sales_tax_payable rows (credits are negative, so the tax owed is minus their sum) posted by then
      rowsOf<RecRow>(db, sql`
        with invoiced as (
          select d.order_id from tax_documents d where d.kind = 'invoice' and d.issued_at < ${end.toISOString()}::timestamptz and d.currency = ${VAT_CURRENCY} and ${issuerFilter(scope)}
        ), docs as (
          select o.seller_vendor_id as seller, sum(case when d.kind = 'invoice' then d.tax_cents else -d.tax_cents end)::int8 as cents
          from tax_documents d join orders o on o.id = d.order_id
          where d.order_id in (select order_id from invoiced) and d.issued_at < ${end.toISOString()}::timestamptz group by 1
        ), ledger as (
          select o.seller_vendor_id as seller,
            (-sum(e.amount_cents) filter (where e.order_id in (select order_id from invoiced)))::int8 as invoiced,
            (-sum(e.amount_cents) filter (where e.order_id not in (select order_id from invoiced)))::int8 as uninvoiced
          from ledger_entries e join orders o on o.id = e.order_id
          where e.account = 'sales_tax_payable' and e.currency = ${VAT_CURRENCY} and e.created_at < ${end.toISOString()}::timestamptz and ${sellerFilter(scope)}
          group by 1
        )
        select case when s.seller is null then 'marketplace' else 'vendor:' || s.seller end as issuer,
          coalesce(docs.cents, 0)::int8 as documents, coalesce(ledger.invoiced, 0)::int8 as ledger, coalesce(ledger.uninvoiced, 0)::int8 as uninvoiced
        from (select seller from docs union select seller from ledger) s
        left join docs on docs.seller is not distinct from s.seller left join ledger on ledger.seller is not distinct from s.seller`),
      // the name and TRN of each issuer as its latest document in the period printed them
      rowsOf<{ issuer: string; name: string; trn: string | null }>(db, sql`
        select distinct on (d.issuer) d.issuer, d.snapshot->'supplier'->>'name' as name, d.snapshot->'supplier'->>'trn' as trn
        from tax_documents d where ${inPeriod} order by d.issuer, d.id desc`),
    ]);

    const byIssuer = new Map<string, VatIssuer>();
    const issuerOf = (issuer: string): VatIssuer => {
      let entry = byIssuer.get(issuer);
      if (!entry) {
        const vendorId = issuer.startsWith('vendor:') ? Number(issuer.slice('vendor:'.length)) : null;
        entry = { issuer, vendor_id: vendorId, name: '', trn: null, ...emptyFigures() };
        byIssuer.set(issuer, entry);
      }
      return entry;
    };
    const total = emptyFigures();
    for (const r of lines) { const row = { ...r, net: Number(r.net), tax: Number(r.tax) }; addLine(issuerOf(r.issuer), row); addLine(total, row); }
    for (const r of docs) {
      const row = { ...r, n: Number(r.n), shipping: Number(r.shipping), net: Number(r.net), tax: Number(r.tax), total: Number(r.total) };
      addDocs(issuerOf(r.issuer), row);
      addDocs(total, row);
    }
    for (const r of rec) {
      const row = { documents: Number(r.documents), ledger: Number(r.ledger), uninvoiced: Number(r.uninvoiced) };
      // an issuer with nothing in the period but VAT waiting in the ledger is still listed: the admin sees where it is
      if (row.documents === 0 && row.ledger === 0 && row.uninvoiced === 0) continue;
      addReconciliation(issuerOf(r.issuer), row);
      addReconciliation(total, row);
    }
    const settings = await readTaxSettings(db);
    const missing = [...byIssuer.values()].filter((i) => !names.some((n) => n.issuer === i.issuer) && i.vendor_id !== null).map((i) => i.vendor_id!);
    const vendorNames = missing.length
      ? await rowsOf<{ id: number; name: string }>(db, sql`select id, company_name as name from vendors where id in (${sql.join(missing.map((id) => sql`${id}`), sql`, `)})`)
      : [];
    for (const entry of byIssuer.values()) {
      const printed = names.find((n) => n.issuer === entry.issuer);
      entry.name = printed?.name ?? (entry.vendor_id === null ? settings.legalName : vendorNames.find((v) => v.id === entry.vendor_id)?.name ?? '');
      entry.trn = printed ? printed.trn : null;
      fillBoxes(entry);
    }
    fillBoxes(total);
    const issuers = [...byIssuer.values()].sort((a, b) => (a.vendor_id ?? -1) - (b.vendor_id ?? -1));
    return { from: q.from, to: q.to, currency: VAT_CURRENCY, issuers, total, note: TAX_ADVICE_NOTE };
  }

  return {
    /** Every issuer and the marketplace's total (admin). */
    forAdmin: (q: VatReportQuery) => report(q, 'all'),
    /** A vendor's own documents and ledger rows only. */
    forVendor: (q: VatReportQuery, vendorId: number) => report(q, { vendorId }),
    /** The report as CSV: one row per issuer and figure, then the marketplace total (admin) — amounts in AED. */
    csv(r: VatReport): string {
      const amount = (c: number) => (c / 100).toFixed(2);
      const rows: (string | number)[][] = [];
      const put = (who: { issuer: string; name: string; trn: string | null }, f: VatFigures) => {
        const row = (section: string, item: string, value: number, vat: number | null) =>
          rows.push([r.from, r.to, who.issuer, who.name, who.trn ?? '', section, item, amount(value), vat === null ? '' : amount(vat)]);
        for (const c of f.categories) row('category', c.category, c.net_cents, c.tax_cents);
        row('shipping', 'untaxed', f.shipping_cents, null);
        row('box', '1 standard-rated supplies', f.boxes.box1_standard_cents, f.boxes.box1_vat_cents);
        row('box', '4 zero-rated supplies', f.boxes.box4_zero_rated_cents, null);
        row('box', '5 exempt supplies', f.boxes.box5_exempt_cents, null);
        row('box', '8 totals', f.boxes.box8_total_cents, f.boxes.box8_vat_cents);
        row('documents', 'totals', f.totals.total_cents, f.totals.tax_cents);
        row('reconciliation', 'documents VAT', f.reconciliation.documents_tax_cents, null);
        row('reconciliation', 'ledger VAT', f.reconciliation.ledger_tax_cents, null);
        row('reconciliation', 'difference', f.reconciliation.difference_cents, null);
        row('reconciliation', 'ledger VAT not yet invoiced', f.reconciliation.uninvoiced_ledger_tax_cents, null);
      };
      for (const i of r.issuers) put(i, i);
      if (r.issuers.length > 1) put({ issuer: 'all', name: 'All issuers', trn: null }, r.total);
      return toCsv(['from', 'to', 'issuer', 'name', 'trn', 'section', 'item', `amount_${r.currency.toLowerCase()}`, `vat_${r.currency.toLowerCase()}`], rows);
    },
  };
}
