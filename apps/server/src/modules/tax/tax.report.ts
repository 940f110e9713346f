import { sql } from 'drizzle-orm';
import type { VatCommission, VatFigures, VatIssuer, VatReconciliation, VatReport, VatReportCategory, VatReportQuery } from '@souq/shared/api/vat-report';
import { VAT_REPORT_CATEGORIES } from '@souq/shared/api/vat-report';
import { isVatEmirate, TAX_ADVICE_NOTE, VAT_EMIRATE_BOXES, VAT_EMIRATE_NAMES, VAT_EMIRATES } from '@souq/shared/rules/tax';
import type { Db } from '../../platform/db.js';
import { toCsv } from '../../platform/csv.js';
import { rowsOf } from '../../platform/sql-rows.js';
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

type LineRow = { issuer: string; kind: 'invoice' | 'credit_note'; subject: 'sale' | 'commission'; emirate: string | null; category: VatReportCategory; net: number; tax: number };
type DocRow = { issuer: string; kind: 'invoice' | 'credit_note'; n: number; shipping: number; net: number; tax: number; rounding: number; total: number };
type RecRow = { issuer: string; documents: number; ledger: number; uninvoiced: number };
type Rec = Pick<RecRow, 'documents' | 'ledger' | 'uninvoiced'>;

const emptyReconciliation = (): VatReconciliation => ({ documents_tax_cents: 0, ledger_tax_cents: 0, difference_cents: 0, uninvoiced_ledger_tax_cents: 0 });

const emptyFigures = (): VatFigures => ({
  invoices: 0, credit_notes: 0,
  categories: VAT_REPORT_CATEGORIES.map((category) => ({ category, invoiced_net_cents: 0, invoiced_tax_cents: 0, credited_net_cents: 0, credited_tax_cents: 0, net_cents: 0, tax_cents: 0 })),
  shipping_cents: 0,
  boxes: { box1_standard_cents: 0, box1_vat_cents: 0, box4_zero_rated_cents: 0, box5_exempt_cents: 0, box8_total_cents: 0, box8_vat_cents: 0 },
  box1_emirates: VAT_EMIRATES.map((emirate) => ({ emirate, box: VAT_EMIRATE_BOXES[emirate], net_cents: 0, tax_cents: 0 })),
  box1_not_set: { net_cents: 0, tax_cents: 0 },
  commission: { invoiced_net_cents: 0, invoiced_tax_cents: 0, credited_net_cents: 0, credited_tax_cents: 0, net_cents: 0, tax_cents: 0 },
  totals: { net_cents: 0, tax_cents: 0, rounding_cents: 0, total_cents: 0 },
  reconciliation: emptyReconciliation(),
  commission_reconciliation: emptyReconciliation(),
});

function addFlow(row: VatCommission, r: LineRow) {
  if (r.kind === 'invoice') { row.invoiced_net_cents += r.net; row.invoiced_tax_cents += r.tax; } else { row.credited_net_cents += r.net; row.credited_tax_cents += r.tax; }
  row.net_cents = row.invoiced_net_cents - row.credited_net_cents;
  row.tax_cents = row.invoiced_tax_cents - row.credited_tax_cents;
}

function addLine(f: VatFigures, r: LineRow) {
  addFlow(f.categories.find((c) => c.category === r.category)!, r);
  if (r.subject === 'commission') addFlow(f.commission, r);
  if (r.category !== 'standard') return;
  // Box 1 by the emirate of the issuer's establishment (decision 0111); without one the supply is placed nowhere
  const sign = r.kind === 'invoice' ? 1 : -1;
  const place = isVatEmirate(r.emirate) ? f.box1_emirates.find((e) => e.emirate === r.emirate)! : f.box1_not_set;
  place.net_cents += sign * r.net;
  place.tax_cents += sign * r.tax;
}

function addDocs(f: VatFigures, r: DocRow) {
  const sign = r.kind === 'invoice' ? 1 : -1;
  if (r.kind === 'invoice') f.invoices += r.n; else f.credit_notes += r.n;
  f.shipping_cents += sign * r.shipping;
  f.totals.net_cents += sign * r.net;
  f.totals.tax_cents += sign * r.tax;
  f.totals.rounding_cents += sign * r.rounding;
  f.totals.total_cents += sign * r.total;
}

function addReconciliation(rec: VatReconciliation, r: Rec) {
  rec.documents_tax_cents += r.documents;
  rec.ledger_tax_cents += r.ledger;
  rec.uninvoiced_ledger_tax_cents += r.uninvoiced;
  rec.difference_cents = rec.documents_tax_cents - rec.ledger_tax_cents;
}

/** The 201 boxes from the categories: supplies outside the return (an unregistered supplier's) and shipping stay out. */
function fillBoxes(f: VatFigures) {
  const of = (c: VatReportCategory) => f.categories.find((r) => r.category === c)!;
  const b = f.boxes;
  // Box 1 is 1a–1g exactly: supplies of an issuer without an emirate stay in box1_not_set, outside every box
  b.box1_standard_cents = f.box1_emirates.reduce((n, e) => n + e.net_cents, 0);
  b.box1_vat_cents = f.box1_emirates.reduce((n, e) => n + e.tax_cents, 0);
  b.box4_zero_rated_cents = of('zero').net_cents;
  b.box5_exempt_cents = of('exempt').net_cents;
  b.box8_total_cents = b.box1_standard_cents + b.box4_zero_rated_cents + b.box5_exempt_cents;
  b.box8_vat_cents = b.box1_vat_cents + of('zero').tax_cents + of('exempt').tax_cents;
}

/**
 * The marketplace's commission VAT (decision 0108) as at `end`: its commission documents (invoices less credit notes)
 * against the ledger's commission_vat_payable rows of vendor sub-orders. A vendor's month is covered when its
 * commission invoice (sales) or credit note (reversals) for that month was issued by `end`; each is issued from that
 * month's rows in one transaction, so covered rows and documents agree to the fil, and uncovered rows are VAT still to
 * invoice, not a difference.
 */
async function commissionReconciliation(db: Db, end: Date): Promise<Rec> {
  const at = end.toISOString();
  const [row] = await rowsOf<Rec>(db, sql`
    with months as (
      -- a document's rounding (decision 0120) belongs to the document's month, posted after it ends: its memo
      select o.seller_vendor_id as vendor_id, case when e.posting like 'commission-rounding:%' then e.memo
        else to_char((e.created_at at time zone 'UTC') + interval '4 hours', 'YYYY-MM') end as period,
        e.kind = 'commission_reversal' as reversal, sum(e.amount_cents)::int8 as cents
      from ledger_entries e join orders o on o.id = e.order_id
      where e.account = 'commission_vat_payable' and e.currency = ${VAT_CURRENCY} and e.created_at < ${at}::timestamptz and o.seller_vendor_id is not null
      group by 1, 2, 3
    ), covered as (
      select m.cents, exists (select 1 from tax_documents d where d.subject = 'commission' and d.vendor_id = m.vendor_id and d.period = m.period
        and d.kind = case when m.reversal then 'credit_note' else 'invoice' end and d.issued_at < ${at}::timestamptz) as issued
      from months m
    )
    select
      coalesce((select sum(case when d.kind = 'invoice' then d.tax_cents else -d.tax_cents end) from tax_documents d
        where d.subject = 'commission' and d.currency = ${VAT_CURRENCY} and d.issued_at < ${at}::timestamptz), 0)::int8 as documents,
      coalesce(-sum(cents) filter (where issued), 0)::int8 as ledger,
      coalesce(-sum(cents) filter (where not issued), 0)::int8 as uninvoiced
    from covered`);
  return { documents: Number(row?.documents ?? 0), ledger: Number(row?.ledger ?? 0), uninvoiced: Number(row?.uninvoiced ?? 0) };
}

export type VatReportService = ReturnType<typeof createVatReportService>;

export function createVatReportService(deps: { db: Db }) {
  const { db } = deps;

  async function report(q: VatReportQuery, scope: Scope): Promise<VatReport> {
    const { start, end } = periodBounds(q);
    const inPeriod = sql`d.issued_at >= ${start.toISOString()}::timestamptz and d.issued_at < ${end.toISOString()}::timestamptz and d.currency = ${VAT_CURRENCY} and ${issuerFilter(scope)}`;
    const settings = await readTaxSettings(db);
    const [lines, docs, rec, names, commissionRec] = await Promise.all([
      // each frozen line in its category: a rate above zero is a standard-rated supply; a supplier that was not
      // registered when the document was issued makes supplies outside the return whatever the product's category
      // the emirate frozen on the document, else (documents from before decision 0111, or issued while the issuer had
      // none) the one its issuer has declared since; null = not set, flagged by the report
      rowsOf<LineRow>(db, sql`
        select d.issuer, d.kind, d.subject,
          coalesce(d.snapshot->'supplier'->>'emirate', case when d.issuer = 'marketplace' then ${settings.emirate}::text else v.vat_emirate end) as emirate,
          case when (l->>'rateBps')::int > 0 then 'standard'
               when coalesce((d.snapshot->'supplier'->>'registered')::boolean, false) = false then 'not_registered'
               when l->>'category' = 'zero' then 'zero' when l->>'category' = 'exempt' then 'exempt' else 'standard' end as category,
          sum((l->>'netCents')::int8)::int8 as net, sum((l->>'taxCents')::int8)::int8 as tax
        from tax_documents d left join vendors v on d.issuer = 'vendor:' || v.id
          -- a registered seller's shipping (decision 0133) is a standard-rated line of its document; untaxed shipping
          -- (an unregistered seller's, or documents from before) stays outside the boxes (shipping_cents)
          cross join lateral jsonb_array_elements(d.snapshot->'lines' || case when coalesce((d.snapshot->>'shippingRateBps')::int, 0) > 0
            then jsonb_build_array(jsonb_build_object('rateBps', d.snapshot->'shippingRateBps', 'category', 'standard',
              'netCents', d.snapshot->'shippingCents', 'taxCents', coalesce(d.snapshot->'shippingTaxCents', '0'::jsonb)))
            else '[]'::jsonb end) as l
        where ${inPeriod} group by 1, 2, 3, 4, 5`),
      rowsOf<DocRow>(db, sql`
        select d.issuer, d.kind, count(*)::int8 as n,
          sum(case when coalesce((d.snapshot->>'shippingRateBps')::int, 0) > 0 then 0 else (d.snapshot->>'shippingCents')::int8 end)::int8 as shipping,
          sum(d.net_cents)::int8 as net, sum(d.tax_cents)::int8 as tax,
          -- a sale document's rounding amount (decision 0142): total = net + VAT + rounding
          sum(coalesce((d.snapshot->>'roundingCents')::int8, 0))::int8 as rounding, sum(d.total_cents)::int8 as total
        from tax_documents d where ${inPeriod} group by 1, 2`),
      // as at the period's end: the documents of every sub-order invoiced by then against that sub-order's VAT rows
      // posted by then: the marketplace's on sales_tax_payable, a vendor's on its payable as kind sales_tax (decision
      // 0133; credits are negative, so the tax owed is minus their sum)
      rowsOf<RecRow>(db, sql`
        with invoiced as (
          select d.order_id from tax_documents d where d.subject = 'sale' and d.kind = 'invoice' and d.issued_at < ${end.toISOString()}::timestamptz and d.currency = ${VAT_CURRENCY} and ${issuerFilter(scope)}
        ), docs as (
          select o.seller_vendor_id as seller, sum(case when d.kind = 'invoice' then d.tax_cents else -d.tax_cents end)::int8 as cents
          from tax_documents d join orders o on o.id = d.order_id
          where d.order_id in (select order_id from invoiced) and d.issued_at < ${end.toISOString()}::timestamptz group by 1
        ), ledger as (
          select o.seller_vendor_id as seller,
            (-sum(e.amount_cents) filter (where e.order_id in (select order_id from invoiced)))::int8 as invoiced,
            (-sum(e.amount_cents) filter (where e.order_id not in (select order_id from invoiced)))::int8 as uninvoiced
          from ledger_entries e join orders o on o.id = e.order_id
          where (e.account = 'sales_tax_payable' or (e.account = 'vendor_payable' and e.kind = 'sales_tax')) and e.currency = ${VAT_CURRENCY} and e.created_at < ${end.toISOString()}::timestamptz and ${sellerFilter(scope)}
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
      // the marketplace's own commission: its issuer only (a vendor's summary never reads it)
      scope === 'all' ? commissionReconciliation(db, end) : Promise.resolve<Rec>({ documents: 0, ledger: 0, uninvoiced: 0 }),
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
      const row = { ...r, n: Number(r.n), shipping: Number(r.shipping), net: Number(r.net), tax: Number(r.tax), rounding: Number(r.rounding), total: Number(r.total) };
      addDocs(issuerOf(r.issuer), row);
      addDocs(total, row);
    }
    for (const r of rec) {
      const row = { documents: Number(r.documents), ledger: Number(r.ledger), uninvoiced: Number(r.uninvoiced) };
      // an issuer with nothing in the period but VAT waiting in the ledger is still listed: the admin sees where it is
      if (row.documents === 0 && row.ledger === 0 && row.uninvoiced === 0) continue;
      addReconciliation(issuerOf(r.issuer).reconciliation, row);
      addReconciliation(total.reconciliation, row);
    }
    if (commissionRec.documents || commissionRec.ledger || commissionRec.uninvoiced) {
      addReconciliation(issuerOf('marketplace').commission_reconciliation, commissionRec);
      addReconciliation(total.commission_reconciliation, commissionRec);
    }
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
        for (const e of f.box1_emirates) row('box', `${e.box} standard-rated supplies in ${VAT_EMIRATE_NAMES[e.emirate]}`, e.net_cents, e.tax_cents);
        row('box', '1 standard-rated supplies', f.boxes.box1_standard_cents, f.boxes.box1_vat_cents);
        row('outside the boxes', 'standard-rated supplies, emirate not set', f.box1_not_set.net_cents, f.box1_not_set.tax_cents);
        row('box', '4 zero-rated supplies', f.boxes.box4_zero_rated_cents, null);
        row('box', '5 exempt supplies', f.boxes.box5_exempt_cents, null);
        row('box', '8 totals', f.boxes.box8_total_cents, f.boxes.box8_vat_cents);
        row('documents', 'totals', f.totals.total_cents, f.totals.tax_cents);
        row('reconciliation', 'documents VAT', f.reconciliation.documents_tax_cents, null);
        row('reconciliation', 'ledger VAT', f.reconciliation.ledger_tax_cents, null);
        row('reconciliation', 'difference', f.reconciliation.difference_cents, null);
        row('reconciliation', 'ledger VAT not yet invoiced', f.reconciliation.uninvoiced_ledger_tax_cents, null);
        if (who.issuer !== 'marketplace' && who.issuer !== 'all') return;
        row('commission', 'commission to vendors (in box 1)', f.commission.net_cents, f.commission.tax_cents);
        row('commission reconciliation', 'documents VAT', f.commission_reconciliation.documents_tax_cents, null);
        row('commission reconciliation', 'ledger VAT', f.commission_reconciliation.ledger_tax_cents, null);
        row('commission reconciliation', 'difference', f.commission_reconciliation.difference_cents, null);
        row('commission reconciliation', 'ledger VAT not yet invoiced', f.commission_reconciliation.uninvoiced_ledger_tax_cents, null);
      };
      for (const i of r.issuers) put(i, i);
      if (r.issuers.length > 1) put({ issuer: 'all', name: 'All issuers', trn: null }, r.total);
      return toCsv(['from', 'to', 'issuer', 'name', 'trn', 'section', 'item', `amount_${r.currency.toLowerCase()}`, `vat_${r.currency.toLowerCase()}`], rows);
    },
  };
}
