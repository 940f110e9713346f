import type { ManagedProduct } from '@souq/shared/api/products';
import { useMsg } from '@/lib/use-msg';
import { checkImages, checkDescription, checkKeywords, checkTitle, optimiseDescription, optimiseKeywords, optimiseTitle, seoScore, type SeoCheck, type SeoInput } from '@souq/shared/rules/seo';
import { useListQuery } from '@/lib/use-list-query';
import { productListKeys } from '@/lib/products-api';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { cx } from '@/components/ui/cx';
import { ScoreBadge } from './ScoreBadge';
import { ProposalRow } from './ProposalRow';
import { Trans, useLingui } from '@lingui/react/macro';

const seoInputOf = (p: ManagedProduct): SeoInput => ({
  title: p.name, description: p.description, keywords: p.keywords, brand: p.brand, category: p.category, tags: p.tags, bulletPoints: p.bullet_points,
});

function Check({ check }: { check: SeoCheck }) {
  const { t } = useLingui();
  return (
    <li className="flex items-start gap-2 text-sm">
      <span aria-hidden="true" className={cx('mt-0.5 inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold text-white', check.ok ? 'bg-green-600' : 'bg-amber-500')}>
        {check.ok ? '✓' : '!'}
      </span>
      <span className={check.ok ? 'text-slate-600' : 'text-slate-800'}>
        <span className="sr-only">{check.ok ? t`Passes:` : t`Needs work:`} </span>
        {check.message}
      </span>
    </li>
  );
}

/**
 * One product's SEO content: the checks of vendor §9, its SEO score (the same number as the Product Optimization tab's
 * SEO column: one rule, seoScore) and, for what fails, the optimised version.
 */
function ProductSeo({ product }: { product: ManagedProduct }) {
  const input = seoInputOf(product);
  const msg = useMsg();
  const title = checkTitle(input.title, msg);
  const description = checkDescription(input.description, msg);
  const keywords = checkKeywords(input.keywords, msg);
  const images = checkImages(product.images, msg);
  return (
    <li className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h4 className="min-w-0 font-medium break-words text-slate-900">{product.name}</h4>
        <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500"><Trans>SEO</Trans> <ScoreBadge score={seoScore({ ...input, images: product.images })} /></span>
      </div>
      <ul className="flex flex-col gap-1">
        <Check check={title} />
        <Check check={description} />
        <Check check={keywords} />
        <Check check={images} />
      </ul>
      {(!title.ok || !description.ok || !keywords.ok) && (
        <div className="flex flex-col gap-2">
          {!title.ok && <ProposalRow productId={product.id} field="title" current={product.name} proposal={optimiseTitle(input)} />}
          {!description.ok && <ProposalRow productId={product.id} field="description" current={product.description} proposal={optimiseDescription(input)} />}
          {!keywords.ok && <ProposalRow productId={product.id} field="keywords" current={product.keywords} proposal={optimiseKeywords(input)} />}
        </div>
      )}
    </li>
  );
}

/** SEO Content tab: titles, descriptions and keywords scored on the client with the shared rules, with one-click fixes. */
export function SeoContentPanel() {
  const MSG = useMsg();
  const { t } = useLingui();
  const list = useListQuery<ManagedProduct>({ queryKey: productListKeys.vendor, path: '/api/vendor/products', auth: 'vendor', urlPrefix: 'seo_', limit: 10 });
  const rows = list.items?.filter((p) => p.status !== 'archived');
  return (
    <section aria-label={t`SEO content`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-2 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <p className="text-sm text-slate-600"><Trans>Title 30–60 characters, description 150–300, 3–8 keywords of 3–20 characters, at least one image.</Trans></p>
        <SearchInput label={t`Search products`} placeholder={t`Search products...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
      </div>
      {list.query.isPending ? (
        <div className="flex flex-col gap-3 p-5">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-20 w-full" />)}</div>
      ) : list.query.isError && !list.items ? (
        <div className="p-5">
          <Alert tone="error" title={MSG.loadProductsFailed}>
            <p>{list.query.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.query.refetch()}><Trans>Try again</Trans></Button>
          </Alert>
        </div>
      ) : rows?.length ? (
        <ul className="divide-y divide-slate-100">{rows.map((p) => <ProductSeo key={p.id} product={p} />)}</ul>
      ) : (
        <EmptyState className="border-0 bg-transparent py-8" title={list.isFiltered ? MSG.noProductsMatch : MSG.noProductsYet} />
      )}
      <Pagination {...list.paginationProps} label={t`SEO content pages`} />
    </section>
  );
}
