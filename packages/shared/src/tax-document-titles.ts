// The titles a tax document carries, in English with the Arabic printed beside it under the same key with 'Ar' (the
// PDFs print both, decision 0099). MSG spreads them; the web reads them here (components/tax/document-title.ts), so a
// page that shows a document's title does not load the whole English MSG (decision 0156).
export const TAX_DOCUMENT_TITLES = {
  taxInvoiceTitle: 'Tax Invoice',
  taxInvoiceTitleAr: 'فاتورة ضريبية',
  simplifiedTaxInvoiceTitle: 'Simplified Tax Invoice',
  simplifiedTaxInvoiceTitleAr: 'فاتورة ضريبية مبسطة',
  invoiceTitle: 'Invoice',
  invoiceTitleAr: 'فاتورة',
  taxCreditNoteTitle: 'Tax Credit Note',
  taxCreditNoteTitleAr: 'إشعار دائن ضريبي',
  /** An unregistered seller's credit note: a plain commercial document, never a tax credit note (decision 0121). */
  creditNoteTitle: 'Credit Note',
  creditNoteTitleAr: 'إشعار دائن',
} as const;
