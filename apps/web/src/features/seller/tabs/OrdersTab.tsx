import { useEffect, useState } from 'react';
import { PromiseLine } from '@/components/delivery/PromiseLine';
import { useQueryClient } from '@tanstack/react-query';
import { useMsg } from '@/lib/use-msg';
import type { WebMessages } from '@souq/shared/messages.ar-web';
import { VENDOR_ORDER_FILTER_STATUSES, type VendorOrder, type VendorOrderAction } from '@souq/shared/api/vendor-dashboard';
import { Skeleton } from '@/components/ui/Skeleton';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { formatMoney } from '@souq/shared/rules/money';
import { useListQuery } from '@/lib/use-list-query';
import { useLiveEvents } from '@/lib/live-events';
import { ReturnRequestsPanel } from '@/components/returns/ReturnRequestsPanel';
import { statusBadge } from '@/lib/status-badges';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { StatCard } from '@/components/ui/StatCard';
import { Money } from '../parts/Money';
import { OrderTaxDocuments } from '../parts/OrderTaxDocuments';
import { VendorOrderShipping } from '@/components/shipping/OrderShipping';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { Field, Input } from '@/components/ui/Field';
import { dashboardKeys, downloadOrdersCsv, useOrderAction, useOrderActivity, useOrderStats } from '../dashboard-api';
import { formatCount, formatDate } from '@souq/shared/rules/locale';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

const statusOptions = () => VENDOR_ORDER_FILTER_STATUSES.map((s) => ({ value: s, label: statusBadge('order', s).label }));
const money = (o: VendorOrder) => formatMoney(o.total, o.currency);

function When({ iso }: { iso: string }) {
  return <time dateTime={iso} title={formatDate(iso, 'dayTime')}>{formatRelativeTime(new Date(iso))}</time>;
}

function SharedNote() {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600" title={t`This order also holds other vendors' items; only yours are shown.`}>
      <Trans>Shared order</Trans>
    </span>
  );
}

/**
 * The vendor's moves on its own sub-order (decision 0086): button, the button's name with the order, the dialog's
 * title and question, the verb inside the failure message and the toast after it (a MSG text, in the page's language).
 */
type OrderMessage = { [K in keyof WebMessages]: WebMessages[K] extends (n: string) => string ? K : never }[keyof WebMessages];
const ACTIONS: Record<VendorOrderAction, { label: MessageDescriptor; title: MessageDescriptor; verb: MessageDescriptor; name: (n: string) => MessageDescriptor; question: (n: string) => MessageDescriptor; done: OrderMessage }> = {
  confirm: { label: msg`Confirm`, title: msg`Confirm order`, verb: msg`confirm`, name: (n) => msg`Confirm order ${n}`, question: (n) => msg`Confirm order ${n}? The customer sees it as confirmed.`, done: 'vendorOrderConfirmed' },
  ship: { label: msg`Ship`, title: msg`Ship order`, verb: msg`ship`, name: (n) => msg`Ship order ${n}`, question: (n) => msg`Mark order ${n} as shipped? The customer is told, with the tracking number.`, done: 'vendorOrderShipped' },
  deliver: { label: msg`Mark delivered`, title: msg`Mark delivered order`, verb: msg`mark as delivered`, name: (n) => msg`Mark as delivered order ${n}`, question: (n) => msg`Mark order ${n} as delivered?`, done: 'vendorOrderDelivered' },
  cancel: { label: msg`Cancel order`, title: msg`Cancel order`, verb: msg`cancel`, name: (n) => msg`Cancel order ${n}`, question: (n) => msg`Cancel order ${n}? Its items go back into your stock and the customer is told.`, done: 'vendorOrderCancelled' },
};

function ActionButtons({ order, onAct, primaryOnly = false }: { order: VendorOrder; onAct: (o: VendorOrder, a: VendorOrderAction) => void; primaryOnly?: boolean }) {
  const { i18n } = useLingui();
  // a table row keeps the next step only (the row must fit at 1280 px); the details dialog offers every action
  const actions = primaryOnly ? order.actions.filter((a) => a !== 'cancel').slice(0, 1) : order.actions;
  if (!actions.length) return null;
  return (
    <>
      {actions.map((a) => (
        <Button key={a} size="sm" variant={a === 'cancel' ? 'secondary' : 'primary'} onClick={() => onAct(order, a)} aria-label={i18n._(ACTIONS[a].name(order.order_number))}>
          {i18n._(ACTIONS[a].label)}
        </Button>
      ))}
    </>
  );
}

const place = (o: VendorOrder) => [o.customer.shipping_address.city, o.customer.shipping_address.country].filter(Boolean).join(', ');

/** The table's columns, their headers in the page's language. */
const columns = (i18n: I18n): DataTableColumn<VendorOrder>[] => [
  {
    key: 'order',
    header: i18n._(msg`Order`),
    cell: (o) => (
      <div className="min-w-0">
        <p className="font-medium whitespace-nowrap text-slate-900">{o.order_number}</p>
        <p className="text-xs text-slate-500"><When iso={o.created_at} /></p>
        {/* phones: customer, total and status here, their columns fold away */}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 md:hidden">
          <bdi className="font-medium text-slate-800">{o.customer.name}</bdi>
          <span className="tabular-nums">{money(o)}</span>
          <StatusBadge kind="order" status={o.status} />
        </div>
      </div>
    ),
  },
  {
    key: 'customer',
    header: i18n._(msg`Customer`),
    hideBelow: 'md',
    cell: (o) => (
      <div className="min-w-0 max-w-[10rem]">
        <p className="truncate text-slate-900" title={o.customer.name} dir="auto">{o.customer.name}</p>
        <p className="truncate text-xs text-slate-500" title={place(o)} dir="auto">{place(o)}</p>
      </div>
    ),
  },
  {
    key: 'items',
    header: i18n._(msg`Items`),
    // from 1536 px: with the sub-order's next step beside View (0086) the row needs the room at 1280 px; the lines
    // are in the details
    hideBelow: '2xl',
    cell: (o) => (
      <div className="min-w-0 max-w-[11rem]">
        <ul className="space-y-0.5">
          {o.items.slice(0, 2).map((i, n) => (
            <li key={n} className="truncate text-slate-700" title={i.name}>
              <span className="tabular-nums text-slate-500">{i.quantity} ×</span> <bdi>{i.name}</bdi>
            </li>
          ))}
          {o.items.length > 2 && <li className="text-xs text-slate-500"><Trans>and {o.items.length - 2} more</Trans></li>}
        </ul>
        {o.shared_order && <div className="mt-1"><SharedNote /></div>}
      </div>
    ),
  },
  { key: 'total', header: i18n._(msg`Total`), align: 'right', hideBelow: 'md', cell: (o) => <span className="whitespace-nowrap">{money(o)}</span> },
  { key: 'status', header: i18n._(msg`Status`), hideBelow: 'md', cell: (o) => <StatusBadge kind="order" status={o.status} /> },
];

function OrderDetails({ order }: { order: VendorOrder }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const a = order.customer.shipping_address;
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="order" status={order.status} />
        {order.shared_order && <SharedNote />}
        <span className="text-slate-500"><Trans>Placed {formatDate(order.created_at, 'dayTime')}</Trans></span>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500"><Trans>Ship to</Trans></dt>
          <dd className="mt-1 text-slate-900" dir="auto">
            {order.customer.name}
            <br />
            {a.address}
            <br />
            {[a.city, a.zip].filter(Boolean).join(' ')}
            <br />
            {a.country}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500"><Trans>Payment</Trans></dt>
          <dd className="mt-1 text-slate-900">{order.payment_method === 'cod' ? <Trans>Cash on delivery: collect {money(order)} for your items</Trans> : order.payment_method === 'store_credit' ? <Trans>Paid by store credit: nothing to collect</Trans> : <Trans>Paid by card</Trans>}</dd>
        </div>
      </dl>
      <section aria-label={t`Your items in this order`} className="rounded-xl border border-slate-200">
        <ul className="divide-y divide-slate-100">
          {order.items.map((i, n) => (
            <li key={n} className="flex items-start justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="text-slate-900" dir="auto">{i.name}</p>
                {i.variant_label && <p className="text-xs text-slate-600"><bdi>{i.variant_label}</bdi></p>}
                <p className="text-xs text-slate-500">
                  <span className="tabular-nums">{i.quantity} × {formatMoney(i.unit_price, order.currency)}</span>
                  {i.sku && <>{' · '}SKU{' '}<bdi>{i.sku}</bdi></>}
                </p>
              </div>
              <span className="shrink-0 tabular-nums text-slate-900">{formatMoney(i.total_price, order.currency)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between gap-3 border-t border-slate-200 px-3 py-2.5 font-semibold text-slate-900">
          <span><Trans>Your total</Trans></span>
          <span className="tabular-nums">{money(order)}</span>
        </p>
      </section>
      <p className="text-slate-600">
        <Trans>Part of purchase <span className="font-medium text-slate-900">{order.purchase_number}</span> · your shipping {formatMoney(order.shipping, order.currency)}</Trans>
        {order.delivery_promise && <PromiseLine promise={order.delivery_promise} placed className="mt-1" />}
      </p>
      <VendorOrderShipping orderId={order.id} status={order.status} onBooked={() => void client.invalidateQueries({ queryKey: [dashboardKeys.orders] })} />
      <ReturnRequestsPanel area="vendor" orderId={order.id} />
      <OrderTaxDocuments orderId={order.id} />
      {order.shared_order && (
        <p className="text-slate-600"><Trans>This order was placed before each seller had its own part and also holds other vendors' items; only yours are shown. The shop runs it, or assigns it to one vendor.</Trans></p>
      )}
    </div>
  );
}

/** Recent Activity (vendor §2): the latest status changes of the vendor's orders, from their status history. */
function RecentActivity() {
  const activity = useOrderActivity();
  const rows = activity.data;
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id="activity-heading" className="text-base font-semibold text-slate-900"><Trans>Recent Activity</Trans></h3>
      {activity.isError && !rows ? (
        <p className="mt-2 text-sm text-red-700">{activity.error.message}</p>
      ) : !rows ? (
        <div className="mt-3 space-y-2">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-5 w-full" />)}</div>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500"><Trans>Nothing yet: orders and their status changes appear here.</Trans></p>
      ) : (
        <ol className="mt-3 space-y-2.5 text-sm">
          {rows.map((e, n) => (
            <li key={`${e.order_id}-${e.at}-${n}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{e.order_number}</span>
                {e.from_status === null ? <span className="text-slate-600"><Trans>placed</Trans></span> : <><span className="text-slate-600"><Trans>now</Trans></span><StatusBadge kind="order" status={e.to_status} /></>}
              </span>
              <span className="text-xs text-slate-500"><When iso={e.at} /></span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The Orders tab (vendor §2 order-management dashboard) with real orders: the vendor's own lines of every order that
 * holds one, the four stat cards, search and status filter with paging on the server, Ship (processing → shipped on
 * the server), Export Orders (a CSV the server writes), Refresh, and Recent Activity from the orders' status history.
 * Quick actions are the ones that do something (the spec's Create New Order, Bulk Ship and Advanced Filters are not shown).
 */
export default function OrdersTab() {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const list = useListQuery<VendorOrder, { status: string }>({
    queryKey: dashboardKeys.orders, path: '/api/vendor/orders', auth: 'vendor', filters: { status: '' }, urlPrefix: 'orders_',
  });
  const stats = useOrderStats();
  const client = useQueryClient();
  // the list is cached across tab switches; new orders may have come in since
  useEffect(() => {
    void client.invalidateQueries({ queryKey: [dashboardKeys.orders] });
  }, [client]);
  // an order with the vendor's products placed or moved elsewhere (another tab, the customer, an admin): refetch
  // the list, the cards and the activity; 'ready' after a reconnect covers what the stream missed meanwhile
  useLiveEvents('vendor', (e) => {
    if (e.type !== 'vendor.order' && e.type !== 'ready') return;
    void client.invalidateQueries({ queryKey: [dashboardKeys.orders] });
    void client.invalidateQueries({ queryKey: [dashboardKeys.dashboard] });
  });
  const move = useOrderAction();
  const [viewing, setViewing] = useState<VendorOrder | null>(null);
  const [acting, setActing] = useState<{ order: VendorOrder; action: VendorOrderAction } | null>(null);
  const [tracking, setTracking] = useState({ tracking_number: '', carrier: '' });
  const [exporting, setExporting] = useState(false);
  const s = stats.data;

  async function onExport(filters: { search?: string; status?: string }) {
    setExporting(true);
    try {
      const lines = await downloadOrdersCsv(filters);
      notify.success(MSG.ordersExported(lines));
    } catch (err) {
      notify.error(MSG.exportOrdersFailed(err instanceof Error ? err.message : MSG.requestFailed));
    } finally {
      setExporting(false);
    }
  }

  function start(order: VendorOrder, action: VendorOrderAction) {
    setTracking({ tracking_number: '', carrier: '' });
    setActing({ order, action });
  }

  async function onAct() {
    if (!acting) return;
    const { order, action } = acting;
    // the server requires both for a shipment and says so; asking here first saves a round trip
    if (action === 'ship' && (!tracking.tracking_number.trim() || !tracking.carrier.trim())) throw new Error(MSG.trackingRequired);
    try {
      const done = await move.mutateAsync({ id: order.id, action, ...(action === 'ship' ? { tracking } : {}) });
      notify.success(MSG[ACTIONS[action].done](done.order_number));
      setActing(null);
      if (viewing?.id === done.id) setViewing(done);
    } catch (err) {
      throw new Error(MSG.vendorOrderActionFailed(i18n._(ACTIONS[action].verb), err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  const refresh = () => Promise.all([list.query.refetch(), client.invalidateQueries({ queryKey: [dashboardKeys.dashboard] })]);
  const refreshing = (list.query.isFetching && !list.query.isPending) || (stats.isFetching && !stats.isPending);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t`Orders`}
        description={t`Orders holding your products: only your items, and what you need to ship them.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void onExport({ search: list.search, status: list.filters.status })} loading={exporting}>
              <Trans>Export Orders</Trans>
            </Button>
            <Button variant="secondary" onClick={() => void refresh()} loading={refreshing}>
              <Trans>Refresh</Trans>
            </Button>
          </div>
        }
      />

      <section aria-label={t`Order figures`} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={t`Total Orders`} loading={!s} value={formatCount(s?.total_orders)} />
        <StatCard label={t`Pending Orders`} loading={!s} value={formatCount(s?.pending_orders)} hint={t`waiting for you to confirm`} />
        <StatCard label={t`Shipped Orders`} loading={!s} value={formatCount(s?.shipped_orders)} />
        <StatCard label={t`Total Revenue`} loading={!s} value={s && <Money text={formatMoney(s.total_revenue, s.currency)} />} hint={MSG.vendorRevenueHint} />
      </section>

      {(s?.total_orders ?? 0) > 0 && (
        <section aria-label={t`Quick Actions`} className="flex flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <h3 className="me-1 text-sm font-semibold text-slate-900"><Trans>Quick Actions</Trans></h3>
          <Button variant={list.filters.status === 'processing' ? 'primary' : 'secondary'} size="sm" onClick={() => list.setFilter('status', 'processing')} aria-pressed={list.filters.status === 'processing'}>
            <Trans>Orders to ship</Trans>{s ? ` (${formatCount(s.processing_orders)})` : ''}
          </Button>
          <Button variant={list.filters.status === 'pending' ? 'primary' : 'secondary'} size="sm" onClick={() => list.setFilter('status', 'pending')} aria-pressed={list.filters.status === 'pending'}>
            <Trans>Pending orders</Trans>{s ? ` (${formatCount(s.pending_orders)})` : ''}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void onExport({})} loading={exporting}>
            <Trans>Download Reports</Trans>
          </Button>
        </section>
      )}

      {/* returns still waiting for the vendor's answer or the parcel (decision 0094); nothing while there are none */}
      <ReturnRequestsPanel area="vendor" />

      <section aria-labelledby="order-list-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:p-5">
          <div>
            <h3 id="order-list-heading" className="text-lg font-semibold text-slate-900"><Trans>Your orders</Trans></h3>
            <p className="text-sm text-slate-500" aria-live="polite">{list.items ? <Plural value={list.total} one={`${formatCount(list.total)} order`} other={`${formatCount(list.total)} orders`} /> : '\u00a0'}</p>
          </div>
          <FilterBar onClear={list.resetFilters} canClear={list.isFiltered}>
            <SearchInput label={t`Search orders`} placeholder={t`Search orders...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
            <FilterSelect label={t`Status`} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} options={statusOptions()} allLabel={t`All Status`} />
          </FilterBar>
        </div>
        <DataTable
          caption={t`Your orders`}
          columns={columns(i18n)}
          rowKey={(o) => o.id}
          {...list.tableProps}
          loadingLabel={MSG.loadingOrders}
          errorTitle={MSG.loadOrdersFailed}
          onRowClick={setViewing}
          rowClickLabel={(o) => t`Open order ${o.order_number}`}
          density="compact"
          empty={
            list.isFiltered
              ? { title: MSG.noOrdersFound, description: MSG.noOrdersMatch, action: <Button variant="secondary" size="sm" onClick={list.resetFilters}><Trans>Clear filters</Trans></Button> }
              : { title: MSG.noOrdersFound, description: MSG.noOrdersPlacedYet }
          }
          // a row opens its details by click, Enter or Space, and by its View button; then the actions its status allows
          rowLabel={(o) => t`order ${o.order_number}`}
          rowActions={(o) => (
            <>
              <Button variant="ghost" size="sm" onClick={() => setViewing(o)} aria-label={t`View order ${o.order_number}`}><Trans>View</Trans></Button>
              <ActionButtons order={o} onAct={start} primaryOnly />
            </>
          )}
        />
        <Pagination {...list.paginationProps} label={t`Order pages`} />
      </section>

      {(s?.total_orders ?? 0) > 0 && <RecentActivity />}

      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t`Order ${viewing.order_number}` : ''}
        size="lg"
        footer={viewing && <ActionButtons order={viewing} onAct={start} />}
      >
        {viewing && <OrderDetails order={viewing} />}
      </Dialog>

      <ConfirmDialog
        open={acting !== null}
        onClose={() => setActing(null)}
        onConfirm={onAct}
        title={acting ? i18n._(ACTIONS[acting.action].title) : ''}
        destructive={acting?.action === 'cancel'}
        message={
          acting && (
            <div className="flex flex-col gap-3">
              <p>{i18n._(ACTIONS[acting.action].question(acting.order.order_number))}</p>
              {acting.action === 'ship' && (
                <>
                  <Field label={t`Tracking number`} required>
                    <Input dir="auto" value={tracking.tracking_number} onChange={(e) => setTracking((v) => ({ ...v, tracking_number: e.target.value }))} maxLength={100} autoComplete="off" />
                  </Field>
                  <Field label={t`Carrier`} required>
                    <Input dir="auto" value={tracking.carrier} onChange={(e) => setTracking((v) => ({ ...v, carrier: e.target.value }))} maxLength={100} placeholder={t`e.g. Aramex`} />
                  </Field>
                </>
              )}
            </div>
          )
        }
        confirmLabel={acting ? i18n._(ACTIONS[acting.action].label) : ''}
      />
    </div>
  );
}
