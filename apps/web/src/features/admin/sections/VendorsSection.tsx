import { useState } from 'react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '@souq/shared/api/auth';
import { VENDOR_DOCUMENT_FIELDS, VENDOR_DOCUMENT_LABELS, VENDOR_STATUSES, type VendorStats } from '@souq/shared/api/vendors';
import { useMsg } from '@/lib/use-msg';
import { VENDOR_STATUS_LABELS } from '@souq/shared/rules/vendor-status';
import { useListQuery } from '@/lib/use-list-query';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Drawer } from '@/components/ui/Drawer';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { openPrivateFile } from '@/components/seller/documents';
import { OnboardingWizard } from '@/components/seller/OnboardingWizard';
import { VendorProfileView, vendorProfileKey } from '@/components/seller/VendorProfileView';
import { VerificationPanel } from '@/components/seller/VerificationPanel';
import { VendorTaxReview } from '../parts/VendorTaxReview';
import { VendorPerformance } from '../parts/VendorPerformance';
import { useAdminQuery } from '../api';
import { formatCount } from '@souq/shared/rules/locale';
import { formatDate } from '@souq/shared/rules/locale';

const FILTERS = { status: '' };
/** The vendor statuses and documents in the page's language (the shared English labels are the spec's). */
const STATUS_NAME: Record<keyof typeof VENDOR_STATUS_LABELS, MessageDescriptor> = { verified: msg`Verified`, pending: msg`Pending Review`, incomplete: msg`Incomplete`, rejected: msg`Rejected` };
const DOCUMENT_NAME: Record<keyof typeof VENDOR_DOCUMENT_LABELS, MessageDescriptor> = { trade_license: msg`Trade license`, emirates_id_front: msg`Emirates ID (front)`, emirates_id_back: msg`Emirates ID (back)` };
const statusName = (s: keyof typeof VENDOR_STATUS_LABELS) => i18n._(STATUS_NAME[s]);
const documentName = (f: keyof typeof VENDOR_DOCUMENT_LABELS) => i18n._(DOCUMENT_NAME[f]);
const docCount = (v: Vendor) => VENDOR_DOCUMENT_FIELDS.filter((f) => !!v[f]).length;

const COLUMNS: DataTableColumn<Vendor>[] = [
  {
    key: 'vendor',
    header: <Trans>Vendor</Trans>,
    cell: (v) => (
      <div className="min-w-0 max-w-[10.5rem] sm:max-w-[16rem]">
        <p className="truncate font-medium text-slate-900" title={v.company_name}><bdi>{v.company_name}</bdi></p>
        <p className="truncate text-xs text-slate-500" title={v.email}><bdi>{v.email}</bdi></p>
        <p className="truncate text-xs text-slate-500 md:hidden"><bdi>{v.contact_name}</bdi></p>
        {/* phones: the status folds under the name so the row's actions stay on screen */}
        <StatusBadge kind="vendor" status={v.verification_status} className="mt-1 sm:hidden" />
      </div>
    ),
  },
  { key: 'contact', header: <Trans>Contact</Trans>, hideBelow: 'md', className: 'whitespace-nowrap text-slate-700', cell: (v) => <><p><bdi>{v.contact_name}</bdi></p><p dir="ltr" className="text-xs text-slate-500">{v.phone}</p></> },
  { key: 'status', header: <Trans>Status</Trans>, hideBelow: 'sm', cell: (v) => <StatusBadge kind="vendor" status={v.verification_status} /> },
  { key: 'documents', header: <Trans>Documents</Trans>, align: 'right', hideBelow: 'xl', cell: (v) => `${docCount(v)} / ${VENDOR_DOCUMENT_FIELDS.length}` },
  { key: 'created_at', header: <Trans>Joined</Trans>, hideBelow: '2xl', className: 'whitespace-nowrap text-slate-600', cell: (v) => formatDate(v.created_at) },
];

/**
 * Vendor Management (admin §2 "Vendor verification", §4): stat cards by derived status, search and status filter on
 * the server (in the URL), the paged table, and per vendor: View (the profile, editable, documents with Update),
 * Review (verify or reject with notes, Pending Review only) and Onboard (the vendor's own wizard, Incomplete only).
 */
export function VendorsSection() {
  const MSG = useMsg();
  const client = useQueryClient();
  const list = useListQuery<Vendor, typeof FILTERS>({ queryKey: 'admin-vendors', path: '/api/admin/vendors', auth: 'admin', filters: FILTERS });
  const stats = useAdminQuery<VendorStats>(['admin-vendor-stats'], '/api/admin/vendors/stats');
  const [viewing, setViewing] = useState<Vendor | null>(null);
  const [reviewing, setReviewing] = useState<Vendor | null>(null);
  const [onboarding, setOnboarding] = useState<Vendor | null>(null);
  const s = stats.data;

  const changed = async (v: Vendor) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['admin-vendors'] }),
      client.invalidateQueries({ queryKey: ['admin-vendor-stats'] }),
      client.invalidateQueries({ queryKey: ['admin-alerts'] }),
      client.invalidateQueries({ queryKey: vendorProfileKey(v.id) }),
    ]);
  };

  return (
    <section aria-labelledby="vendors-heading" className="space-y-5">
      <PageHeader id="vendors-heading" title={t`Vendor Management`} description={t`Verify vendors pending review, keep profiles and documents up to date, onboard vendors on their behalf.`} />
      <StatGrid label={t`Vendor figures`} className="grid-cols-2 lg:grid-cols-4">
        <StatCard label={t`Total Vendors`} loading={stats.isPending} value={formatCount(s?.total)} />
        <StatCard label={statusName('pending')} loading={stats.isPending} value={formatCount(s?.pending)} hint={t`waiting for a decision`} />
        <StatCard label={statusName('verified')} loading={stats.isPending} value={formatCount(s?.verified)} />
        <StatCard label={statusName('incomplete')} loading={stats.isPending} value={formatCount(s?.incomplete)} hint={s && s.rejected ? t`${formatCount(s.rejected)} rejected` : t`documents missing`} />
      </StatGrid>

      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-100 p-4 sm:p-5">
          <FilterBar label={t`Vendor filters`} onClear={list.resetFilters} canClear={list.isFiltered}>
            <SearchInput label={t`Search vendors`} placeholder={t`Company, contact or e-mail...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} className="sm:w-80" />
            <FilterSelect label={t`Status`} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} allLabel={t`All statuses`} options={VENDOR_STATUSES.map((v) => ({ value: v, label: statusName(v) }))} />
          </FilterBar>
        </div>
        <DataTable
          caption={t`Vendors`}
          density="compact"
          columns={COLUMNS}
          rowKey={(v) => v.id}
          {...list.tableProps}
          loadingLabel={t`Loading vendors...`}
          errorTitle={MSG.loadVendorsFailed}
          empty={{ title: MSG.noVendorsFound, description: list.isFiltered ? t`Try another search or status.` : undefined }}
          rowLabel={(v) => v.company_name}
          rowActions={(v) => (
            <>
              <Button variant="ghost" size="sm" onClick={() => setViewing(v)} aria-label={t`View ${v.company_name}`}><Trans>View</Trans></Button>
              {v.verification_status === 'pending' && (
                <Button variant="secondary" size="sm" onClick={() => setReviewing(v)} aria-label={t`Review ${v.company_name}`}><Trans>Review</Trans></Button>
              )}
              {v.verification_status === 'incomplete' && (
                <Button variant="secondary" size="sm" onClick={() => setOnboarding(v)} aria-label={t`Onboard ${v.company_name}`}><Trans>Onboard</Trans></Button>
              )}
            </>
          )}
        />
        <Pagination {...list.paginationProps} label={t`Vendors pages`} />
      </div>

      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.company_name ?? ''} widthClass="max-w-3xl">
        {viewing && (
          <>
            <VendorProfileView vendorId={viewing.id} actingAs="admin" />
            <VendorPerformance vendorId={viewing.id} />
          </>
        )}
      </Drawer>

      <Dialog open={reviewing !== null} onClose={() => setReviewing(null)} title={reviewing ? t`Review ${reviewing.company_name}` : ''} description={t`Check the documents, then verify or reject. The vendor sees the decision and the notes.`} size="lg">
        {reviewing && (
          <div className="space-y-4">
            <ul className="grid gap-2 text-sm sm:grid-cols-3">
              {VENDOR_DOCUMENT_FIELDS.map((f) => (
                <li key={f} className="rounded-lg border border-slate-200 px-3 py-2">
                  <p className="text-xs text-slate-500">{documentName(f)}</p>
                  <p className="truncate font-medium text-slate-900" title={reviewing[f]?.name}>{reviewing[f] ? <bdi>{reviewing[f].name}</bdi> : <Trans>Missing</Trans>}</p>
                  {reviewing[f] && (
                    <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={() => openPrivateFile(reviewing[f]!.url, 'admin').catch((e: Error) => notify.error(e.message))}>
                      <Trans>View</Trans><span className="sr-only"> {documentName(f)}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <VendorTaxReview vendorId={reviewing.id} />
            <VerificationPanel
              vendor={reviewing}
              actingAs="admin"
              onChanged={async (v) => {
                await changed(v);
                setReviewing(null);
              }}
            />
          </div>
        )}
      </Dialog>

      <Dialog open={onboarding !== null} onClose={() => setOnboarding(null)} title={onboarding ? t`Onboard ${onboarding.company_name}` : ''} description={t`The vendor's own onboarding wizard, filled in on its behalf.`} size="xl">
        {onboarding && <OnboardingWizard key={onboarding.id} vendor={onboarding} actingAs="admin" onSaved={(v) => void changed(v)} />}
      </Dialog>
    </section>
  );
}
