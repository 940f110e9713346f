import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@souq/shared/messages';
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
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { Field, Input } from '@/components/ui/Field';
import { dashboardKeys, downloadOrdersCsv, useOrderAction, useOrderActivity, useOrderStats } from '../dashboard-api';
import { formatCount, formatDate } from '@souq/shared/rules/locale';

const STATUS_OPTIONS = VENDOR_ORDER_FILTER_STATUSES.map((s) => ({ value: s, label: statusBadge('order', s).label }));
const money = (o: VendorOrder) => formatMoney(o.total, o.currency);

function When({ iso }: { iso: string }) {
  return <time dateTime={iso} title={formatDate(iso, 'dayTime')}>{formatRelativeTime(new Date(iso))}</time>;
}

function SharedNote() {
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600" title="This order also holds other vendors' items; only yours are shown.">
      Shared order
    </span>
  );
}

/** The vendor's moves on its own sub-order (decision 0086): button, question and the toast after it. */
const ACTIONS: Record<VendorOrderAction, { label: string; verb: string; question: (n: string) => string; done: (n: string) => string }> = {
  confirm: { label: 'Confirm', verb: 'confirm', question: (n) => `Confirm order ${n}? The customer sees it as confirmed.`, done: MSG.vendorOrderConfirmed },
  ship: { label: 'Ship', verb: 'ship', question: (n) => `Mark order ${n} as shipped? The customer is told, with the tracking number.`, done: MSG.vendorOrderShipped },
  deliver: { label: 'Mark delivered', verb: 'mark as delivered', question: (n) => `Mark order ${n} as delivered?`, done: MSG.vendorOrderDelivered },
  cancel: { label: 'Cancel order', verb: 'cancel', question: (n) => `Cancel order ${n}? Its items go back into your stock and the customer is told.`, done: MSG.vendorOrderCancelled },
};

function ActionButtons({ order, onAct, primaryOnly = false }: { order: VendorOrder; onAct: (o: VendorOrder, a: VendorOrderAction) => void; primaryOnly?: boolean }) {
  // a table row keeps the next step only (the row must fit at 1280 px); the details dialog offers every action
  const actions = primaryOnly ? order.actions.filter((a) => a !== 'cancel').slice(0, 1) : order.actions;
  if (!actions.length) return null;
  return (
    <>
      {actions.map((a) => (
        <Button key={a} size="sm" variant={a === 'cancel' ? 'secondary' : 'primary'} onClick={() => onAct(order, a)} aria-label={`${ACTIONS[a].verb[0]!.toUpperCase()}${ACTIONS[a].verb.slice(1)} order ${order.order_number}`}>
          {ACTIONS[a].label}
        </Button>
      ))}
    </>
  );
}

const place = (o: VendorOrder) => [o.customer.shipping_address.city, o.customer.shipping_address.country].filter(Boolean).join(', ');

const COLUMNS: DataTableColumn<VendorOrder>[] = [
  {
    key: 'order',
    header: 'Order',
    cell: (o) => (
      <div className="min-w-0">
        <p className="font-medium whitespace-nowrap text-slate-900">{o.order_number}</p>
        <p className="text-xs text-slate-500"><When iso={o.created_at} /></p>
        {/* phones: customer, total and status here, their columns fold away */}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 md:hidden">
          <span className="font-medium text-slate-800">{o.customer.name}</span>
          <span className="tabular-nums">{money(o)}</span>
          <StatusBadge kind="order" status={o.status} />
        </div>
      </div>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    hideBelow: 'md',
    cell: (o) => (
      <div className="min-w-0 max-w-[10rem]">
        <p className="truncate text-slate-900" title={o.customer.name}>{o.customer.name}</p>
        <p className="truncate text-xs text-slate-500" title={place(o)}>{place(o)}</p>
      </div>
    ),
  },
  {
    key: 'items',
    header: 'Items',
    // from 1536 px: with the sub-order's next step beside View (0086) the row needs the room at 1280 px; the lines
    // are in the details
    hideBelow: '2xl',
    cell: (o) => (
      <div className="min-w-0 max-w-[11rem]">
        <ul className="space-y-0.5">
          {o.items.slice(0, 2).map((i, n) => (
            <li key={n} className="truncate text-slate-700" title={i.name}>
              <span className="tabular-nums text-slate-500">{i.quantity} ×</span> {i.name}
            </li>
          ))}
          {o.items.length > 2 && <li className="text-xs text-slate-500">and {o.items.length - 2} more</li>}
        </ul>
        {o.shared_order && <div className="mt-1"><SharedNote /></div>}
      </div>
    ),
  },
  { key: 'total', header: 'Total', align: 'right', hideBelow: 'md', cell: (o) => <span className="whitespace-nowrap">{money(o)}</span> },
  { key: 'status', header: 'Status', hideBelow: 'md', cell: (o) => <StatusBadge kind="order" status={o.status} /> },
];

function OrderDetails({ order }: { order: VendorOrder }) {
  const a = order.customer.shipping_address;
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge kind="order" status={order.status} />
        {order.shared_order && <SharedNote />}
        <span className="text-slate-500">Placed {formatDate(order.created_at, 'dayTime')}</span>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">Ship to</dt>
          <dd className="mt-1 text-slate-900">
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
          <dt className="font-medium text-slate-500">Payment</dt>
          <dd className="mt-1 text-slate-900">{order.payment_method === 'cod' ? `Cash on delivery: collect ${money(order)} for your items` : 'Paid by card'}</dd>
        </div>
      </dl>
      <section aria-label="Your items in this order" className="rounded-xl border border-slate-200">
        <ul className="divide-y divide-slate-100">
          {order.items.map((i, n) => (
            <li key={n} className="flex items-start justify-between gap-3 px-3 py-2.5">
              <div className="min-w-0">
                <p className="text-slate-900">{i.name}</p>
                {i.variant_label && <p className="text-xs text-slate-600"><bdi>{i.variant_label}</bdi></p>}
                <p className="text-xs text-slate-500">
                  <span className="tabular-nums">{i.quantity} × {formatMoney(i.unit_price, order.currency)}</span>
                  {i.sku && <> · SKU {i.sku}</>}
                </p>
              </div>
              <span className="shrink-0 tabular-nums text-slate-900">{formatMoney(i.total_price, order.currency)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between gap-3 border-t border-slate-200 px-3 py-2.5 font-semibold text-slate-900">
          <span>Your total</span>
          <span className="tabular-nums">{money(order)}</span>
        </p>
      </section>
      <p className="text-slate-600">
        Part of purchase <span className="font-medium text-slate-900">{order.purchase_number}</span> · your shipping {formatMoney(order.shipping, order.currency)}
        {order.tracking_number && <> · <bdi>{order.carrier}</bdi> tracking <bdi className="font-mono">{order.tracking_number}</bdi></>}
      </p>
      <ReturnRequestsPanel area="vendor" orderId={order.id} />
      <OrderTaxDocuments orderId={order.id} />
      {order.shared_order && (
        <p className="text-slate-600">This order was placed before each seller had its own part and also holds other vendors' items; only yours are shown. The shop runs it, or assigns it to one vendor.</p>
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
      <h3 id="activity-heading" className="text-base font-semibold text-slate-900">Recent Activity</h3>
      {activity.isError && !rows ? (
        <p className="mt-2 text-sm text-red-700">{activity.error.message}</p>
      ) : !rows ? (
        <div className="mt-3 space-y-2">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-5 w-full" />)}</div>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Nothing yet: orders and their status changes appear here.</p>
      ) : (
        <ol className="mt-3 space-y-2.5 text-sm">
          {rows.map((e, n) => (
            <li key={`${e.order_id}-${e.at}-${n}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{e.order_number}</span>
                {e.from_status === null ? <span className="text-slate-600">placed</span> : <><span className="text-slate-600">now</span><StatusBadge kind="order" status={e.to_status} /></>}
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
      notify.success(ACTIONS[action].done(done.order_number));
      setActing(null);
      if (viewing?.id === done.id) setViewing(done);
    } catch (err) {
      throw new Error(MSG.vendorOrderActionFailed(ACTIONS[action].verb, err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  const refresh = () => Promise.all([list.query.refetch(), client.invalidateQueries({ queryKey: [dashboardKeys.dashboard] })]);
  const refreshing = (list.query.isFetching && !list.query.isPending) || (stats.isFetching && !stats.isPending);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Orders"
        description="Orders holding your products: only your items, and what you need to ship them."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void onExport({ search: list.search, status: list.filters.status })} loading={exporting}>
              Export Orders
            </Button>
            <Button variant="secondary" onClick={() => void refresh()} loading={refreshing}>
              Refresh
            </Button>
          </div>
        }
      />

      <section aria-label="Order figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Total Orders" loading={!s} value={formatCount(s?.total_orders)} />
        <StatCard label="Pending Orders" loading={!s} value={formatCount(s?.pending_orders)} hint="waiting for you to confirm" />
        <StatCard label="Shipped Orders" loading={!s} value={formatCount(s?.shipped_orders)} />
        <StatCard label="Total Revenue" loading={!s} value={s && <Money text={formatMoney(s.total_revenue, s.currency)} />} hint={MSG.vendorRevenueHint} />
      </section>

      {(s?.total_orders ?? 0) > 0 && (
        <section aria-label="Quick Actions" className="flex flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <h3 className="me-1 text-sm font-semibold text-slate-900">Quick Actions</h3>
          <Button variant={list.filters.status === 'processing' ? 'primary' : 'secondary'} size="sm" onClick={() => list.setFilter('status', 'processing')} aria-pressed={list.filters.status === 'processing'}>
            Orders to ship{s ? ` (${formatCount(s.processing_orders)})` : ''}
          </Button>
          <Button variant={list.filters.status === 'pending' ? 'primary' : 'secondary'} size="sm" onClick={() => list.setFilter('status', 'pending')} aria-pressed={list.filters.status === 'pending'}>
            Pending orders{s ? ` (${formatCount(s.pending_orders)})` : ''}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void onExport({})} loading={exporting}>
            Download Reports
          </Button>
        </section>
      )}

      {/* returns still waiting for the vendor's answer or the parcel (decision 0094); nothing while there are none */}
      <ReturnRequestsPanel area="vendor" />

      <section aria-labelledby="order-list-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:p-5">
          <div>
            <h3 id="order-list-heading" className="text-lg font-semibold text-slate-900">Your orders</h3>
            <p className="text-sm text-slate-500" aria-live="polite">{list.items ? `${formatCount(list.total)} order${list.total === 1 ? '' : 's'}` : '\u00a0'}</p>
          </div>
          <FilterBar onClear={list.resetFilters} canClear={list.isFiltered}>
            <SearchInput label="Search orders" placeholder="Search orders..." value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
            <FilterSelect label="Status" value={list.filters.status} onChange={(v) => list.setFilter('status', v)} options={STATUS_OPTIONS} allLabel="All Status" />
          </FilterBar>
        </div>
        <DataTable
          caption="Your orders"
          columns={COLUMNS}
          rowKey={(o) => o.id}
          {...list.tableProps}
          loadingLabel={MSG.loadingOrders}
          errorTitle={MSG.loadOrdersFailed}
          onRowClick={setViewing}
          rowClickLabel={(o) => `Open order ${o.order_number}`}
          density="compact"
          empty={
            list.isFiltered
              ? { title: MSG.noOrdersFound, description: MSG.noOrdersMatch, action: <Button variant="secondary" size="sm" onClick={list.resetFilters}>Clear filters</Button> }
              : { title: MSG.noOrdersFound, description: MSG.noOrdersPlacedYet }
          }
          // a row opens its details by click, Enter or Space, and by its View button; then the actions its status allows
          rowLabel={(o) => `order ${o.order_number}`}
          rowActions={(o) => (
            <>
              <Button variant="ghost" size="sm" onClick={() => setViewing(o)} aria-label={`View order ${o.order_number}`}>View</Button>
              <ActionButtons order={o} onAct={start} primaryOnly />
            </>
          )}
        />
        <Pagination {...list.paginationProps} label="Order pages" />
      </section>

      {(s?.total_orders ?? 0) > 0 && <RecentActivity />}

      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? `Order ${viewing.order_number}` : ''}
        size="lg"
        footer={viewing && <ActionButtons order={viewing} onAct={start} />}
      >
        {viewing && <OrderDetails order={viewing} />}
      </Dialog>

      <ConfirmDialog
        open={acting !== null}
        onClose={() => setActing(null)}
        onConfirm={onAct}
        title={acting ? `${ACTIONS[acting.action].label} order` : ''}
        destructive={acting?.action === 'cancel'}
        message={
          acting && (
            <div className="flex flex-col gap-3">
              <p>{ACTIONS[acting.action].question(acting.order.order_number)}</p>
              {acting.action === 'ship' && (
                <>
                  <Field label="Tracking number" required>
                    <Input value={tracking.tracking_number} onChange={(e) => setTracking((t) => ({ ...t, tracking_number: e.target.value }))} maxLength={100} autoComplete="off" />
                  </Field>
                  <Field label="Carrier" required>
                    <Input value={tracking.carrier} onChange={(e) => setTracking((t) => ({ ...t, carrier: e.target.value }))} maxLength={100} placeholder="e.g. Aramex" />
                  </Field>
                </>
              )}
            </div>
          )
        }
        confirmLabel={acting ? ACTIONS[acting.action].label : ''}
      />
    </div>
  );
}
