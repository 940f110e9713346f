import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_LIST_TAGS_SHOWN } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import type { ManagedProduct } from '@souq/shared/api/products';
import { paths } from '@/lib/paths';
import { useAdminAccess } from '@/lib/session';
import { useListQuery } from '@/lib/use-list-query';
import { productListKeys, useDeleteProduct } from '@/lib/products-api';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageFrame } from '@/components/ui/PageFrame';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { Pagination } from '@/components/ui/Pagination';
import { Price } from '@/components/ui/Price';
import { SearchInput } from '@/components/ui/SearchInput';
import { SignedInAs } from '@/components/ui/SignedInAs';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { AreaToaster, notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { copyEmbedCode } from '@/components/products/EmbedPreview';
import { AdminAccessRequired } from '@/components/admin/AdminAccessRequired';
import { CreateProductDialog } from './CreateProductDialog';
import { EditProductDialog } from './EditProductDialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { formatCount } from '@souq/shared/rules/locale';

const PAGE_SIZE = 24;

function stockTone(stock: number) {
  return stock === 0 ? 'text-red-700' : stock < 10 ? 'text-amber-700' : 'text-green-700';
}

function ProductCard({ product: p, onEdit, onDelete }: { product: ManagedProduct; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  const extraTags = p.tags.length - ADMIN_LIST_TAGS_SHOWN;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-slate-100">
        {p.image ? (
          <img src={p.image} alt={p.name} className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <span className="flex h-full items-center justify-center text-sm text-slate-400"><Trans>No image</Trans></span>
        )}
        <div className="absolute top-2 start-2 flex gap-1.5">
          {p.embed_id !== null && <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow"><Trans>Embedded</Trans></span>}
          {p.status !== 'active' && <StatusBadge kind="product" status={p.status} className="bg-white" />}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-slate-900" title={p.name} dir="auto">{p.name}</h3>
        <p className="line-clamp-2 text-sm text-slate-600" dir="auto">{p.description || <span className="text-slate-400"><Trans>No description</Trans></span>}</p>
        <div className="flex items-baseline justify-between gap-2">
          <Price cents={p.price_cents} currency={p.currency} className="font-semibold text-slate-900" />
          <span className={cx('text-sm font-medium', stockTone(p.stock))}><Trans>Stock: {p.stock}</Trans></span>
        </div>
        <p className="truncate text-xs text-slate-500">{p.vendor_name ? <bdi>{p.vendor_name}</bdi> : <Trans>No vendor</Trans>}</p>
        {p.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={t`Tags`}>
            {p.tags.slice(0, ADMIN_LIST_TAGS_SHOWN).map((tag) => <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700" dir="auto">{tag}</li>)}
            {extraTags > 0 && <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-500">+{extraTags}</li>}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${p.name}`}><Trans>Edit</Trans></Button>
          {p.embed_code && <Button size="sm" variant="secondary" onClick={() => void copyEmbedCode(p.embed_code!)} aria-label={t`Copy the embed code of ${p.name}`}><Trans>Copy Embed</Trans></Button>}
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={t`Delete ${p.name}`}><Trans>Delete</Trans></Button>
        </div>
      </div>
    </li>
  );
}

function ProductManager() {
  const MSG = useMsg();
  const { t } = useLingui();
  const list = useListQuery<ManagedProduct>({ queryKey: productListKeys.admin, path: '/api/admin/products', auth: 'admin', limit: PAGE_SIZE, urlPrefix: 'pm_' });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ManagedProduct | null>(null);
  const [deleting, setDeleting] = useState<ManagedProduct | null>(null);
  const remove = useDeleteProduct('admin');
  const failed = list.tableProps.error;

  async function onDelete() {
    if (!deleting) return;
    try {
      const res = await remove.mutateAsync(deleting.id);
      notify.success(res.outcome === 'archived' ? MSG.productArchived : MSG.productDeleted);
      setDeleting(null);
    } catch (err) {
      throw new Error(err instanceof Error && err.message ? `${MSG.pmDeleteFailed}: ${err.message}` : MSG.pmDeleteFailed);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput label={t`Search products`} placeholder={t`Search products...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} className="sm:w-96" />
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-500" aria-live="polite">{list.items ? plural(list.total, { one: `${formatCount(list.total)} product`, other: `${formatCount(list.total)} products` }) : '\u00a0'}</p>
          <Button onClick={() => setCreating(true)}><Trans>Create Product</Trans></Button>
        </div>
      </div>

      {list.tableProps.loading ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Loading products`}>
          {Array.from({ length: 8 }, (_, i) => <li key={i}><Skeleton className="h-80 w-full rounded-2xl" /></li>)}
        </ul>
      ) : failed ? (
        <Alert tone="error" title={'status' in failed && failed.status === 0 ? MSG.pmNetworkError : MSG.pmLoadFailed}>
          <p>{failed.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={list.tableProps.onRetry}><Trans>Try again</Trans></Button>
        </Alert>
      ) : list.items?.length ? (
        <ul className={cx('grid gap-4 sm:grid-cols-2 lg:grid-cols-3 transition-opacity', list.tableProps.refreshing && 'opacity-60')} aria-label={t`Products`}>
          {list.items.map((p) => <ProductCard key={p.id} product={p} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />)}
        </ul>
      ) : (
        <EmptyState
          title={MSG.noProductsFoundPm}
          description={list.search ? MSG.pmTryAdjusting : MSG.pmCreateFirst}
          action={list.search ? <Button variant="secondary" onClick={list.resetFilters}><Trans>Clear search</Trans></Button> : <Button onClick={() => setCreating(true)}><Trans>Create Product</Trans></Button>}
        />
      )}
      <Pagination {...list.paginationProps} label={t`Product pages`} className="rounded-2xl border border-slate-200 bg-white" />

      <CreateProductDialog open={creating} onClose={() => setCreating(false)} />
      {editing && <EditProductDialog key={editing.id} product={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={onDelete}
        title={t`Delete product`}
        message={deleting ? MSG.pmDeleteConfirm(deleting.name) : ''}
        confirmLabel={t`Delete`}
        destructive
      />
    </div>
  );
}

/** /product-manager (admin §2): every vendor's products as cards, with search, create with embedding, edit, Copy Embed and delete. */
export default function ProductManagerPage() {
  const { t } = useLingui();
  const admin = useAdminAccess();
  if (!admin) return <AdminAccessRequired title={t`Product Manager`} />;
  return (
    <PageFrame area={t`Products`} title={t`Product Manager`} description={t`Products with their embed codes, for use on external pages.`} headerRight={<><LanguageSwitch /><SignedInAs prefer="admin" /></>}>
      <ProductManager />
      <p className="mt-8 text-sm text-slate-600">
        <Link to={paths.admin} className="font-medium text-brand-700 hover:underline"><Trans>Back to the admin dashboard</Trans></Link>
      </p>
      <AreaToaster />
    </PageFrame>
  );
}
