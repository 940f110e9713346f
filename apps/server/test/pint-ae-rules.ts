import { DOMParser, type Element } from '@xmldom/xmldom';
import { categoryTaxCents } from '@souq/shared/rules/tax';

// What the tests check of an exported PINT AE document (decisions 0108, 0120), read back with a real XML parser
// (@xmldom/xmldom). Schema validation against the OASIS UBL 2.1 XSDs is test/ubl-schemas.ts (it needs ../shared); this
// file is the part that runs without them, and the business rules no XSD states. It checks
// (1) the element ORDER of every aggregate the export writes against the UBL 2.1 sequence, transcribed by hand from
// the UBL 2.1 Invoice/CreditNote and common-aggregate definitions for the elements we use (a child not in the list is
// an error too); (2) the mandatory elements the export relies on; (3) the EN 16931 business rules BR-CO-10, -13, -15,
// BR-CO-17, BR-S-08 (and the Z/E equivalents), BR-CL code lists for type, currency, category and country codes.

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** UBL 2.1 sequences (subset: the elements before and around those the export uses, in schema order). */
export const UBL_SEQUENCES: Record<string, string[]> = {
  Invoice: ['UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator', 'UUID', 'IssueDate', 'IssueTime', 'DueDate', 'InvoiceTypeCode', 'Note', 'TaxPointDate', 'DocumentCurrencyCode', 'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode', 'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'OrderReference', 'BillingReference', 'DespatchDocumentReference', 'ReceiptDocumentReference', 'StatementDocumentReference', 'OriginatorDocumentReference', 'ContractDocumentReference', 'AdditionalDocumentReference', 'ProjectReference', 'Signature', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'PaymentMeans', 'PaymentTerms', 'PrepaidPayment', 'AllowanceCharge', 'TaxExchangeRate', 'PricingExchangeRate', 'PaymentExchangeRate', 'PaymentAlternativeExchangeRate', 'TaxTotal', 'WithholdingTaxTotal', 'LegalMonetaryTotal', 'InvoiceLine'],
  CreditNote: ['UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator', 'UUID', 'IssueDate', 'IssueTime', 'TaxPointDate', 'CreditNoteTypeCode', 'Note', 'DocumentCurrencyCode', 'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode', 'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'DiscrepancyResponse', 'OrderReference', 'BillingReference', 'DespatchDocumentReference', 'ReceiptDocumentReference', 'ContractDocumentReference', 'AdditionalDocumentReference', 'StatementDocumentReference', 'OriginatorDocumentReference', 'Signature', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms', 'PaymentMeans', 'PaymentTerms', 'TaxExchangeRate', 'PricingExchangeRate', 'PaymentExchangeRate', 'PaymentAlternativeExchangeRate', 'AllowanceCharge', 'TaxTotal', 'LegalMonetaryTotal', 'CreditNoteLine'],
  AccountingSupplierParty: ['CustomerAssignedAccountID', 'AdditionalAccountID', 'DataSendingCapability', 'Party', 'DespatchContact', 'AccountingContact', 'SellerContact'],
  AccountingCustomerParty: ['CustomerAssignedAccountID', 'SupplierAssignedAccountID', 'AdditionalAccountID', 'Party', 'DeliveryContact', 'AccountingContact', 'BuyerContact'],
  Party: ['MarkCareIndicator', 'MarkAttentionIndicator', 'WebsiteURI', 'LogoReferenceID', 'EndpointID', 'IndustryClassificationCode', 'PartyIdentification', 'PartyName', 'Language', 'PostalAddress', 'PhysicalLocation', 'PartyTaxScheme', 'PartyLegalEntity', 'Contact', 'Person', 'AgentParty', 'ServiceProviderParty', 'PowerOfAttorney', 'FinancialAccount'],
  PartyName: ['Name'],
  PostalAddress: ['ID', 'AddressTypeCode', 'AddressFormatCode', 'Postbox', 'Floor', 'Room', 'StreetName', 'AdditionalStreetName', 'BlockName', 'BuildingName', 'BuildingNumber', 'InhouseMail', 'Department', 'MarkAttention', 'MarkCare', 'PlotIdentification', 'CitySubdivisionName', 'CityName', 'PostalZone', 'CountrySubentity', 'CountrySubentityCode', 'Region', 'District', 'TimezoneOffset', 'AddressLine', 'Country', 'LocationCoordinate'],
  Country: ['IdentificationCode', 'Name'],
  PartyTaxScheme: ['RegistrationName', 'CompanyID', 'TaxLevelCode', 'ExemptionReasonCode', 'ExemptionReason', 'RegistrationAddress', 'TaxScheme'],
  PartyLegalEntity: ['RegistrationName', 'CompanyID', 'RegistrationDate', 'RegistrationExpirationDate', 'CompanyLegalFormCode', 'CompanyLegalForm', 'SoleProprietorshipIndicator', 'CompanyLiquidationStatusCode', 'CorporateStockAmount', 'FullyPaidSharesIndicator', 'RegistrationAddress', 'CorporateRegistrationScheme', 'HeadOfficeParty', 'ShareholderParty'],
  TaxScheme: ['ID', 'Name', 'TaxTypeCode', 'CurrencyCode', 'JurisdictionRegionAddress'],
  InvoicePeriod: ['StartDate', 'StartTime', 'EndDate', 'EndTime', 'DurationMeasure', 'DescriptionCode', 'Description'],
  BillingReference: ['InvoiceDocumentReference', 'SelfBilledInvoiceDocumentReference', 'CreditNoteDocumentReference', 'SelfBilledCreditNoteDocumentReference', 'DebitNoteDocumentReference', 'ReminderDocumentReference', 'AdditionalDocumentReference', 'BillingReferenceLine'],
  InvoiceDocumentReference: ['ID', 'CopyIndicator', 'UUID', 'IssueDate', 'IssueTime', 'DocumentTypeCode', 'DocumentType', 'XPath', 'LanguageID', 'LocaleCode', 'VersionID', 'DocumentStatusCode', 'DocumentDescription', 'Attachment', 'ValidityPeriod', 'IssuerParty', 'ResultOfVerification'],
  AllowanceCharge: ['ID', 'ChargeIndicator', 'AllowanceChargeReasonCode', 'AllowanceChargeReason', 'MultiplierFactorNumeric', 'PrepaidIndicator', 'SequenceNumeric', 'Amount', 'BaseAmount', 'AccountingCostCode', 'AccountingCost', 'PerUnitAmount', 'TaxCategory', 'TaxTotal', 'PaymentMeans'],
  TaxTotal: ['TaxAmount', 'RoundingAmount', 'TaxEvidenceIndicator', 'TaxIncludedIndicator', 'TaxSubtotal'],
  TaxSubtotal: ['TaxableAmount', 'TaxAmount', 'CalculationSequenceNumeric', 'TransactionCurrencyTaxAmount', 'Percent', 'BaseUnitMeasure', 'PerUnitAmount', 'TierRange', 'TierRatePercent', 'TaxCategory'],
  TaxCategory: ['ID', 'Name', 'Percent', 'BaseUnitMeasure', 'PerUnitAmount', 'TaxExemptionReasonCode', 'TaxExemptionReason', 'TierRange', 'TierRatePercent', 'TaxScheme'],
  ClassifiedTaxCategory: ['ID', 'Name', 'Percent', 'BaseUnitMeasure', 'PerUnitAmount', 'TaxExemptionReasonCode', 'TaxExemptionReason', 'TierRange', 'TierRatePercent', 'TaxScheme'],
  LegalMonetaryTotal: ['LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount', 'PayableAlternativeAmount'],
  InvoiceLine: ['ID', 'UUID', 'Note', 'InvoicedQuantity', 'LineExtensionAmount', 'AccountingCostCode', 'AccountingCost', 'PaymentPurposeCode', 'FreeOfChargeIndicator', 'InvoicePeriod', 'OrderLineReference', 'DespatchLineReference', 'ReceiptLineReference', 'BillingReference', 'DocumentReference', 'PricingReference', 'OriginatorParty', 'Delivery', 'PaymentTerms', 'AllowanceCharge', 'TaxTotal', 'WithholdingTaxTotal', 'Item', 'Price', 'DeliveryTerms', 'SubInvoiceLine', 'ItemPriceExtension'],
  CreditNoteLine: ['ID', 'UUID', 'Note', 'CreditedQuantity', 'LineExtensionAmount', 'TaxPointDate', 'AccountingCostCode', 'AccountingCost', 'PaymentPurposeCode', 'FreeOfChargeIndicator', 'InvoicePeriod', 'OrderLineReference', 'DiscrepancyResponse', 'DespatchLineReference', 'ReceiptLineReference', 'BillingReference', 'DocumentReference', 'PricingReference', 'OriginatorParty', 'Delivery', 'TaxTotal', 'WithholdingTaxTotal', 'Item', 'Price', 'DeliveryTerms', 'SubCreditNoteLine', 'ItemPriceExtension'],
  Item: ['Description', 'PackQuantity', 'PackSizeNumeric', 'CatalogueIndicator', 'Name', 'HazardousRiskIndicator', 'AdditionalInformation', 'Keyword', 'BrandName', 'ModelName', 'BuyersItemIdentification', 'SellersItemIdentification', 'ManufacturersItemIdentification', 'StandardItemIdentification', 'CatalogueItemIdentification', 'AdditionalItemIdentification', 'CatalogueDocumentReference', 'ItemSpecificationDocumentReference', 'OriginCountry', 'CommodityClassification', 'TransactionConditions', 'HazardousItem', 'ClassifiedTaxCategory', 'AdditionalItemProperty', 'ManufacturerParty', 'InformationContentProviderParty', 'OriginAddress', 'ItemInstance', 'Certificate', 'Dimension'],
  Price: ['PriceAmount', 'BaseQuantity', 'PriceChangeReason', 'PriceTypeCode', 'PriceType', 'OrderableUnitFactorRate', 'ValidityPeriod', 'PriceList', 'AllowanceCharge', 'PricingExchangeRate'],
  ItemPriceExtension: ['Amount', 'TaxTotal'],
};

const kids = (e: Element): Element[] => {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
};
const child = (e: Element | undefined, name: string) => (e ? kids(e).find((k) => k.localName === name) : undefined);
const all = (e: Element | undefined, name: string) => (e ? kids(e).filter((k) => k.localName === name) : []);
const text = (e: Element | undefined) => e?.textContent?.trim() ?? '';
/** A UBL amount as integer fils (exactly two decimals are required by our export). */
const fils = (e: Element | undefined): number => {
  const t = text(e);
  if (!/^-?\d+\.\d{2}$/.test(t)) throw new Error(`not an amount with two decimals: '${t}'`);
  return Math.round(Number(t) * 100);
};

export type ParsedPint = {
  root: Element;
  kind: 'Invoice' | 'CreditNote';
  totals: { lineExtension: number; taxExclusive: number; taxInclusive: number; payable: number; charges: number; rounding: number; prepaid: number; tax: number };
  lines: { net: number; tax: number; category: string; percent: number }[];
  breakdown: { code: string; percent: number; taxable: number; tax: number; exemptionReason: string }[];
};

/** Parses an export (throws on malformed XML) and reads its figures. */
export function parsePint(xml: string): ParsedPint {
  const errors: string[] = [];
  const dom = new DOMParser({ onError: (level, msg) => { if (level !== 'warning') errors.push(msg); } }).parseFromString(xml, 'text/xml');
  if (errors.length) throw new Error(`XML: ${errors.join('; ')}`);
  const root = dom.documentElement as unknown as Element;
  const kind = root.localName as 'Invoice' | 'CreditNote';
  const lmt = child(root, 'LegalMonetaryTotal');
  const taxTotal = child(root, 'TaxTotal');
  const lineName = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  return {
    root, kind,
    totals: {
      lineExtension: fils(child(lmt, 'LineExtensionAmount')), taxExclusive: fils(child(lmt, 'TaxExclusiveAmount')),
      taxInclusive: fils(child(lmt, 'TaxInclusiveAmount')), payable: fils(child(lmt, 'PayableAmount')),
      charges: child(lmt, 'ChargeTotalAmount') ? fils(child(lmt, 'ChargeTotalAmount')) : 0,
      rounding: child(lmt, 'PayableRoundingAmount') ? fils(child(lmt, 'PayableRoundingAmount')) : 0,
      prepaid: child(lmt, 'PrepaidAmount') ? fils(child(lmt, 'PrepaidAmount')) : 0, tax: fils(child(taxTotal, 'TaxAmount')),
    },
    lines: all(root, lineName).map((l) => {
      const cat = child(child(l, 'Item'), 'ClassifiedTaxCategory');
      return { net: fils(child(l, 'LineExtensionAmount')), tax: fils(child(child(l, 'TaxTotal'), 'TaxAmount')), category: text(child(cat, 'ID')), percent: Number(text(child(cat, 'Percent'))) };
    }),
    breakdown: all(taxTotal, 'TaxSubtotal').map((s) => ({
      code: text(child(child(s, 'TaxCategory'), 'ID')), percent: Number(text(child(child(s, 'TaxCategory'), 'Percent'))),
      taxable: fils(child(s, 'TaxableAmount')), tax: fils(child(s, 'TaxAmount')), exemptionReason: text(child(child(s, 'TaxCategory'), 'TaxExemptionReason')),
    })),
  };
}

/** Every aggregate's children in UBL 2.1 order; namespaces right. Answers the violations ('' when none). */
function orderViolations(e: Element, path: string, out: string[]) {
  const seq = UBL_SEQUENCES[e.localName ?? ''];
  const children = kids(e);
  if (seq) {
    let last = -1;
    for (const c of children) {
      const at = seq.indexOf(c.localName ?? '');
      if (at < 0) out.push(`${path}/${c.localName}: not a child of ${e.localName} in UBL 2.1 (as transcribed)`);
      else if (at < last) out.push(`${path}/${c.localName}: out of order (after ${seq[last]})`);
      else last = at;
      const ns = c.namespaceURI;
      if (ns !== CAC && ns !== CBC) out.push(`${path}/${c.localName}: namespace ${String(ns)}`);
    }
  }
  for (const c of children) if (kids(c).length) orderViolations(c, `${path}/${c.localName}`, out);
}

const CATEGORY_CODES = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B']); // UNCL 5305 as EN 16931 uses it
const DOC_TYPES = { Invoice: new Set(['380', '389', '393', '395', '575', '623', '780', '82', '80', '84', '326', '385', '386', '387', '388', '394', '396', '325', '382']), CreditNote: new Set(['381', '396', '81', '83', '532']) };

/** The rules the export relies on; answers every violation found (an empty list when it passes). */
export function pintViolations(xml: string): string[] {
  const out: string[] = [];
  const p = parsePint(xml);
  const r = p.root;
  const must = (cond: boolean, msg: string) => { if (!cond) out.push(msg); };
  orderViolations(r, r.localName ?? '', out);
  // profile and mandatory header elements
  must(text(child(r, 'CustomizationID')) === 'urn:peppol:pint:billing-1@ae-1', 'CustomizationID is PINT AE');
  must(text(child(r, 'ProfileID')) === 'urn:peppol:bis:billing', 'ProfileID');
  for (const n of ['ID', 'IssueDate', 'DocumentCurrencyCode', 'UUID', 'ProfileExecutionID', 'BuyerReference']) must(text(child(r, n)) !== '', `mandatory ${n}`);
  const typeCode = text(child(r, p.kind === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'));
  must(DOC_TYPES[p.kind].has(typeCode), `BR-CL-01 type code ${typeCode}`);
  must(typeCode === (p.kind === 'Invoice' ? '380' : '381'), 'type 380/381');
  must(text(child(r, 'DocumentCurrencyCode')) === 'AED', 'BR-CL-04 currency AED');
  must(/^\d{4}-\d{2}-\d{2}$/.test(text(child(r, 'IssueDate'))), 'IssueDate is a date');
  if (p.kind === 'CreditNote') must(text(child(child(child(r, 'BillingReference'), 'InvoiceDocumentReference'), 'ID')) !== '', 'credit note references its invoice (BG-3)');
  // parties: name, address with country, TRN as endpoint and VAT identifier (BR-06..BR-11, PINT AE)
  for (const role of ['AccountingSupplierParty', 'AccountingCustomerParty']) {
    const party = child(child(r, role), 'Party');
    must(Boolean(party), `${role} present`);
    const endpoint = child(party, 'EndpointID');
    must(/^\d{15}$/.test(text(endpoint)) && endpoint?.getAttribute('schemeID') === '0235', `${role} EndpointID is a TRN (scheme 0235)`);
    const vat = child(party, 'PartyTaxScheme');
    must(text(child(vat, 'CompanyID')) === text(endpoint) && text(child(child(vat, 'TaxScheme'), 'ID')) === 'VAT', `${role} PartyTaxScheme TRN under VAT`);
    must(text(child(child(party, 'PartyLegalEntity'), 'RegistrationName')) !== '', `${role} RegistrationName (BR-06/07)`);
    must(/^[A-Z]{2}$/.test(text(child(child(child(party, 'PostalAddress'), 'Country'), 'IdentificationCode'))), `${role} country code (BR-09/11, BR-CL-14)`);
  }
  // every amount carries the document's currency
  const amounts = r.getElementsByTagNameNS(CBC, '*');
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts.item(i)!;
    if (a.localName?.endsWith('Amount')) must(a.getAttribute('currencyID') === 'AED', `${a.localName} currencyID`);
  }
  // BR-CO-10: Σ line net = LineExtensionAmount; BR-CO-13: TaxExclusive = LineExtension − allowances + charges;
  // BR-CO-15: TaxInclusive = TaxExclusive + TaxTotal; BR-CO-16: payable = TaxInclusive − prepaid (BT-113) + rounding (BT-114)
  const t = p.totals;
  must(p.lines.reduce((n, l) => n + l.net, 0) === t.lineExtension, 'BR-CO-10');
  must(t.taxExclusive === t.lineExtension + t.charges, 'BR-CO-13');
  must(t.taxInclusive === t.taxExclusive + t.tax, 'BR-CO-15');
  must(t.payable === t.taxInclusive - t.prepaid + t.rounding, 'BR-CO-16 payable');
  // a rounding amount only for the fil no VAT could split exactly (decision 0142)
  must(Math.abs(t.rounding) <= 1, 'rounding amount within one fil');
  must(p.breakdown.reduce((n, b) => n + b.tax, 0) === t.tax, 'BR-CO-14 Σ category tax = total tax');
  must(p.lines.reduce((n, l) => n + l.tax, 0) === t.tax, 'Σ line VAT = total tax');
  // per category (BR-S-08 / BR-Z-08 / BR-E-08): taxable = Σ its lines' net + its charges; Z and E carry no tax
  const charge = child(r, 'AllowanceCharge');
  const chargeCat = text(child(child(charge, 'TaxCategory'), 'ID'));
  for (const b of p.breakdown) {
    must(CATEGORY_CODES.has(b.code), `BR-CL-17/18 category ${b.code}`);
    const lines = p.lines.filter((l) => l.category === b.code && l.percent === b.percent);
    const charges = charge && chargeCat === b.code ? fils(child(charge, 'Amount')) : 0;
    must(b.taxable === lines.reduce((n, l) => n + l.net, 0) + charges, `BR-${b.code}-08 taxable amount of ${b.code} ${b.percent}%`);
    if (b.code !== 'S') must(b.tax === 0 && b.percent === 0, `BR-${b.code}-09 ${b.code} carries no tax`);
    else must(b.percent > 0, 'BR-S-05 standard rate above zero');
    // BR-CO-17 (kept by PINT AE): the category's tax is its taxable amount × rate, rounded once to the fil; checked
    // exactly (the rule's published check allows a unit of tolerance, Souq's documents need none, decision 0120)
    must(b.tax === categoryTaxCents(b.taxable, Math.round(b.percent * 100)), `BR-CO-17 tax of ${b.code} ${b.percent}% = taxable × rate`);
    if (b.code === 'E') must(b.exemptionReason !== '', 'BR-E-10 exemption reason');
  }
  for (const l of p.lines) must(p.breakdown.some((b) => b.code === l.category && b.percent === l.percent), `BR-S/Z/E-01: line category ${l.category} in the breakdown`);
  return out;
}
