import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { formatMoney } from '@souq/shared/rules/money';
import { formatDate } from '@souq/shared/rules/locale';
import { ApiError, downloadFile } from '@/lib/api-client';
import { currentMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { documentTitle } from './document-title';

type Props = {
  /** the seller's own (its Earnings tab) or every seller's (the admin's Finance section: a Vendor column more) */
  reader: 'seller' | 'admin';
  rows: TaxDocument[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: { title: string; description: string };
  /** where a document's files are: `${filesAt}/${id}/pdf` and `/pint-ae`, with the reader's token */
  filesAt: string;
  auth: 'vendor' | 'admin';
  /** a download's failure, for the holder to show (null when a new download starts) */
  onError: (message: string | null) => void;
};

/**
 * The marketplace's monthly commission invoices and credit notes (decision 0108): each as PDF, and as PINT AE XML
 * when the seller is VAT-registered (a B2B e-invoice needs both TRNs). One table for the seller and the admin.
 */
export function CommissionDocumentTable({ reader, rows, loading, error, onRetry, empty, filesAt, auth, onError }: Props) {
  const { t } = useLingui();
  const locale = useLocale();
  const admin = reader === 'admin';
  const download = (d: TaxDocument, format: 'pdf' | 'pint-ae') => {
    onError(null);
    downloadFile(`${filesAt}/${d.id}/${format}`, `${d.number}.${format === 'pdf' ? 'pdf' : 'xml'}`, { auth })
      .catch((err: unknown) => onError(err instanceof ApiError ? err.message : currentMsg().requestFailed));
  };
  const money = (value: number, d: TaxDocument) => <span className="whitespace-nowrap tabular-nums">{formatMoney(value, d.currency)}</span>;
  const columns: DataTableColumn<TaxDocument>[] = [
    {
      key: 'number',
      header: t`Document`,
      cell: (d) => (
        <div className="min-w-0">
          <p className="text-slate-900">{documentTitle(d.title, locale)} <span className="font-mono text-xs tabular-nums break-all">{d.number}</span></p>
          <p className="text-xs text-slate-500">
            {d.corrects_number ? <Trans>Corrects <bdi>{d.corrects_number}</bdi></Trans> : <Trans>Period <bdi dir="ltr" className="whitespace-nowrap">{d.period}</bdi></Trans>}
            {/* the seller's table has an Issued column from sm; the admin's none: the date always rides here */}
            <span className={admin ? undefined : 'sm:hidden'}> · <bdi className="whitespace-nowrap">{formatDate(d.issued_at)}</bdi></span>
          </p>
          {admin && (
            <>
              <p dir="auto" className="truncate text-start text-xs text-slate-500 md:hidden">{d.recipient_name}</p>
              <p className="text-xs tabular-nums text-slate-900 sm:hidden">{formatMoney(d.total, d.currency)}</p>
            </>
          )}
        </div>
      ),
    },
    admin
      ? { key: 'vendor', header: t`Vendor`, hideBelow: 'md', cell: (d) => <span dir="auto" className="block max-w-[14rem] truncate text-start" title={d.recipient_name}>{d.recipient_name}</span> }
      : { key: 'issued', header: t`Issued`, hideBelow: 'sm', cell: (d) => <span className="whitespace-nowrap">{formatDate(d.issued_at)}</span> },
    { key: 'net', header: t`Commission`, align: 'right', hideBelow: admin ? 'lg' : 'md', cell: (d) => money(d.net, d) },
    { key: 'tax', header: t`VAT`, align: 'right', hideBelow: admin ? 'sm' : 'md', cell: (d) => money(d.tax, d) },
    { key: 'total', header: t`Total`, align: 'right', ...(admin ? { hideBelow: 'sm' as const } : {}), cell: (d) => money(d.total, d) },
    {
      key: 'download',
      header: t`Download`,
      align: 'right',
      cell: (d) => (
        <div className={admin ? 'flex flex-col items-end gap-2 sm:flex-row sm:justify-end' : 'flex justify-end gap-2'}>
          <Button size="sm" variant="secondary" onClick={() => download(d, 'pdf')} aria-label={t`Download ${d.number} as PDF`}><Trans>PDF</Trans></Button>
          {d.pint_ae && (
            <Button size="sm" variant="secondary" onClick={() => download(d, 'pint-ae')} aria-label={t`Download ${d.number} as PINT AE XML`}><Trans>XML</Trans></Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption={t`Commission invoices and credit notes`}
      columns={columns}
      rowKey={(d) => d.id}
      rows={rows}
      loading={loading}
      error={error}
      onRetry={onRetry}
      density="compact"
      empty={empty}
    />
  );
}
