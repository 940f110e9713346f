import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { formatMoney } from '@souq/shared/rules/money';
import { ApiError, downloadFile } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { documentTitle } from './document-title';

/** Whose list it is: the shopper's own (seller and order named, amounts in their own column), an order's for the admin
 * (seller named) or for its seller (nothing to name: the seller is the reader). */
export type TaxDocumentReader = 'shopper' | 'admin' | 'seller';

type ListProps = {
  docs: TaxDocument[];
  reader: TaxDocumentReader;
  /** where a document's files are: `${filesAt}/${id}/pdf` and `/pint-ae` */
  filesAt: string;
  /** the token the download sends (the shopper's is the default) */
  auth?: 'vendor' | 'admin';
  /** the download's failure, for the holder to show (null when a new download starts) */
  onError: (message: string | null) => void;
};

/**
 * Tax invoices and credit notes (decision 0099), each downloadable as PDF and, when business-to-business, as PINT AE
 * XML (decision 0108): the one list of the shopper's /profile, the admin's order details and the seller's order.
 */
export function TaxDocumentList({ docs, reader, filesAt, auth, onError }: ListProps) {
  const MSG = useMsg();
  const { t } = useLingui();
  const locale = useLocale();
  async function download(d: TaxDocument, format: 'pdf' | 'pint-ae') {
    onError(null);
    try {
      await downloadFile(`${filesAt}/${d.id}/${format}`, `${d.number}.${format === 'pdf' ? 'pdf' : 'xml'}`, auth ? { auth } : {});
    } catch (err) {
      onError(err instanceof ApiError ? err.message : currentMsg().requestFailed);
    }
  }
  const shopper = reader === 'shopper';
  const corrects = (d: TaxDocument) => (d.corrects_number && reader !== 'seller' ? ` · ${MSG.taxDocumentCorrects(d.corrects_number)}` : '');
  return (
    <ul className={shopper ? 'divide-y divide-slate-100' : 'divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm'}>
      {docs.map((d) => (
        <li key={d.id} className={shopper ? 'flex flex-wrap items-center justify-between gap-3 py-3 text-sm' : 'flex flex-wrap items-center justify-between gap-3 px-3 py-2'}>
          {shopper ? (
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {documentTitle(d.title, locale)} <bdi className="tabular-nums">{d.number}</bdi>
              </p>
              <p className="text-xs text-slate-500">
                <bdi>{d.supplier_name}</bdi> · <bdi>{d.order_number}</bdi>
                {corrects(d)}
              </p>
            </div>
          ) : (
            <span className="min-w-0 text-slate-900">
              {documentTitle(d.title, locale)} <bdi className="tabular-nums">{d.number}</bdi>
              <span className="block text-xs text-slate-500">
                {reader === 'admin' && <><bdi>{d.supplier_name}</bdi> · </>}
                {/* an unregistered seller's document charges no VAT: its total only (decision 0121) */}
                {d.charges_vat ? `${MSG.taxDocumentVat} ${formatMoney(d.tax, d.currency)} · ` : ''}{formatMoney(d.total, d.currency)}
                {corrects(d)}
              </span>
            </span>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {shopper && (
              <span className="text-end">
                <Price value={d.total} />
                {d.charges_vat && (
                  <span className="block text-xs text-slate-500">
                    {MSG.taxDocumentVat} <Price value={d.tax} />
                  </span>
                )}
              </span>
            )}
            <Button size="sm" variant="secondary" onClick={() => void download(d, 'pdf')}>
              {MSG.taxDocumentDownload}
            </Button>
            {d.pint_ae && (
              <Button size="sm" variant="secondary" aria-label={t`Download ${d.number} as PINT AE XML`} onClick={() => void download(d, 'pint-ae')}>
                <Trans>XML</Trans>
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An order's documents in its details (the admin's, the seller's): nothing until there is one. */
export function OrderTaxDocumentList({ docs, reader, filesAt, auth, headingClassName }: Omit<ListProps, 'onError'> & { headingClassName: string }) {
  const MSG = useMsg();
  const [error, setError] = useState<string | null>(null);
  if (!docs.length) return null;
  return (
    <section aria-label={MSG.taxDocumentsHeading} className="space-y-2">
      <h3 className={headingClassName}>{MSG.taxDocumentsHeading}</h3>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <TaxDocumentList docs={docs} reader={reader} filesAt={filesAt} auth={auth} onError={setError} />
    </section>
  );
}
