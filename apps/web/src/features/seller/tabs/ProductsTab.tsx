import { useState } from 'react';
import { useMsg } from '@/lib/use-msg';
import type { ManagedProduct } from '@souq/shared/api/products';
import { useListQuery } from '@/lib/use-list-query';
import { productListKeys, useCreateProduct, useDeleteProduct, useUpdateProduct } from '@/lib/products-api';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Drawer } from '@/components/ui/Drawer';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { Price } from '@/components/ui/Price';
import { SearchInput } from '@/components/ui/SearchInput';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { useVendorMe } from '../api';
import { emptyProductForm, formFromProduct } from '../products/form-model';
import { ProductDetails } from '../products/ProductDetails';
import { ProductForm, type ProductFormSubmit } from '../products/ProductForm';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { pickText, type ContentLang } from '@souq/shared/rules/content-lang';
import { useContentLang } from '@/lib/content-lang';
import { useDepartmentName } from '@/components/shop/departments';

const STATUS_OPTIONS = [
  { value: 'active', label: msg`Active` },
  { value: 'draft', label: msg`Draft` },
  { value: 'inactive', label: msg`Inactive` },
  { value: 'archived', label: msg`Archived` },
] as const;

const icon = (d: string) => (
  <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);
const ICONS = {
  view: icon('M1.5 10s3-6 8.5-6 8.5 6 8.5 6-3 6-8.5 6-8.5-6-8.5-6zM10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'),
  edit: icon('M13.5 3.5l3 3L7 16H4v-3zM11.5 5.5l3 3'),
  delete: icon('M3.5 5.5h13M8 5.5V3.5h4v2M5.5 5.5l.8 11h7.4l.8-11M8.5 8.5v5M11.5 8.5v5'),
};

/** A word shown only inside a row's phone menu (RowMenu), where an icon alone would not say enough. */
const MenuWord = ({ children }: { children: React.ReactNode }) => <span aria-hidden="true" className="hidden in-[[popover]]:inline">{children}</span>;

function Thumb({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <img src={src} alt="" className="hidden h-10 w-10 shrink-0 rounded-lg border border-slate-200 object-cover sm:block" loading="lazy" />
  ) : (
    <span aria-hidden="true" className="hidden h-10 w-10 shrink-0 sm:flex items-center justify-center rounded-lg bg-slate-100 text-xs font-semibold text-slate-500">
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}

/**
 * The table's columns, their headers in the page's language; a product's name and department in it too (the vendor
 * typed both names; the department's Arabic is the catalogue's), the English where there is no Arabic.
 */
const columns = (i18n: I18n, lang: ContentLang, departmentName: (name: string) => string): DataTableColumn<ManagedProduct>[] => [
  {
    key: 'product',
    header: i18n._(msg`Product`),
    cell: (p) => (
      <div className="flex items-center gap-3">
        <Thumb src={p.image} name={p.name} />
        <div className="min-w-0 max-w-[14rem] sm:max-w-[12rem] 2xl:max-w-xs">
          <p className="truncate font-medium text-slate-900" title={pickText(p.name, p.name_ar, lang)} dir="auto">{pickText(p.name, p.name_ar, lang)}</p>
          <p className="truncate text-xs text-slate-500" dir="auto">{[p.brand, p.sku && `SKU ${p.sku}`].filter(Boolean).join(' · ') || '\u00a0'}</p>
          {/* phones: price, stock and status here, their columns fold away */}
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 sm:hidden">
            <Price cents={p.price_cents} currency={p.currency} className="font-medium text-slate-800" />
            <span><Trans>{p.stock} in stock</Trans></span>
            <StatusBadge kind="product" status={p.status} />
          </p>
        </div>
      </div>
    ),
  },
  { key: 'category', header: i18n._(msg`Category`), hideBelow: 'md', className: 'capitalize text-slate-700', cell: (p) => (p.category ? <bdi>{departmentName(p.category)}</bdi> : <span className="text-slate-400">—</span>) },
  { key: 'price', header: i18n._(msg`Price`), align: 'right', hideBelow: 'sm', cell: (p) => <Price cents={p.price_cents} currency={p.currency} /> },
  {
    key: 'inventory',
    header: i18n._(msg`Inventory`),
    align: 'right',
    hideBelow: 'sm',
    cell: (p) => <span className={cx(p.stock === 0 ? 'font-medium text-red-700' : p.stock < 10 ? 'text-amber-700' : 'text-slate-900')}>{p.stock}</span>,
  },
  { key: 'status', header: i18n._(msg`Status`), hideBelow: 'sm', cell: (p) => <StatusBadge kind="product" status={p.status} /> },
];

/**
 * The vendor dashboard's Products tab (vendor §2): 'Add New Product' opens the create form (its label becomes Cancel),
 * the list of the vendor's own products comes from the server (every status, searchable, paged) with Refresh, and
 * each row can be viewed, edited (every field) and deleted after a confirmation. A product with orders is archived.
 */
export default function ProductsTab() {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const lang = useContentLang();
  const departmentName = useDepartmentName();
  const me = useVendorMe();
  const canPublish = me.data?.vendor?.is_verified ?? false;
  const list = useListQuery<ManagedProduct, { status: string }>({
    queryKey: productListKeys.vendor, path: '/api/vendor/products', auth: 'vendor', filters: { status: '' }, urlPrefix: 'products_',
  });
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [viewing, setViewing] = useState<ManagedProduct | null>(null);
  const [editing, setEditing] = useState<ManagedProduct | null>(null);
  const [deleting, setDeleting] = useState<ManagedProduct | null>(null);
  const create = useCreateProduct('vendor');
  const update = useUpdateProduct('vendor');
  const remove = useDeleteProduct('vendor');

  const onCreate: ProductFormSubmit = async (body, photos, onProgress) => {
    await create.mutateAsync({ body, photos, onProgress });
    notify.success(MSG.productCreated);
    setAdding(false);
    setFormKey((k) => k + 1);
  };

  const onEdit: ProductFormSubmit = async (body, photos, onProgress) => {
    if (!editing) return;
    await update.mutateAsync({ id: editing.id, body, photos, onProgress });
    notify.success(MSG.productUpdated);
    setEditing(null);
  };

  async function onDelete() {
    if (!deleting) return;
    try {
      const res = await remove.mutateAsync(deleting.id);
      notify.success(res.outcome === 'archived' ? MSG.productArchived : MSG.productDeleted);
      setDeleting(null);
    } catch (err) {
      throw new Error(MSG.deleteProductFailed(err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  const openForm = () => {
    setAdding(true);
    requestAnimationFrame(() => document.getElementById('new-product-heading')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t`Products`}
        description={t`Create, edit and remove the products you sell.`}
        actions={
          <Button variant={adding ? 'secondary' : 'primary'} onClick={() => (adding ? setAdding(false) : openForm())} aria-expanded={adding} aria-controls="new-product">
            {adding ? <Trans>Cancel</Trans> : <Trans>Add New Product</Trans>}
          </Button>
        }
      />

      {adding && (
        <section id="new-product" aria-labelledby="new-product-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h3 id="new-product-heading" className="mb-5 text-lg font-semibold text-slate-900"><Trans>New product</Trans></h3>
          <ProductForm
            key={formKey}
            initial={emptyProductForm(canPublish ? 'active' : 'draft')}
            onSubmit={onCreate}
            submitLabel={t`Create Product`}
            failureText={MSG.vendorProductCreateFailed}
            canPublish={canPublish}
            onCancel={() => setAdding(false)}
          />
        </section>
      )}

      <section aria-labelledby="product-list-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:p-5">
          <div className="flex items-center justify-between gap-3">
            <div>
              <h3 id="product-list-heading" className="text-lg font-semibold text-slate-900"><Trans>Your products</Trans></h3>
              <p className="text-sm text-slate-500" aria-live="polite">{list.items ? <Plural value={list.total} one={`${list.total} product`} other={`${list.total} products`} /> : '\u00a0'}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isPending}>
              <Trans>Refresh</Trans>
            </Button>
          </div>
          <FilterBar onClear={list.resetFilters} canClear={list.isFiltered}>
            <SearchInput label={t`Search products`} placeholder={t`Search products...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
            <FilterSelect label={t`Status`} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))} allLabel={t`All statuses`} />
          </FilterBar>
        </div>
        <DataTable
          caption={t`Your products`}
          // compact cells: the five columns and the actions fit beside the dashboard's menu at 1280 px
          density="compact"
          columns={columns(i18n, lang, departmentName)}
          rowKey={(p) => p.id}
          {...list.tableProps}
          loadingLabel={t`Loading products...`}
          errorTitle={MSG.loadProductsFailed}
          empty={
            list.isFiltered
              ? { title: MSG.noProductsMatch, description: t`Try another word or status.`, action: <Button variant="secondary" size="sm" onClick={list.resetFilters}><Trans>Clear filters</Trans></Button> }
              : { title: MSG.noProductsYet, description: t`Products you add appear here.`, action: <Button onClick={openForm}>{MSG.addFirstProduct}</Button> }
          }
          rowLabel={(p) => p.name}
          rowActions={(p) => (
            <>
              {/* icons in the row; in the phone menu each icon has its word beside it */}
              <Button variant="ghost" size="icon" onClick={() => setViewing(p)} aria-label={t`View ${p.name}`} title={t`View`}>{ICONS.view}<MenuWord><Trans>View</Trans></MenuWord></Button>
              <Button variant="ghost" size="icon" onClick={() => setEditing(p)} aria-label={t`Edit ${p.name}`} title={t`Edit`}>{ICONS.edit}<MenuWord><Trans>Edit</Trans></MenuWord></Button>
              <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(p)} aria-label={t`Delete ${p.name}`} title={t`Delete`}>
                {ICONS.delete}
                <MenuWord><Trans>Delete</Trans></MenuWord>
              </Button>
            </>
          )}
        />
        <Pagination {...list.paginationProps} label={t`Product pages`} />
      </section>

      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name ?? ''} size="lg"
        footer={viewing && <Button variant="secondary" onClick={() => { setEditing(viewing); setViewing(null); }}><Trans>Edit</Trans></Button>}>
        {viewing && <ProductDetails product={viewing} />}
      </Dialog>

      <Drawer open={editing !== null} onClose={() => setEditing(null)} title={editing ? t`Edit ${editing.name}` : ''} widthClass="max-w-3xl">
        {editing && (
          <ProductForm
            key={editing.id}
            initial={formFromProduct(editing)}
            onSubmit={onEdit}
            submitLabel={t`Save changes`}
            failureText={MSG.pmUpdateFailed}
            canPublish={canPublish || editing.status === 'active'}
            onCancel={() => setEditing(null)}
          />
        )}
      </Drawer>

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={onDelete}
        title={t`Delete product`}
        message={MSG.deleteProductConfirm}
        confirmLabel={t`Delete`}
        destructive
      />
    </div>
  );
}
