import { createHash } from 'node:crypto';
import { TAX_CATEGORY_CODES, type TaxCategory } from '@souq/shared/rules/tax';
import type { TaxDocumentSnapshot } from '../../db/schema/tax.js';

// PINT AE export (issue 25 item 6, decision 0108): a business-to-business tax document as UBL 2.1 XML in the Peppol
// PINT AE billing profile, built only from the document's frozen snapshot (what was issued, never re-priced).
// Amounts are the snapshot's integer fils written with two decimals, so the totals add up exactly (BR-CO-10/13/15).

export const PINT_AE_CUSTOMIZATION_ID = 'urn:peppol:pint:billing-1@ae-1';
export const PINT_AE_PROFILE_ID = 'urn:peppol:bis:billing';
/** The Peppol participant identifier scheme of a UAE tax identifier (the endpoint scheme PINT AE uses). */
export const UAE_ENDPOINT_SCHEME = '0235';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** What the export reads of a stored document. */
export type PintSource = { id: number; kind: 'invoice' | 'credit_note'; number: string; issuedAt: Date; currency: string; snapshot: TaxDocumentSnapshot };

/** B2B: the seller and the buyer both registered (a TRN each); only those travel as PINT AE. */
export const isBusinessToBusiness = (s: TaxDocumentSnapshot) => Boolean(s.supplier.trn && s.recipient.trn);

// ---- a minimal XML writer: elements in the order given, text and attribute values escaped
type Node = { name: string; attrs?: Record<string, string>; text?: string; children?: (Node | null | undefined | false)[] };
const escapeXml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
// XML 1.0 cannot carry most control characters at all: text typed by vendors and shoppers is cleaned of them
// eslint-disable-next-line no-control-regex
const xmlSafe = (v: string) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
function render(n: Node, depth = 0): string {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(n.attrs ?? {}).map(([k, v]) => ` ${k}="${escapeXml(xmlSafe(v))}"`).join('');
  const kids = (n.children ?? []).filter((c): c is Node => Boolean(c));
  if (kids.length) return `${pad}<${n.name}${attrs}>\n${kids.map((c) => render(c, depth + 1)).join('\n')}\n${pad}</${n.name}>`;
  return `${pad}<${n.name}${attrs}>${escapeXml(xmlSafe(n.text ?? ''))}</${n.name}>`;
}
const cbc = (name: string, text: string, attrs?: Record<string, string>): Node => ({ name: `cbc:${name}`, text, attrs });
const cac = (name: string, ...children: (Node | null | undefined | false)[]): Node => ({ name: `cac:${name}`, children });

/** Fils as a decimal amount with two places: 123456 → '1234.56' (integer arithmetic, no float rounding). */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
const percent = (bps: number) => (bps % 100 ? (bps / 100).toFixed(2) : String(bps / 100));

/** The UBL tax category of a line: S/Z/E (UNCL 5305) and its rate. */
export function categoryOf(line: { category: string; rateBps: number }): { code: 'S' | 'Z' | 'E'; bps: number } {
  const code = TAX_CATEGORY_CODES[line.category as TaxCategory] ?? 'S';
  return { code, bps: code === 'S' ? line.rateBps : 0 };
}
/**
 * A registered seller's shipping is a standard-rated supply (decision 0133): exported as a line of its own (S at its
 * rate, its VAT on the line like every other line's), so the lines' VAT is the document's. Shipping without VAT (a
 * document from before that decision) stays a document-level charge at 0 %, reported zero-rated as it was then.
 */
export const SHIPPING_LINE_NAME = 'Shipping';
const untaxedShippingCents = (s: TaxDocumentSnapshot) => ((s.shippingRateBps ?? 0) > 0 ? 0 : s.shippingCents);
const SHIPPING_CHARGE_CATEGORY = { code: 'Z' as const, bps: 0 };
type DocLine = TaxDocumentSnapshot['lines'][number];
/** The document's lines as exported: its own, then its taxed shipping. */
export function exportLines(s: TaxDocumentSnapshot): DocLine[] {
  const rateBps = s.shippingRateBps ?? 0;
  if (rateBps <= 0 || !s.shippingCents) return s.lines;
  const tax = s.shippingTaxCents ?? 0;
  return [...s.lines, {
    orderItemId: 0, description: SHIPPING_LINE_NAME, quantity: 1, unitPriceCents: s.shippingCents + tax, category: 'standard', rateBps,
    netCents: s.shippingCents, taxCents: tax, totalCents: s.shippingCents + tax,
  }];
}
const EXEMPTION_REASON = 'Exempt from VAT';

/** A stable UUID for a document (same export twice, same UUID): from its id and number. */
export function documentUuid(id: number, number: string): string {
  const h = createHash('sha256').update(`souq:tax-document:${id}:${number}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function party(p: { name: string; address: string; trn: string | null }, country: string): Node {
  const trn = p.trn ?? '';
  return cac('Party',
    cbc('EndpointID', trn, { schemeID: UAE_ENDPOINT_SCHEME }),
    cac('PartyName', cbc('Name', p.name)),
    cac('PostalAddress',
      cbc('StreetName', p.address || p.name),
      cac('Country', cbc('IdentificationCode', country))),
    cac('PartyTaxScheme', cbc('CompanyID', trn), cac('TaxScheme', cbc('ID', 'VAT'))),
    cac('PartyLegalEntity', cbc('RegistrationName', p.name)));
}

type Breakdown = { code: 'S' | 'Z' | 'E'; bps: number; taxableCents: number; taxCents: number };

/** Per category and rate: the taxable amount (lines' net + charges) and the tax (the lines' tax as issued). */
export function breakdownOf(s: TaxDocumentSnapshot): Breakdown[] {
  const map = new Map<string, Breakdown>();
  const add = (c: { code: 'S' | 'Z' | 'E'; bps: number }, net: number, tax: number) => {
    const key = `${c.code}:${c.bps}`;
    const b = map.get(key) ?? { ...c, taxableCents: 0, taxCents: 0 };
    b.taxableCents += net;
    b.taxCents += tax;
    map.set(key, b);
  };
  for (const l of exportLines(s)) add(categoryOf(l), l.netCents, l.taxCents);
  if (untaxedShippingCents(s)) add(SHIPPING_CHARGE_CATEGORY, untaxedShippingCents(s), 0);
  return [...map.values()].sort((a, b) => a.code.localeCompare(b.code) || b.bps - a.bps);
}

function taxCategory(name: 'TaxCategory' | 'ClassifiedTaxCategory', c: { code: string; bps: number }): Node {
  return cac(name,
    cbc('ID', c.code),
    cbc('Percent', percent(c.bps)),
    name === 'TaxCategory' && c.code === 'E' && cbc('TaxExemptionReason', EXEMPTION_REASON),
    cac('TaxScheme', cbc('ID', 'VAT')));
}

/**
 * The document as PINT AE UBL 2.1 XML: an Invoice (type 380) or a CreditNote (381) with its billing reference.
 * Elements follow the UBL 2.1 sequence of each aggregate. Throws when the document is not B2B (callers answer 422).
 */
export function pintAeXml(doc: PintSource): string {
  const s = doc.snapshot;
  if (!isBusinessToBusiness(s)) throw new Error('pint-ae: not a business-to-business document');
  const credit = doc.kind === 'credit_note';
  const cur = { currencyID: doc.currency };
  const money = (name: string, cents: number) => cbc(name, amount(cents), cur);
  const docLines = exportLines(s);
  const charge = untaxedShippingCents(s);
  const lineNet = docLines.reduce((n, l) => n + l.netCents, 0);
  const taxCents = docLines.reduce((n, l) => n + l.taxCents, 0);
  const exclusive = lineNet + charge;
  const breakdown = breakdownOf(s);
  const countries = s.countries ?? { supplier: 'AE', recipient: 'AE' };
  const issueDate = doc.issuedAt.toISOString().slice(0, 10);

  const lines = docLines.map((l, i) => {
    const c = categoryOf(l);
    const qty = { unitCode: 'C62' };
    return cac(credit ? 'CreditNoteLine' : 'InvoiceLine',
      cbc('ID', String(i + 1)),
      cbc(credit ? 'CreditedQuantity' : 'InvoicedQuantity', String(l.quantity), qty),
      money('LineExtensionAmount', l.netCents),
      // PINT AE carries each line's VAT in AED (the per-line rounding of decision 0098, so the lines add up)
      cac('TaxTotal', money('TaxAmount', l.taxCents)),
      cac('Item', cbc('Name', l.description), taxCategory('ClassifiedTaxCategory', c)),
      // the net price of the whole line for its quantity: price ÷ base quantity × quantity = line net exactly, with
      // no rounding of a per-unit net price (inclusive prices do not divide evenly); the seller-funded part of a
      // promotion (decision 0152) as the price's allowance: gross price less it is the net price (BT-147/148)
      cac('Price', money('PriceAmount', l.netCents), cbc('BaseQuantity', String(l.quantity), qty),
        Boolean(l.allowanceNetCents) && cac('AllowanceCharge',
          cbc('ChargeIndicator', 'false'), money('Amount', l.allowanceNetCents!), money('BaseAmount', l.netCents + l.allowanceNetCents!))),
      cac('ItemPriceExtension', money('Amount', l.totalCents)));
  });

  const root: Node = {
    name: credit ? 'CreditNote' : 'Invoice',
    attrs: { xmlns: credit ? NS.creditNote : NS.invoice, 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
    children: [
      cbc('CustomizationID', PINT_AE_CUSTOMIZATION_ID),
      cbc('ProfileID', PINT_AE_PROFILE_ID),
      // PINT AE's transaction-type flags (free zone, deemed supply, margin, summary, continuous, agent, e-commerce,
      // exports): none claimed; see decision 0108
      cbc('ProfileExecutionID', '00000000'),
      cbc('ID', doc.number),
      cbc('UUID', documentUuid(doc.id, doc.number)),
      cbc('IssueDate', issueDate),
      cbc(credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380'),
      s.note ? cbc('Note', s.note) : null,
      cbc('DocumentCurrencyCode', doc.currency),
      cbc('BuyerReference', s.orderNumber),
      s.period && cac('InvoicePeriod', cbc('StartDate', s.period.from), cbc('EndDate', s.period.to)),
      s.original && cac('BillingReference', cac('InvoiceDocumentReference', cbc('ID', s.original.number), cbc('IssueDate', s.original.issuedAt.slice(0, 10)))),
      cac('AccountingSupplierParty', party(s.supplier, countries.supplier)),
      cac('AccountingCustomerParty', party(s.recipient, countries.recipient)),
      charge > 0 && cac('AllowanceCharge',
        cbc('ChargeIndicator', 'true'),
        cbc('AllowanceChargeReasonCode', 'FC'),
        cbc('AllowanceChargeReason', 'Shipping'),
        money('Amount', charge),
        taxCategory('TaxCategory', SHIPPING_CHARGE_CATEGORY)),
      cac('TaxTotal',
        money('TaxAmount', taxCents),
        ...breakdown.map((b) => cac('TaxSubtotal', money('TaxableAmount', b.taxableCents), money('TaxAmount', b.taxCents), taxCategory('TaxCategory', b)))),
      cac('LegalMonetaryTotal',
        money('LineExtensionAmount', lineNet),
        money('TaxExclusiveAmount', exclusive),
        money('TaxInclusiveAmount', exclusive + taxCents),
        charge > 0 && money('ChargeTotalAmount', charge),
        // the fil no VAT could split exactly (BT-114, decision 0142): payable = tax inclusive + rounding (BR-CO-16)
        // the marketplace's share of promotions, paid toward the total on the buyer's behalf (BT-113, decision 0152)
        Boolean(s.prepaidCents) && money('PrepaidAmount', s.prepaidCents!),
        Boolean(s.roundingCents) && money('PayableRoundingAmount', s.roundingCents!),
        money('PayableAmount', exclusive + taxCents - (s.prepaidCents ?? 0) + (s.roundingCents ?? 0))),
      ...lines,
    ],
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root)}\n`;
}
