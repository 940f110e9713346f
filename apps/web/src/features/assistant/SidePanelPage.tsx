import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@souq/shared/api/catalogue';
import { FEATURED_PRODUCTS } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';
import { paths } from '@/lib/paths';
import { api } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClass } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { useCartCount, useCartTotal } from '@/lib/shop/cart-store';
import { ChatPanel, type ChatPanelHandle } from '@/components/chat/ChatPanel';
import { useProductSearch } from '@/lib/shop/catalogue-api';
import { scrollToProduct, useAddToCart } from '@/lib/shop/actions';
import type { ProductRef } from '@/lib/shop/product-ref';
import { useDepartmentName } from '@/components/shop/departments';
import { track, useSearchTracking } from '@/lib/shop/track';
import { buildAssistantContext, type PanelProduct } from './context-rules';
import { useAssistantContextStore } from './context-store';
import { PanelProductCard } from './PanelProductCard';
import { ProductLockerProvider, useProductLocker } from './ProductLocker';
import { ProductLockerSection } from './ProductLockerSection';
import { ShoppingContextSection } from './ShoppingContextSection';
import { isLocale } from '@souq/shared/rules/locale';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** Matches shown for a typed search: the panel stays a glanceable list, the chat does the long answers. */
const SEARCH_RESULTS_SHOWN = 8;
const SEARCH_DEBOUNCE_MS = 300;
const NOTICE_MS = 4000;

const AI_RECOMMENDATIONS = [
  { id: 'trending', title: msg`Trending Now`, text: msg`Customers love our new organic range`, tone: 'bg-rose-50 text-rose-700', icon: 'M3 17l6-6 4 4 8-8M15 7h6v6' },
  { id: 'offer', title: msg`Special Offer`, text: msg`20% off on all beverages this week`, tone: 'bg-amber-50 text-amber-700', icon: 'M20 12l-8 8-9-9V3h8zM7.5 7.5h.01' },
  { id: 'new', title: msg`New Arrival`, text: msg`Fresh seasonal products just in`, tone: 'bg-sky-50 text-sky-700', icon: 'M12 3l2.5 5.5L20 9l-4 4 1 6-5-3-5 3 1-6-4-4 5.5-.5z' },
] as const;

const toPanelProduct = (p: Product): PanelProduct => ({
  id: p.id,
  name: p.name,
  ...(p.name_ar ? { nameAr: p.name_ar } : {}),
  price: p.price,
  image: p.image ?? p.imageUrl ?? p.image_url ?? p.images?.[0] ?? null,
  category: p.category || currentMsg().defaultCategory,
  brand: p.brand || undefined,
  rating: p.rating,
});

const fromRef = (p: ProductRef): PanelProduct => ({
  id: p.id,
  name: p.name,
  ...(p.nameAr ? { nameAr: p.nameAr } : {}),
  price: p.price,
  image: p.image,
  category: p.category || currentMsg().defaultCategory,
  rating: p.rating,
});

/** GET /api/products (no auth): the first five are featured (customer spec §2, §7). */
function useFeaturedProducts() {
  return useQuery({
    queryKey: ['catalogue', 'featured'],
    queryFn: async ({ signal }) => {
      const list = await api<Product[]>('/api/products', { auth: 'none', devFallback: true, signal });
      return Array.isArray(list) ? list : [];
    },
  });
}

/** A short-lived message (cart and locker feedback). */
function useNotice(): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    text,
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setText(null), NOTICE_MS);
    },
  ];
}

/** /assistant/panel: the shopping assistant side panel (customer spec §2 "Shopping assistant side panel"). */
export default function SidePanelPage() {
  return (
    <ProductLockerProvider>
      <SidePanel />
    </ProductLockerProvider>
  );
}

function SidePanel() {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  // the favourites stay the catalogue's English names; they are shown in the page's language
  const departmentName = useDepartmentName();
  const searchId = useId();
  const featuredHeadingId = useId();
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const featured = useFeaturedProducts();
  const search = useProductSearch(query);
  // a submitted search is one event with its result count, sent once the (debounced) results are in
  const [searchRun, setSearchRun] = useState<{ query: string; seq: number } | null>(null);
  useSearchTracking(searchRun, searchRun?.query === query ? search.data : undefined, 'side_panel');
  const runSearchEvent = (q: string) => setSearchRun((run) => ({ query: q, seq: (run?.seq ?? 0) + 1 }));
  const addToCart = useAddToCart();
  const locker = useProductLocker();
  const [cartNotice, showCartNotice] = useNotice();
  const [lockerNotice, showLockerNotice] = useNotice();
  const chat = useRef<ChatPanelHandle>(null);

  const ctx = useAssistantContextStore();
  const cartCount = useCartCount();
  const cartTotal = useCartTotal();
  const assistantContext = useMemo(
    () =>
      buildAssistantContext({
        preferences: ctx.preferences,
        budget: ctx.budget,
        history: ctx.history,
        searches: ctx.searches,
        categories: ctx.categories,
        lockedProduct: ctx.lockedProduct,
        locker: locker.lockedProducts,
        cart: { itemCount: cartCount, total: cartTotal },
      }),
    [ctx.preferences, ctx.budget, ctx.history, ctx.searches, ctx.categories, ctx.lockedProduct, locker.lockedProducts, cartCount, cartTotal],
  );

  const searching = query !== '';
  const active = searching ? search : featured;
  const products = useMemo(
    () => (active.data ?? []).slice(0, searching ? SEARCH_RESULTS_SHOWN : FEATURED_PRODUCTS).map(toPanelProduct),
    [active.data, searching],
  );

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    const q = input.trim();
    // blank after trimming is ignored (spec §5)
    if (!ctx.addSearch(q)) return;
    setInput(q);
    runSearchEvent(q);
  }

  function runRecentSearch(q: string) {
    setInput(q);
    ctx.addSearch(q);
    runSearchEvent(q);
  }

  function select(p: PanelProduct) {
    ctx.focusProduct(p);
    track('click', p.id, { source: 'side_panel', productName: p.name });
    track('view', p.id, { source: 'side_panel', productName: p.name });
  }

  function favourite(p: PanelProduct) {
    if (ctx.categories.some((c) => c.toLowerCase() === p.category.toLowerCase())) ctx.removeFavouriteCategory(p.category);
    else ctx.addFavouriteCategory(p.category);
  }

  function add(p: PanelProduct) {
    addToCart({ id: p.id, name: p.name, nameAr: p.nameAr, price: p.price, image: p.image, category: p.category }, 1, 'side_panel');
    showCartNotice(currentMsg().homeAddedToCart(1));
  }

  function lock(p: PanelProduct) {
    const result = locker.lock(p);
    if (!result.ok) showLockerNotice(result.error);
  }

  function onChatContext(p: ProductRef | null) {
    ctx.focusProduct(p ? fromRef(p) : null);
  }

  const context: ProductRef | null = ctx.lockedProduct
    ? { id: ctx.lockedProduct.id, name: ctx.lockedProduct.name, price: ctx.lockedProduct.price, image: ctx.lockedProduct.image, category: ctx.lockedProduct.category }
    : null;
  const lockedIds = useMemo(() => locker.lockedProducts.map((e) => e.product.id), [locker.lockedProducts]);
  const favourites = new Set(ctx.categories.map((c) => c.toLowerCase()));

  return (
    <div className="min-h-dvh bg-slate-100 lg:h-dvh lg:overflow-hidden">
      <div className="grid grid-cols-1 gap-3 p-3 sm:gap-4 sm:p-4 lg:h-full lg:grid-cols-[minmax(0,1fr)_26rem] lg:grid-rows-[auto_minmax(0,1fr)] lg:p-0 lg:ps-4 xl:grid-cols-[minmax(0,1fr)_28rem]">
        {/* The panel itself: docked to the right on desktop, first on a phone. */}
        <aside
          aria-label={t`Shopping assistant`}
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:overflow-y-auto lg:rounded-none lg:border-y-0 lg:border-e-0 lg:shadow-xl"
        >
          <header className="flex items-start justify-between gap-3">
            <div className="flex items-center gap-2.5">
              <Link
                to={paths.assistant}
                aria-label={t`Back to the shop`}
                title={t`Back to the shop`}
                className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-700 text-lg font-bold text-white hover:bg-brand-800"
              >
                <span aria-hidden="true">S</span>
              </Link>
              <div>
                <h1 className="text-xl leading-tight font-bold text-slate-900">Souq</h1>
                <p className="text-xs text-slate-500"><Trans>Smart Shopping Experience</Trans></p>
              </div>
            </div>
            <Link
              to={paths.checkout}
              className={cx(buttonClass('secondary', 'sm'), 'h-auto flex-col items-end gap-0 py-1 leading-tight')}
              aria-label={plural(cartCount, {
                one: `Cart: # item, total ${formatMoney(cartTotal, undefined, locale)}. Go to checkout`,
                other: `Cart: # items, total ${formatMoney(cartTotal, undefined, locale)}. Go to checkout`,
              })}
            >
              <span className="text-xs font-normal text-slate-500">
                <Plural value={cartCount} one="# item" other="# items" />
              </span>
              <Price value={cartTotal} className="text-sm font-semibold" />
            </Link>
          </header>

          <form role="search" onSubmit={submitSearch} className="flex flex-col gap-2">
            <label htmlFor={searchId} className="sr-only">
              <Trans>Search products</Trans>
            </label>
            <div className="relative">
              <svg viewBox="0 0 24 24" className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <circle cx="11" cy="11" r="7" />
                <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
              </svg>
              <input
                id={searchId}
                type="search"
                value={input}
                onChange={(e) => setInput(e.target.value)}
                placeholder={t`Search products...`}
                autoComplete="off"
                maxLength={200}
                className="h-10 w-full rounded-lg border border-slate-300 bg-white pe-3 ps-9 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
              />
            </div>
            {ctx.searches.length > 0 && (
              <div className="flex flex-wrap items-center gap-1.5" aria-label={t`Recent searches`} role="group">
                <span className="text-xs text-slate-500"><Trans>Recent:</Trans></span>
                {ctx.searches.slice(0, 5).map((s) => (
                  <button
                    key={s}
                    type="button"
                    onClick={() => runRecentSearch(s)}
                    dir="auto"
                    className="max-w-[9rem] truncate rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                  >
                    {s}
                  </button>
                ))}
              </div>
            )}
          </form>

          {cartNotice && (
            <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              {cartNotice}
            </p>
          )}

          <section aria-labelledby={featuredHeadingId} className="flex flex-col gap-2.5">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id={featuredHeadingId} className="text-base font-semibold text-slate-900">
                {searching ? <Trans>Results for “<bdi>{query}</bdi>”</Trans> : <Trans>Featured Products</Trans>}
              </h2>
              {searching && (
                <button type="button" onClick={() => setInput('')} className="text-xs font-medium text-brand-700 hover:underline">
                  <Trans>Show featured</Trans>
                </button>
              )}
            </div>
            {favourites.size > 0 && (
              <p className="text-xs text-slate-500">
                <Trans>Favourite categories:</Trans> <bdi className="text-slate-700 capitalize">{ctx.categories.map(departmentName).join(i18n._(msg({ message: ', ', context: 'list separator' })))}</bdi>
              </p>
            )}
            {active.isPending ? (
              <p className="flex items-center gap-2 py-4 text-sm text-slate-500">
                <Spinner size="sm" />
                <Trans>Loading products...</Trans>
              </p>
            ) : active.isError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {MSG.errorLoadingProducts(active.error.message || MSG.productsFetchFailed)}
              </p>
            ) : products.length === 0 ? (
              <p className="py-4 text-sm text-slate-500"><Trans>No products found.</Trans></p>
            ) : (
              <ul className="flex flex-col gap-2">
                {products.map((p) => (
                  <li key={p.id}>
                    <PanelProductCard
                      product={p}
                      selected={ctx.lockedProduct?.id === p.id}
                      favourite={favourites.has(p.category.toLowerCase())}
                      locked={locker.isLocked(p.id)}
                      onSelect={select}
                      onFavourite={favourite}
                      onAddToCart={add}
                      onLock={lock}
                    />
                  </li>
                ))}
              </ul>
            )}
            {products.length > 0 && <p className="text-xs text-slate-500"><Trans>Tip: drag a product into the chat to ask about it.</Trans></p>}
          </section>

          <section aria-label={t`AI Recommendations`} className="flex flex-col gap-2.5">
            <h2 className="text-base font-semibold text-slate-900"><Trans>AI Recommendations</Trans></h2>
            <ul className="flex flex-col gap-2">
              {AI_RECOMMENDATIONS.map((r) => (
                <li key={r.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
                  <span className={cx('flex h-9 w-9 shrink-0 items-center justify-center rounded-lg', r.tone)} aria-hidden="true">
                    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                      <path d={r.icon} />
                    </svg>
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-sm font-semibold text-slate-900">{i18n._(r.title)}</h3>
                    <p className="text-sm text-slate-600">{i18n._(r.text)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <ShoppingContextSection context={assistantContext} onSelect={select} />
        </aside>

        <ProductLockerSection message={lockerNotice} onAsk={(q) => chat.current?.send(q)} className="lg:col-start-1 lg:row-start-1 lg:mt-4" />

        <ChatPanel
          ref={chat}
          context={context}
          onContextChange={onChatContext}
          lockedProductIds={lockedIds}
          onFocusProduct={(p) => scrollToProduct(p.id)}
          onSearch={(q) => setInput(q)}
          className="h-[75dvh] min-h-[28rem] lg:col-start-1 lg:row-start-2 lg:mb-4 lg:h-auto lg:min-h-0"
        />
      </div>
    </div>
  );
}
