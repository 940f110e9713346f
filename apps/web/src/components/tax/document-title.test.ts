import { describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('reads every title the documents carry in Arabic, from the Arabic printed beside it', () => {
    expect(documentTitle(MSG.taxInvoiceTitle, 'ar')).toBe(MSG.taxInvoiceTitleAr);
    expect(documentTitle(MSG.simplifiedTaxInvoiceTitle, 'ar')).toBe(MSG.simplifiedTaxInvoiceTitleAr);
    expect(documentTitle(MSG.invoiceTitle, 'ar')).toBe(MSG.invoiceTitleAr);
    expect(documentTitle(MSG.taxCreditNoteTitle, 'ar')).toBe(MSG.taxCreditNoteTitleAr);
    // an unregistered seller's plain credit note (decision 0121)
    expect(documentTitle(MSG.creditNoteTitle, 'ar')).toBe(MSG.creditNoteTitleAr);
  });
  it('keeps English for English readers and a title it does not know as it came', () => {
    expect(documentTitle(MSG.taxCreditNoteTitle, 'en')).toBe('Tax Credit Note');
    expect(documentTitle('Pro-forma', 'ar')).toBe('Pro-forma');
  });
});
