import { useState, type FormEvent } from 'react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AdminProductDetail, AdminProductRow, ProductStats } from '@souq/shared/api/admin';
import { ADMIN_LIST_CATEGORIES_SHOWN, ADMIN_LIST_TAGS_SHOWN, LOW_STOCK_THRESHOLD, PRODUCT_STATUSES } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { amountToCents, centsToAmount, formatMoney } from '@souq/shared/rules/money';
import { useListQuery } from '@/lib/use-list-query';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { adminApi, queryString, useAdminMutation, useAdminQuery } from '../api';
import { Chips } from '../parts/Chips';
import { FilterInput } from '../parts/FilterInput';
import { LoadError } from '../parts/LoadError';
import { VendorField, VendorFilter } from '../parts/VendorSelect';
import { When } from '../parts/When';
import { formatCount } from '@souq/shared/rules/locale';
import { useDepartmentName } from '@/components/shop/departments';

const FILTERS = { category: '', status: '', vendor_id: '', min_price: '', max_price: '', tags: '' };
const STATUS_LABEL: Record<(typeof PRODUCT_STATUSES)[number], MessageDescriptor> = { active: msg`Active`, inactive: msg`Inactive`, draft: msg`Draft`, archived: msg`Archived` };
const money = (value: number, currency: string) => formatMoney(value, currency);
/** Admin §4: stock 0 red, under 10 amber, otherwise green. */
const stockTone = (n: number) => (n === 0 ? 'text-red-700' : n < LOW_STOCK_THRESHOLD ? 'text-amber-700' : 'text-green-700');
const LIST_KEYS = ['admin-products', 'admin-product-stats', 'admin-product', 'admin-product-categories', 'admin-overview'];

function Thumb({ src, name }: { src: string | null; name: string }) {
  if (!src) {
    return (
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6"><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M3 16l5-5 4 4 3-3 6 6" /></svg>
      </span>
    );
  }
  return <img src={src} alt="" loading="lazy" className="h-11 w-11 shrink-0 rounded-lg bg-slate-100 object-cover" title={name} />;
}

function VendorCell({ p }: { p: AdminProductRow }) {
  return p.vendor_name ? (
    <div className="min-w-0 max-w-[11rem]">
      <p className="truncate text-slate-900" title={p.vendor_name}><bdi>{p.vendor_name}</bdi></p>
      <p className="truncate text-xs text-slate-500"><bdi>{p.vendor_contact}</bdi></p>
    </div>
  ) : (
    <span className="text-slate-400 italic"><Trans>No vendor</Trans></span>
  );
}

const COLUMNS: DataTableColumn<AdminProductRow>[] = [
  {
    key: 'name',
    header: <Trans>Product</Trans>,
    sortable: true,
    cell: (p) => (
      <div className="flex items-start gap-3">
        <Thumb src={p.image_url} name={p.name} />
        <div className="min-w-0 max-w-[9.5rem] sm:max-w-[15rem]">
          <p className="truncate font-medium text-slate-900" title={p.name}><bdi>{p.name}</bdi></p>
          <p className="truncate text-xs text-slate-500"><Trans>SKU: <bdi>{p.slug}</bdi></Trans></p>
          {/* below 2xl the Vendor and Category columns fold into this cell */}
          <p className="truncate text-xs text-slate-500 2xl:hidden">{p.vendor_name ? <bdi>{p.vendor_name}</bdi> : <Trans>No vendor</Trans>}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            <Chips items={p.tags} shown={ADMIN_LIST_TAGS_SHOWN} />
            <span className="2xl:hidden"><CategoryChips categories={p.categories} shown={ADMIN_LIST_CATEGORIES_SHOWN} /></span>
          </div>
        </div>
      </div>
    ),
  },
  { key: 'vendor', header: <Trans>Vendor</Trans>, hideBelow: '2xl', cell: (p) => <VendorCell p={p} /> },
  { key: 'category', header: <Trans>Category</Trans>, hideBelow: '2xl', cell: (p) => <CategoryChips categories={p.categories} shown={ADMIN_LIST_CATEGORIES_SHOWN} /> },
  { key: 'price', header: <Trans>Price</Trans>, align: 'right', sortable: true, firstOrder: 'desc', cell: (p) => money(p.price, p.currency) },
  { key: 'stock', header: <Trans>Stock</Trans>, align: 'right', sortable: true, hideBelow: 'sm', cell: (p) => <span className={cx('font-medium', stockTone(p.stock_quantity))}>{p.stock_quantity}</span> },
  {
    key: 'orders',
    header: <Trans>Orders</Trans>,
    align: 'right',
    hideBelow: 'md',
    cell: (p) => (
      <div>
        <p className="text-slate-900">{p.order_count}</p>
        <p className="text-xs text-slate-500">{money(p.total_revenue, p.currency)}</p>
      </div>
    ),
  },
  { key: 'status', header: <Trans>Status</Trans>, hideBelow: 'sm', cell: (p) => <StatusBadge kind="product" status={p.status} /> },
];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900 sm:col-span-2">{children}</dd>
    </>
  );
}

/** The details modal (admin §2): identity, vendor, categories and tags, performance metrics and recent orders. */
function ProductDetails({ id, onClose, onEdit, onDelete }: {
  id: number | null;
  onClose: () => void;
  onEdit: (p: AdminProductRow) => void;
  onDelete: (p: AdminProductRow) => void;
}) {
  const MSG = useMsg();
  const detail = useAdminQuery<AdminProductDetail>(['admin-product', id], `/api/admin/products/${id}`, { enabled: id !== null });
  const p = detail.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      title={p?.name ?? t`Product details`}
      size="lg"
      footer={
        p && (
          <>
            <Button variant="secondary" className="text-red-700" onClick={() => onDelete(p)}><Trans>Delete</Trans></Button>
            <Button onClick={() => onEdit(p)}><Trans>Edit product</Trans></Button>
          </>
        )
      }
    >
      {detail.isPending ? (
        <div className="space-y-3"><Skeleton className="h-5 w-1/2" /><Skeleton className="h-5 w-2/3" /><Skeleton className="h-24 w-full" /></div>
      ) : detail.isError || !p ? (
        <LoadError title={MSG.loadProductsFailed} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-6">
          <div className="flex gap-4">
            <Thumb src={p.image_url} name={p.name} />
            <dl className="grid flex-1 grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
              <Detail label={t`ID`}>{p.id}</Detail>
              <Detail label={t`SKU`}><bdi>{p.slug}</bdi>{p.sku && p.sku !== p.slug ? <span className="text-slate-500"> · <bdi>{p.sku}</bdi></span> : null}</Detail>
              <Detail label={t`Price`}>{money(p.price, p.currency)}</Detail>
              <Detail label={t`Stock`}><span className={stockTone(p.stock_quantity)}>{p.stock_quantity}</span></Detail>
              <Detail label={t`Status`}><StatusBadge kind="product" status={p.status} /></Detail>
              <Detail label={t`Vendor`}>
                {p.vendor_name ? <><bdi>{p.vendor_name}</bdi><span dir="auto" className="block text-xs text-slate-500">{[p.vendor_contact, p.vendor_email].filter(Boolean).join(' · ')}</span></> : <span className="text-slate-400 italic"><Trans>No vendor</Trans></span>}
              </Detail>
              <Detail label={t`Categories`}><CategoryChips categories={p.categories} shown={p.categories.length} /></Detail>
              <Detail label={t`Tags`}><Chips items={p.tags} shown={p.tags.length} empty={t`No tags`} /></Detail>
            </dl>
          </div>
          <section aria-labelledby="perf-heading">
            <h3 id="perf-heading" className="text-sm font-semibold text-slate-900"><Trans>Performance</Trans></h3>
            <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                [t`Orders`, String(p.metrics.order_count)],
                [t`Units sold`, String(p.metrics.units_sold)],
                [t`Revenue`, money(p.metrics.total_revenue, p.currency)],
                [t`Avg. unit price`, p.metrics.average_unit_price === null ? '—' : money(p.metrics.average_unit_price, p.currency)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl bg-slate-50 p-3">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="mt-1 font-semibold text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-slate-500">
              {p.metrics.last_ordered_at ? <><Trans>Last ordered</Trans> <When iso={p.metrics.last_ordered_at} />. </> : `${t`Never ordered yet.`} `}
              {p.metrics.cancelled_units > 0 && plural(p.metrics.cancelled_units, { one: '# unit(s) in cancelled or refunded orders are not counted.', other: '# unit(s) in cancelled or refunded orders are not counted.' })}
            </p>
          </section>
          <section aria-labelledby="recent-heading">
            <h3 id="recent-heading" className="text-sm font-semibold text-slate-900"><Trans>Recent orders</Trans></h3>
            {p.recent_orders.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500"><Trans>No orders yet.</Trans></p>
            ) : (
              <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
                <table className="w-full text-start text-sm">
                  <caption className="sr-only"><Trans>Recent orders of {p.name}</Trans></caption>
                  <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                    <tr><th className="px-3 py-2"><Trans>Order</Trans></th><th className="px-3 py-2"><Trans>Status</Trans></th><th className="px-3 py-2 text-end"><Trans>Qty</Trans></th><th className="px-3 py-2 text-end"><Trans>Total</Trans></th><th className="px-3 py-2"><Trans>Customer</Trans></th></tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {p.recent_orders.map((o) => (
                      <tr key={`${o.order_id}`}>
                        <td className="px-3 py-2 whitespace-nowrap">{o.order_number}</td>
                        <td className="px-3 py-2"><StatusBadge kind="order" status={o.status} /></td>
                        <td className="px-3 py-2 text-end tabular-nums">{o.quantity}</td>
                        <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{money(o.total_price, p.currency)}</td>
                        <td className="px-3 py-2"><bdi className="block max-w-[12rem] truncate">{o.customer_name}</bdi><bdi className="block max-w-[12rem] truncate text-xs text-slate-500">{o.customer_email}</bdi></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

/** The edit modal (admin §2): name, description, price, stock quantity, status and vendor (or 'No Vendor'). */
function EditProduct({ product, onClose }: { product: AdminProductRow | null; onClose: () => void }) {
  const MSG = useMsg();
  const [form, setForm] = useState(() => ({
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? String(centsToAmount(product.price_cents)) : '',
    stock: product ? String(product.stock_quantity) : '',
    active: product?.is_active ?? true,
    vendorId: product?.vendor_id ?? null,
  }));
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation(
    (body: object) => adminApi<AdminProductDetail>(`/api/admin/products/${product!.id}`, { method: 'PUT', body }),
    LIST_KEYS,
  );
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const priceOk = form.price.trim() !== '' && Number.isFinite(Number(form.price)) && Number(form.price) >= 0;
  const stockOk = /^\d+$/.test(form.stock.trim());

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!product) return notify.error(MSG.noProductSelected);
    if (!form.name.trim() || !priceOk || !stockOk) return;
    setError(null);
    try {
      // admin §5: the price becomes cents (100 × the value, rounded), the stock an integer
      await save.mutateAsync({
        name: form.name.trim(),
        description: form.description.trim(),
        price_cents: amountToCents(form.price),
        stock_quantity: Number.parseInt(form.stock, 10),
        is_active: form.active,
        vendor_id: form.vendorId,
      });
      notify.success(MSG.productUpdated);
      onClose();
    } catch (err) {
      setError(MSG.updateProductFailed(err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  return (
    <Dialog
      open={product !== null}
      onClose={() => !save.isPending && onClose()}
      title={t`Edit product`}
      description={product ? t`${product.name} · SKU ${product.slug}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}><Trans>Cancel</Trans></Button>
          <Button type="submit" form="edit-product-form" loading={save.isPending}><Trans>Save changes</Trans></Button>
        </>
      }
    >
      <form id="edit-product-form" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <Field label={t`Name`} required error={!form.name.trim() ? t`Name is required` : null} className="sm:col-span-2">
          <Input value={form.name} onChange={(e) => set('name', e.target.value)} maxLength={200} />
        </Field>
        <Field label={t`Description`} className="sm:col-span-2">
          <Textarea value={form.description} onChange={(e) => set('description', e.target.value)} maxLength={2000} rows={4} />
        </Field>
        <Field label={t`Price (${product?.currency ?? ''})`} required error={priceOk ? null : t`Enter a price of 0 or more`}>
          <Input type="number" inputMode="decimal" min={0} step="0.01" value={form.price} onChange={(e) => set('price', e.target.value)} />
        </Field>
        <Field label={t`Stock quantity`} required error={stockOk ? null : t`Enter a whole number of 0 or more`}>
          <Input type="number" inputMode="numeric" min={0} step={1} value={form.stock} onChange={(e) => set('stock', e.target.value)} />
        </Field>
        <Field label={t`Status`}>
          <Select value={form.active ? 'active' : 'inactive'} onChange={(e) => set('active', e.target.value === 'active')}>
            <option value="active"><Trans>Active</Trans></option>
            <option value="inactive"><Trans>Inactive</Trans></option>
          </Select>
        </Field>
        <Field label={t`Vendor`}>
          <VendorField value={form.vendorId} onChange={(v) => set('vendorId', v)} />
        </Field>
        {error && <Alert tone="error" className="sm:col-span-2">{error}</Alert>}
      </form>
    </Dialog>
  );
}

/**
 * Products (admin §2): the seven filters applied on the server (in the URL), stat cards over the same filters, the
 * spec's columns with order figures, details, edit and delete (a product that orders hold is archived instead).
 */
/** A product's departments as chips, by their names in the page's language (the English where there is no Arabic). */
function CategoryChips({ categories, shown }: { categories: string[]; shown: number }) {
  const departmentName = useDepartmentName();
  return <Chips items={categories.map(departmentName)} shown={shown} empty={t`Uncategorized`} tone="brand" />;
}

export function ProductsSection() {
  const MSG = useMsg();
  const departmentName = useDepartmentName();
  const list = useListQuery<AdminProductRow, typeof FILTERS>({ queryKey: 'admin-products', path: '/api/admin/products', auth: 'admin', filters: FILTERS });
  const filterQuery = queryString({ search: list.search, ...list.filters });
  const stats = useAdminQuery<ProductStats>(['admin-product-stats', filterQuery], `/api/admin/products/stats${filterQuery}`);
  const categories = useAdminQuery<{ category: string; products: number }[]>(['admin-product-categories'], '/api/admin/products/categories');
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<AdminProductRow | null>(null);
  const [deleting, setDeleting] = useState<AdminProductRow | null>(null);
  const remove = useAdminMutation((id: number) => adminApi<{ outcome: 'deleted' | 'archived' }>(`/api/admin/products/${id}`, { method: 'DELETE' }), LIST_KEYS);
  const s = stats.data;
  const currency = s?.currency ?? list.items?.[0]?.currency ?? '';
  const badRange = list.filters.min_price !== '' && list.filters.max_price !== '' && Number(list.filters.min_price) > Number(list.filters.max_price);

  // the departments by their names in the page's language; the value sent stays the catalogue's English name
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.category, label: t`${departmentName(c.category)} (${c.products})` }));
  if (list.filters.category && !categoryOptions.some((o) => o.value === list.filters.category)) categoryOptions.unshift({ value: list.filters.category, label: departmentName(list.filters.category) });

  return (
    <section aria-labelledby="products-heading" className="space-y-5">
      <PageHeader id="products-heading" title={t`Products`} description={t`Every product in the shop with its vendor, stock and sales. Filters apply on the server.`} />
      <StatGrid label={t`Product figures`} columns={3} className="grid-cols-2 2xl:grid-cols-5">
        <StatCard label={t`Total Products`} loading={stats.isPending} value={formatCount(s?.total_products)} />
        <StatCard label={t`Active Products`} loading={stats.isPending} value={formatCount(s?.active_products)} />
        <StatCard label={t`Low Stock`} loading={stats.isPending} value={formatCount(s?.low_stock)} hint={t`stock under ${LOW_STOCK_THRESHOLD}`} />
        <StatCard label={t`Total Revenue`} className="col-span-2 sm:col-span-1" loading={stats.isPending} value={s && money(s.total_revenue, currency)} hint={t`from order lines`} />
        <StatCard label={t`Total Orders`} loading={stats.isPending} value={formatCount(s?.total_orders)} />
      </StatGrid>

      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="space-y-3 border-b border-slate-100 p-4 sm:p-5">
          <FilterBar label={t`Product filters`} onClear={list.resetFilters} canClear={list.isFiltered}>
            <SearchInput label={t`Search products`} placeholder={t`Search name, description, SKU...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
            {/* two filters per row on phones, one row that wraps from sm */}
            <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:gap-3">
              <FilterSelect label={t`Category`} value={list.filters.category} onChange={(v) => list.setFilter('category', v)} allLabel={t`All categories`} options={categoryOptions} />
              <FilterSelect label={t`Status`} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} allLabel={t`All statuses`} options={PRODUCT_STATUSES.map((v) => ({ value: v, label: i18n._(STATUS_LABEL[v]) }))} />
              <VendorFilter value={list.filters.vendor_id} onChange={(v) => list.setFilter('vendor_id', v)} />
              <FilterInput label={t`Min price`} type="number" value={list.filters.min_price} onChange={(v) => list.setFilter('min_price', v)} />
              <FilterInput label={t`Max price`} type="number" value={list.filters.max_price} onChange={(v) => list.setFilter('max_price', v)} />
              <FilterInput label={t`Tags`} value={list.filters.tags} onChange={(v) => list.setFilter('tags', v)} placeholder={t`Tag contains...`} />
            </div>
          </FilterBar>
          {badRange && <p role="alert" className="text-sm text-red-700">{MSG.priceRangeInvalid}</p>}
        </div>
        <DataTable
          caption={t`Products`}
          density="compact"
          columns={COLUMNS}
          rowKey={(p) => p.id}
          {...list.tableProps}
          loadingLabel={MSG.loadingProducts}
          errorTitle={MSG.loadProductsFailed}
          empty={{ title: list.isFiltered ? MSG.noProductsMatchFilters : MSG.noProductsInSystem }}
          onRowClick={(p) => setViewing(p.id)}
          rowClickLabel={(p) => t`View details of ${p.name}`}
          rowLabel={(p) => p.name}
          rowActions={(p) => (
            <>
              <Button variant="ghost" size="sm" onClick={() => setViewing(p.id)} aria-label={t`View details of ${p.name}`}><Trans>View</Trans></Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing(p)} aria-label={t`Edit ${p.name}`}><Trans>Edit</Trans></Button>
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(p)} aria-label={t`Delete ${p.name}`}><Trans>Delete</Trans></Button>
            </>
          )}
        />
        <Pagination {...list.paginationProps} label={t`Products pages`} />
      </div>

      <ProductDetails
        id={viewing}
        onClose={() => setViewing(null)}
        onEdit={(p) => { setViewing(null); setEditing(p); }}
        onDelete={(p) => { setViewing(null); setDeleting(p); }}
      />
      <EditProduct key={editing?.id ?? 'none'} product={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t`Delete product`}
        message={MSG.deleteProductConfirm}
        confirmLabel={t`Delete`}
        destructive
        onConfirm={async () => {
          let outcome: 'deleted' | 'archived';
          try {
            ({ outcome } = await remove.mutateAsync(deleting!.id));
          } catch (err) {
            throw new Error(MSG.deleteProductFailed(err instanceof Error ? err.message : MSG.requestFailed));
          }
          notify.success(outcome === 'archived' ? MSG.productArchived : MSG.productDeleted);
          setDeleting(null);
        }}
      />
    </section>
  );
}
