import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminParcel, AdminParcels } from '@souq/shared/api/shipping';
import { CARRIER_NAMES, CARRIERS, PARCEL_STATE_LABELS, PARCEL_STATES } from '@souq/shared/rules/shipping';
import { formatCents } from '@souq/shared/rules/money';
import { formatCount } from '@souq/shared/rules/locale';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { Pagination } from '@/components/ui/Pagination';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { When } from '../parts/When';

const PAGE = 20;
/** States staff look at first: a parcel that failed at the door or went back to its seller. */
const TROUBLE = new Set<AdminParcel['state']>(['delivery_failed', 'returned_to_sender']);

/**
 * Admin › Orders › Parcels (decision 0150): every parcel sellers booked with a carrier, where the carrier last said it
 * was, failed attempts and their reason, the cash the courier collects, and the label. Read only: parcels move by the
 * carriers' signed events.
 */
export function ParcelsPanel() {
  const { t, i18n } = useLingui();
  const side = i18n.locale === 'ar' ? 1 : 0;
  const [state, setState] = useState('');
  const [carrier, setCarrier] = useState('');
  const [offset, setOffset] = useState(0);
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset), ...(state ? { state } : {}), ...(carrier ? { carrier } : {}) });
  const q = useAdminQuery<AdminParcels>(['admin-parcels', state, carrier, offset], `/api/admin/shipping/parcels?${params}`);
  const filter = (set: (v: string) => void) => (v: string) => { set(v); setOffset(0); };

  const columns: DataTableColumn<AdminParcel>[] = [
    {
      key: 'parcel',
      header: t`Parcel`,
      cell: (p) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{CARRIER_NAMES[p.carrier][side]} <bdi className="font-mono text-xs">{p.waybill}</bdi></p>
          <p className="text-xs text-slate-500"><bdi dir="ltr">{p.order_number}</bdi>{p.kind === 'return' ? <> · <Trans>return pickup</Trans></> : null}</p>
        </div>
      ),
    },
    { key: 'seller', header: t`Seller`, hideBelow: 'sm', cell: (p) => <bdi>{side ? p.seller_name_ar : p.seller_name}</bdi> },
    {
      key: 'state',
      header: t`Where it is`,
      cell: (p) => (
        <div className="min-w-0">
          <p className={TROUBLE.has(p.state) ? 'font-medium text-amber-800' : 'text-slate-900'}>{PARCEL_STATE_LABELS[p.state][side]}</p>
          {p.failed_attempts > 0 && (
            <p className="text-xs text-amber-800">
              <Trans>Failed attempts: {p.failed_attempts}</Trans>{p.failure_reason ? <> · <bdi>{p.failure_reason}</bdi></> : null}
            </p>
          )}
          <p className="text-xs text-slate-500">{p.state_at ? <When iso={p.state_at} /> : <Trans>no carrier event yet</Trans>}</p>
        </div>
      ),
    },
    {
      key: 'cod',
      header: t`Cash to collect`,
      align: 'right',
      hideBelow: 'md',
      cell: (p) => <span className="whitespace-nowrap tabular-nums">{p.cod_cents > 0 ? formatCents(p.cod_cents, undefined, i18n.locale === 'ar' ? 'ar' : 'en') : t`Prepaid`}</span>,
    },
    {
      key: 'label',
      header: t`Label`,
      hideBelow: 'sm',
      cell: (p) => <a className="text-brand-700 underline" href={p.label_url} target="_blank" rel="noreferrer" aria-label={t`Label of parcel ${p.waybill} (PDF)`}><Trans>PDF</Trans></a>,
    },
  ];

  return (
    <section aria-labelledby="parcels-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="space-y-3 border-b border-slate-100 p-4 sm:p-5">
        <div>
          <h3 id="parcels-heading" className="text-base font-semibold text-slate-900"><Trans>Parcels</Trans></h3>
          <p className="text-sm text-slate-600"><Trans>Every parcel sellers booked with a carrier and where the carrier last said it was. Parcels move by the carriers' signed events, not by hand.</Trans></p>
        </div>
        <FilterBar label={t`Parcel filters`} onClear={() => { setState(''); setCarrier(''); setOffset(0); }} canClear={state !== '' || carrier !== ''}>
          <FilterSelect
            label={t`Where it is`} value={state} onChange={filter(setState)} allLabel={t`All parcels`}
            options={PARCEL_STATES.map((s) => ({ value: s, label: q.data ? `${PARCEL_STATE_LABELS[s][side]} (${formatCount(q.data.counts.find((c) => c.state === s)?.count ?? 0)})` : PARCEL_STATE_LABELS[s][side] }))}
          />
          <FilterSelect label={t`Carrier`} value={carrier} onChange={filter(setCarrier)} allLabel={t`All carriers`} options={CARRIERS.map((c) => ({ value: c, label: CARRIER_NAMES[c][side] }))} />
        </FilterBar>
      </div>
      {q.isError && !q.data ? (
        <div className="p-4"><LoadError title={t`Failed to load the parcels`} error={q.error} onRetry={() => void q.refetch()} /></div>
      ) : (
        <>
          <DataTable
            caption={t`Parcels`}
            density="compact"
            columns={columns}
            rowKey={(p) => p.id}
            rows={q.data?.items}
            loading={q.isPending}
            empty={{ title: state || carrier ? t`No parcels match` : t`No parcels yet`, description: t`A parcel appears here when a seller books a carrier for an order or a return.` }}
          />
          <Pagination limit={PAGE} offset={offset} total={q.data?.total ?? 0} onOffsetChange={setOffset} label={t`Parcels pages`} />
        </>
      )}
    </section>
  );
}
