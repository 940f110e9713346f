import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail, AdminOrderRow, OrderStats } from '@souq/shared/api/admin';
import { ORDER_STATUSES, PAYMENT_METHOD_LABELS, type OrderStatus } from '@souq/shared/constants';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useMsg } from '@/lib/use-msg';
import { formatMoney } from '@souq/shared/rules/money';
import { useListQuery } from '@/lib/use-list-query';
import { statusBadge } from '@/lib/status-badges';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Select, Textarea } from '@/components/ui/Field';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { ReturnRequestsPanel } from '@/components/returns/ReturnRequestsPanel';
import { adminApi, queryString, useAdminMutation, useAdminQuery, useVendorOptions } from '../api';
import { LoadError } from '../parts/LoadError';
import { OrderTaxDocuments } from '../parts/OrderTaxDocuments';
import { VendorFilter } from '../parts/VendorSelect';
import { When } from '../parts/When';
import { ParcelsPanel } from './ParcelsPanel';
import { formatCount } from '@souq/shared/rules/locale';

const FILTERS = { status: '', vendor_id: '' };
const ORDER_KEYS = ['admin-orders', 'admin-order-stats', 'admin-order', 'admin-overview', 'admin-payments'];
const money = (value: number, currency: string) => formatMoney(value, currency);
/** How an order was paid, in the page's language. */
const PAYMENT: Record<string, MessageDescriptor> = { card: msg`Credit/Debit Card`, cod: msg`Cash on Delivery`, store_credit: msg`Store credit` };
const paymentLabel = (method: keyof typeof PAYMENT_METHOD_LABELS) => (PAYMENT[method] ? i18n._(PAYMENT[method]!) : PAYMENT_METHOD_LABELS[method]);

/** The spec's Update Order Status form: all seven statuses and optional notes; the history shows the change. */
function StatusForm({ order, autoFocus, onDone }: { order: AdminOrderDetail; autoFocus: boolean; onDone: () => void }) {
  const MSG = useMsg();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useAdminMutation(
    (body: { status: OrderStatus; notes?: string }) => adminApi<AdminOrderDetail>(`/api/admin/orders/${order.id}/status`, { method: 'PUT', body }),
    ORDER_KEYS,
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ status, ...(notes.trim() ? { notes: notes.trim() } : {}) });
      notify.success(MSG.orderStatusUpdated);
      onDone();
    } catch (err) {
      const text = MSG.updateOrderStatusFailed(err instanceof Error ? err.message : MSG.requestFailed);
      setError(text);
      notify.error(text);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-labelledby="update-status-heading">
      <h3 id="update-status-heading" className="text-sm font-semibold text-slate-900"><Trans>Update Order Status</Trans></h3>
      <Field label={t`Status`}>
        {/* the row's "Status" action opens the details to change the status: the select takes the focus */}
        <Select value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} autoFocus={autoFocus}>
          {/* awaiting_payment is the card payment's to leave (decision 0137): never a status to set by hand */}
          {ORDER_STATUSES.filter((s) => s !== 'awaiting_payment').map((s) => <option key={s} value={s}>{statusBadge('order', s).label}</option>)}
        </Select>
      </Field>
      <Field label={t`Notes`} hint={t`Optional; kept in the status history.`}>
        <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={1000} rows={2} className="min-h-16" />
      </Field>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} disabled={status === order.status && !notes.trim()}><Trans>Update status</Trans></Button>
      </div>
    </form>
  );
}

/** The order details modal (admin §2): identity, customer, items, status history and the status form. */
function OrderDetails({ id, focusStatus, onClose, onAssign }: { id: number | null; focusStatus: boolean; onClose: () => void; onAssign: (o: AdminOrderRow) => void }) {
  const MSG = useMsg();
  const detail = useAdminQuery<AdminOrderDetail>(['admin-order', id], `/api/admin/orders/${id}`, { enabled: id !== null });
  const o = detail.data;
  return (
    <Dialog open={id !== null} onClose={onClose} title={o ? t`Order ${o.order_number}` : t`Order details`} size="lg">
      {detail.isPending ? (
        <div className="space-y-3"><Skeleton className="h-5 w-1/2" /><Skeleton className="h-24 w-full" /></div>
      ) : detail.isError || !o ? (
        <LoadError title={MSG.loadOrdersFailed} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
            <div><dt className="text-slate-500"><Trans>Order ID</Trans></dt><dd className="text-slate-900">{o.id}</dd></div>
            <div><dt className="text-slate-500"><Trans>Status</Trans></dt><dd><StatusBadge kind="order" status={o.status} /></dd></div>
            <div><dt className="text-slate-500"><Trans>Created</Trans></dt><dd className="text-slate-900"><When iso={o.created_at} /></dd></div>
            <div><dt className="text-slate-500"><Trans>Total</Trans></dt><dd className="font-semibold text-slate-900 tabular-nums">{money(o.total_amount, o.currency)}</dd></div>
            <div className="col-span-2"><dt className="text-slate-500"><Trans>Customer</Trans></dt><dd className="text-slate-900"><bdi>{o.customer_name}</bdi><span dir="ltr" className="block break-all text-slate-600">{o.customer_email}</span>{o.customer_phone && <span className="block text-slate-600">{o.customer_phone}</span>}</dd></div>
            <div><dt className="text-slate-500"><Trans>Payment</Trans></dt><dd className="text-slate-900">{paymentLabel(o.payment_method)}</dd></div>
            <div>
              <dt className="text-slate-500"><Trans>Vendor</Trans></dt>
              <dd className="text-slate-900">
                {o.vendor_name ? <bdi>{o.vendor_name}</bdi> : (o.seller_vendor_id !== null ? <bdi>{o.seller_name}</bdi> : (
                  <Button variant="secondary" size="sm" className="mt-0.5" onClick={() => onAssign(o)}><Trans>Assign Vendor</Trans></Button>
                ))}
              </dd>
            </div>
            <div className="col-span-2 sm:col-span-4"><dt className="text-slate-500"><Trans>Ship to</Trans></dt><dd dir="auto" className="text-slate-900">{[o.shipping_address.address, o.shipping_address.city, o.shipping_address.country].filter(Boolean).join(', ')}</dd></div>
          </dl>

          <section aria-labelledby="items-heading">
            <h3 id="items-heading" className="text-sm font-semibold text-slate-900"><Trans>Items</Trans></h3>
            <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
              <table className="w-full text-start text-sm">
                <caption className="sr-only"><Trans>Items of order {o.order_number}</Trans></caption>
                <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                  <tr><th className="px-3 py-2"><Trans>Product</Trans></th><th className="px-3 py-2 text-end"><Trans>Qty</Trans></th><th className="px-3 py-2 text-end"><Trans>Unit price</Trans></th><th className="px-3 py-2 text-end"><Trans>Total</Trans></th></tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {o.items.map((i, n) => (
                    <tr key={n}>
                      <td className="px-3 py-2">
                        <bdi>{i.product_name}</bdi>
                        {i.variant_label && <span className="block text-xs text-slate-500"><bdi>{i.variant_label}</bdi></span>}
                      </td>
                      <td className="px-3 py-2 text-end tabular-nums">{i.quantity}</td>
                      <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{money(i.unit_price, o.currency)}</td>
                      <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{money(i.total_price, o.currency)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="text-slate-600">
                  <tr><td colSpan={3} className="px-3 pt-2 text-end"><Trans>Subtotal</Trans></td><td className="px-3 pt-2 text-end tabular-nums">{money(o.subtotal, o.currency)}</td></tr>
                  <tr><td colSpan={3} className="px-3 text-end"><Trans>Shipping</Trans></td><td className="px-3 text-end tabular-nums">{money(o.shipping, o.currency)}</td></tr>
                  <tr><td colSpan={3} className="px-3 text-end"><Trans>Tax</Trans></td><td className="px-3 text-end tabular-nums">{money(o.tax, o.currency)}</td></tr>
                  <tr className="font-semibold text-slate-900"><td colSpan={3} className="px-3 pb-2 text-end"><Trans>Total</Trans></td><td className="px-3 pb-2 text-end tabular-nums">{money(o.total_amount, o.currency)}</td></tr>
                </tfoot>
              </table>
            </div>
            {o.notes && <p className="mt-2 text-sm whitespace-pre-line text-slate-600"><span className="font-medium text-slate-700"><Trans>Notes:</Trans> </span><bdi>{o.notes}</bdi></p>}
          </section>

          <ReturnRequestsPanel area="admin" orderId={o.id} />
          <OrderTaxDocuments orderId={o.id} />

          <section aria-labelledby="history-heading">
            <h3 id="history-heading" className="text-sm font-semibold text-slate-900"><Trans>Status history</Trans></h3>
            <ol className="mt-2 space-y-2 border-s-2 border-slate-200 ps-4">
              {o.status_history.map((h, n) => (
                <li key={n} className="text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge kind="order" status={h.to_status} />
                    <span className="text-xs text-slate-500"><When iso={h.created_at} />{h.changed_by ? <> · <bdi>{h.changed_by}</bdi></> : ''}</span>
                  </div>
                  {h.notes && <p dir="auto" className="mt-0.5 text-slate-700">{h.notes}</p>}
                </li>
              ))}
            </ol>
          </section>

          <StatusForm key={o.status} order={o} autoFocus={focusStatus} onDone={onClose} />
        </div>
      )}
    </Dialog>
  );
}

/** The Assign Vendor modal (admin §2): vendors with company, contact and e-mail, searched on the server; a click assigns. */
function AssignVendor({ order, onClose }: { order: AdminOrderRow | null; onClose: () => void }) {
  const MSG = useMsg();
  const [search, setSearch] = useState('');
  const vendors = useVendorOptions(search, order !== null);
  const assign = useAdminMutation(
    (vendorId: number) => adminApi(`/api/admin/orders/${order!.id}/assign-vendor`, { method: 'PUT', body: { vendor_id: vendorId } }),
    ORDER_KEYS,
  );
  const [busyId, setBusyId] = useState<number | null>(null);

  async function pick(vendorId: number) {
    if (!order) return notify.error(MSG.noOrderSelected);
    setBusyId(vendorId);
    try {
      await assign.mutateAsync(vendorId);
      notify.success(MSG.vendorAssigned);
      onClose();
    } catch (err) {
      notify.error(MSG.assignVendorFailed(err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  return (
    <Dialog open={order !== null} onClose={() => !assign.isPending && onClose()} title={t`Assign Vendor`} description={order ? t`Order ${order.order_number}` : undefined}>
      <SearchInput label={t`Search vendors`} placeholder={t`Search vendors...`} value={search} onChange={setSearch} className="sm:w-full" busy={vendors.isFetching} />
      <div className="mt-3">
        {vendors.isPending ? (
          <div className="space-y-2"><Skeleton className="h-14 w-full" /><Skeleton className="h-14 w-full" /></div>
        ) : vendors.isError ? (
          <LoadError title={MSG.loadVendorsFailed} error={vendors.error} onRetry={() => void vendors.refetch()} />
        ) : vendors.data?.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{MSG.noVendorsFound}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {vendors.data?.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  onClick={() => void pick(v.id)}
                  disabled={assign.isPending}
                  className="flex w-full items-center justify-between gap-3 px-4 py-3 text-start hover:bg-slate-50 disabled:opacity-60"
                >
                  <span className="min-w-0">
                    <bdi className="block truncate font-medium text-slate-900">{v.company_name}</bdi>
                    <span className="block truncate text-sm text-slate-600"><bdi>{v.contact_name}</bdi> · <bdi>{v.email}</bdi></span>
                  </span>
                  <span className="shrink-0 text-sm font-medium text-brand-700">{assign.isPending && busyId === v.id ? <Trans>Assigning…</Trans> : <Trans>Assign</Trans>}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

/**
 * Orders (admin §2): search, status and vendor filters on the server (in the URL), stat cards over the same filters,
 * the spec's columns, details with Update Order Status, and Assign Vendor.
 */
export function OrdersSection() {
  const MSG = useMsg();
  const list = useListQuery<AdminOrderRow, typeof FILTERS>({ queryKey: 'admin-orders', path: '/api/admin/orders', auth: 'admin', filters: FILTERS });
  const filterQuery = queryString({ search: list.search, ...list.filters });
  const stats = useAdminQuery<OrderStats>(['admin-order-stats', filterQuery], `/api/admin/orders/stats${filterQuery}`);
  const [viewing, setViewing] = useState<{ id: number; focusStatus: boolean } | null>(null);
  const [assigning, setAssigning] = useState<AdminOrderRow | null>(null);
  const s = stats.data;

  const columns: DataTableColumn<AdminOrderRow>[] = [
    {
      key: 'order_number',
      header: <Trans>Order</Trans>,
      sortable: true,
      cell: (o) => (
        <div className="min-w-0">
          <p className="font-medium whitespace-nowrap text-slate-900">{o.order_number}</p>
          <p className="text-xs text-slate-500">
            <Trans>ID {o.id}</Trans>
            <span className="2xl:hidden"> · <Plural value={o.item_count} one="# item" other="# items" /></span>
          </p>
          {/* folded columns: the customer below 2xl (so the Vendor column fits at 1280 px), the vendor below lg */}
          <p className="max-w-[12rem] truncate text-xs text-slate-500 2xl:hidden"><bdi>{o.customer_name}</bdi></p>
          {(o.vendor_name ?? (o.seller_vendor_id !== null ? o.seller_name : null)) && (
            <p className="max-w-[12rem] truncate text-xs text-slate-500 lg:hidden"><Trans>Vendor:</Trans> <bdi>{o.vendor_name ?? o.seller_name}</bdi></p>
          )}
        </div>
      ),
    },
    {
      key: 'customer',
      header: <Trans>Customer</Trans>,
      hideBelow: '2xl',
      cell: (o) => (
        <div className="min-w-0 max-w-[13rem]">
          <p className="text-slate-900" title={o.customer_name}><bdi className="name-line">{o.customer_name}</bdi></p>
          <p className="truncate text-xs text-slate-500" title={o.customer_email}>{o.customer_email}</p>
        </div>
      ),
    },
    { key: 'items', header: <Trans>Items</Trans>, align: 'right', hideBelow: '2xl', cell: (o) => o.item_count },
    {
      key: 'total_amount',
      header: <Trans>Total</Trans>,
      align: 'right',
      sortable: true,
      firstOrder: 'desc',
      cell: (o) => (
        <>
          {money(o.total_amount, o.currency)}
          {/* phones: the status under the total */}
          <span className="mt-1 block sm:hidden"><StatusBadge kind="order" status={o.status} /></span>
        </>
      ),
    },
    { key: 'status', header: <Trans>Status</Trans>, sortable: true, hideBelow: 'sm', cell: (o) => <StatusBadge kind="order" status={o.status} /> },
    {
      key: 'vendor',
      header: <Trans>Vendor</Trans>,
      hideBelow: 'lg',
      cell: (o) =>
        o.vendor_name ? (
          <div className="min-w-0 max-w-[9rem] 2xl:max-w-[11rem]">
            <p className="text-slate-900" title={o.vendor_name}><bdi className="name-line">{o.vendor_name}</bdi></p>
            <p className="text-xs text-slate-500" title={o.vendor_contact ?? undefined}><bdi className="name-line">{o.vendor_contact}</bdi></p>
          </div>
        ) : o.seller_vendor_id !== null ? (
          // a vendor's own sub-order (decision 0086): its seller runs it, there is nobody to assign
          <div className="min-w-0 max-w-[9rem] 2xl:max-w-[11rem]">
            <p className="text-slate-900" title={o.seller_name}><bdi className="name-line">{o.seller_name}</bdi></p>
            <p className="truncate text-xs text-slate-500"><Trans>Seller</Trans></p>
          </div>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setAssigning(o)} aria-label={t`Assign vendor to order ${o.order_number}`}><Trans>Assign Vendor</Trans></Button>
        ),
    },
    { key: 'created_at', header: <Trans>Date</Trans>, sortable: true, firstOrder: 'desc', hideBelow: 'sm', className: 'whitespace-nowrap text-slate-600', cell: (o) => <When iso={o.created_at} /> },
  ];

  return (
    <section aria-labelledby="orders-heading" className="space-y-5">
      <PageHeader id="orders-heading" title={t`Orders`} description={t`Every order in the shop. Update a status, assign a vendor, follow the history.`} />
      <ReturnRequestsPanel area="admin" />
      <StatGrid label={t`Order figures`} className="grid-cols-2">
        <StatCard label={t`Total Orders`} loading={stats.isPending} value={formatCount(s?.total_orders)} />
        <StatCard label={t`Pending`} loading={stats.isPending} value={formatCount(s?.pending)} />
        <StatCard label={t`Processing`} loading={stats.isPending} value={formatCount(s?.processing)} />
        <StatCard label={t`Total Revenue`} className="col-span-2 sm:col-span-1" loading={stats.isPending} value={s && money(s.total_revenue, s.currency)} hint={t`without cancelled and refunded orders`} />
      </StatGrid>

      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="border-b border-slate-100 p-4 sm:p-5">
          <FilterBar label={t`Order filters`} onClear={list.resetFilters} canClear={list.isFiltered}>
            <SearchInput label={t`Search orders`} placeholder={t`Order number, customer e-mail or name...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} className="sm:w-80" />
            <FilterSelect label={t`Status`} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} allLabel={t`All statuses`} options={ORDER_STATUSES.map((v) => ({ value: v, label: statusBadge('order', v).label }))} />
            <VendorFilter value={list.filters.vendor_id} onChange={(v) => list.setFilter('vendor_id', v)} />
          </FilterBar>
        </div>
        <DataTable
          caption={t`Orders`}
          density="compact"
          columns={columns}
          rowKey={(o) => o.id}
          {...list.tableProps}
          loadingLabel={MSG.loadingOrders}
          errorTitle={MSG.loadOrdersFailed}
          empty={{ title: list.isFiltered ? MSG.noOrdersFoundAdmin : MSG.noOrdersYetAdmin }}
          onRowClick={(o) => setViewing({ id: o.id, focusStatus: false })}
          rowClickLabel={(o) => t`View order ${o.order_number}`}
          rowLabel={(o) => t`order ${o.order_number}`}
          rowActions={(o) => (
            <>
              <Button variant="ghost" size="sm" onClick={() => setViewing({ id: o.id, focusStatus: false })} aria-label={t`View order ${o.order_number}`}><Trans>View</Trans></Button>
              <Button variant="ghost" size="sm" onClick={() => setViewing({ id: o.id, focusStatus: true })} aria-label={t`Update status of order ${o.order_number}`}><Trans>Status</Trans></Button>
              {o.vendor_id === null && (
                <Button variant="ghost" size="sm" className="lg:hidden" onClick={() => setAssigning(o)} aria-label={t`Assign vendor to order ${o.order_number}`}><Trans>Assign</Trans></Button>
              )}
            </>
          )}
        />
        <Pagination {...list.paginationProps} label={t`Orders pages`} />
      </div>
      <ParcelsPanel />

      <OrderDetails
        id={viewing?.id ?? null}
        focusStatus={viewing?.focusStatus ?? false}
        onClose={() => setViewing(null)}
        onAssign={(o) => { setViewing(null); setAssigning(o); }}
      />
      <AssignVendor key={assigning?.id ?? 'none'} order={assigning} onClose={() => setAssigning(null)} />
    </section>
  );
}
