import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/use-locale';
import { PRODUCT_QUERY_PARAM } from '@souq/shared/rules/embed';
import { formatCount } from '@souq/shared/rules/locale';
import { paths } from '@/lib/paths';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClass } from '@/components/ui/Button';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useMsg } from '@/lib/use-msg';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { cx } from '@/components/ui/cx';
import { ChatPanel, type ChatPanelHandle } from '@/components/chat/ChatPanel';
import { scrollToProduct, useAddToCart } from '@/lib/shop/actions';
import { useBrowseProducts, useCatalogue, useProduct, useProductSearch, useShelves } from '@/lib/shop/catalogue-api';
import { ProductCard } from '@/components/shop/ProductCard';
import { ShelfList } from '@/components/shop/ShelfList';
import { refFromProduct, refFromShelfItem, uniqueById, type ProductRef } from '@/lib/shop/product-ref';
import { track, useSearchTracking } from '@/lib/shop/track';

const ProductDetailDialog = lazy(() => import('@/components/shop/ProductDetailDialog'));

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z" />
    </svg>
  );
}

/** /ai-assistant: the main shopping screen (customer spec §2). */
export default function AssistantPage() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  // every submit is one search event, sent with the result count once the results are in
  const [searchRun, setSearchRun] = useState<{ query: string; seq: number } | null>(null);
  const [context, setContext] = useState<ProductRef | null>(null);
  const [detail, setDetail] = useState<ProductRef | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const chat = useRef<ChatPanelHandle>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const browse = useBrowseProducts();
  const search = useProductSearch(query);
  useSearchTracking(searchRun, searchRun?.query === query ? search.data : undefined, 'storefront');
  const shelves = useShelves();
  // The whole catalogue (200 products) is for the chat's typed commands only ("add two … to my cart" naming a product
  // not on screen): asked for once the shopper turns to the chat, not at start-up, where its answer re-rendered the
  // page in one long task while the phone was still taking the page over (decision 0136).
  const [chatInUse, setChatInUse] = useState(false);
  const turnToChat = useCallback(() => setChatInUse(true), []);
  const all = useCatalogue(chatInUse);
  const addToCart = useAddToCart();
  const linked = useLinkedProduct();
  const { t } = useLingui();
  const locale = useLocale();
  const MSG = useMsg();

  const results = useMemo(() => (search.data ?? []).map(refFromProduct), [search.data]);
  // Every product on screen is known by name to the chat's typed commands.
  const catalogue = useMemo(
    () =>
      uniqueById(
        results,
        (all.data ?? []).map(refFromProduct),
        (browse.data ?? []).map(refFromProduct),
        (shelves.data ?? []).flatMap((s) => s.items.map(refFromShelfItem)),
      ),
    [results, all.data, browse.data, shelves.data],
  );

  function runSearch(q: string) {
    const trimmed = q.trim();
    setInput(trimmed);
    setQuery(trimmed);
    if (trimmed) setSearchRun((run) => ({ query: trimmed, seq: (run?.seq ?? 0) + 1 }));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // the box's own text: typed before the app took over the server-rendered page (decision 0071), it is not in
    // `input` yet; otherwise the two are the same
    runSearch(searchBox.current?.value ?? input);
  }

  // stable across renders, like onShelfAdd: the memoised ShelfList is not drawn again for answers it does not show
  const openDetail = useCallback((p: ProductRef) => {
    track('click', p.id, { source: 'storefront' });
    track('view', p.id, { name: p.name });
    setContext(p);
    setDetail(p);
  }, []);
  const onShelfAdd = useCallback((p: ProductRef) => addToCart(p), [addToCart]);

  // a link to one product (?product={id}, e.g. from an embed on another site) shows its detail once it has loaded
  const linkedRef = useMemo(() => (linked.product ? refFromProduct(linked.product) : null), [linked.product]);
  const shownDetail = detail ?? linkedRef;
  useEffect(() => {
    if (linkedRef) track('view', linkedRef.id, { name: linkedRef.name, source: 'link' });
  }, [linkedRef]);

  function closeDetail() {
    setDetail(null);
    if (linked.id !== null) linked.clear();
  }

  function focusProduct(p: ProductRef) {
    setContext(p);
    scrollToProduct(p.id);
  }

  const loading = browse.isPending || (query !== '' && search.isFetching);
  const noProducts = !browse.isPending && (browse.data?.length ?? 0) === 0;

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 lg:px-6">
          <Link to={paths.home} className="text-lg font-bold text-brand-700">
            Souq
          </Link>
          <h1 className="text-lg font-semibold text-slate-900 sm:text-xl"><Trans>AI Product Assistant</Trans></h1>
          <span className="rounded-full bg-gradient-to-r from-brand-600 to-sky-600 px-2.5 py-0.5 text-xs font-semibold text-white"><Trans>Powered by AI</Trans></span>
          <nav className="ms-auto flex flex-wrap items-center justify-end gap-2" aria-label={t`Account`}>
            <LanguageSwitch />
            <Link to={paths.sidePanel} className={buttonClass('ghost', 'sm')} title={t`Open the shopping side panel: lock two products and compare them`}>
              <Trans>Compare</Trans>
            </Link>
            <Link to={paths.profile} className={buttonClass('secondary', 'sm')}>
              <Trans>Profile</Trans>
            </Link>
            <Link to={paths.checkout} className={buttonClass('primary', 'sm')}>
              <Trans>Checkout</Trans>
            </Link>
          </nav>
        </div>
      </header>

      <div className="mx-auto max-w-[1600px] gap-6 px-4 lg:grid lg:grid-cols-[minmax(0,1fr)_380px] lg:px-6 xl:grid-cols-[minmax(0,1fr)_420px]">
        <main className="min-w-0 pt-6 pb-24 lg:pb-6">
          <form onSubmit={onSubmit} role="search" className="flex gap-2">
            <label htmlFor="product-search" className="sr-only">
              <Trans>Search products</Trans>
            </label>
            <input
              ref={searchBox}
              id="product-search"
              type="search"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder={t`Search products with AI...`}
              className="h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
            />
            <Button type="submit" size="lg">
              <Trans>Search</Trans>
            </Button>
          </form>

          <div className="mt-6 flex flex-col gap-8">
            {loading && (
              <div className="flex justify-center py-8 text-slate-500">
                <Spinner label={t`Loading products…`} />
              </div>
            )}

            {query !== '' && !search.isFetching && (
              <section aria-label={t`Search results`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">
                    <Trans>Results for “<bdi>{query}</bdi>”</Trans> <span className="text-sm font-normal text-slate-500">({formatCount(results.length, locale)})</span>
                  </h2>
                  <Button variant="ghost" size="sm" onClick={() => runSearch('')}>
                    <Trans>Clear search</Trans>
                  </Button>
                </div>
                {search.isError ? (
                  <Alert tone="error">{search.error.message}</Alert>
                ) : results.length === 0 ? (
                  <EmptyState title={MSG.emptyProducts} />
                ) : (
                  <div className="flex snap-x gap-6 overflow-x-auto pt-1 pb-3 [scrollbar-width:thin]">
                    {results.map((p, i) => (
                      <ProductCard
                        key={p.id}
                        product={p}
                        eager={i < 3}
                        draggable
                        selected={context?.id === p.id}
                        onOpen={openDetail}
                        onAdd={(x) => addToCart(x)}
                      />
                    ))}
                  </div>
                )}
              </section>
            )}

            {noProducts && query === '' ? (
              <EmptyState title={MSG.emptyProducts} />
            ) : (
              !browse.isPending && <ShelfList onOpen={openDetail} onAdd={onShelfAdd} selectedId={context?.id} />
            )}
          </div>
        </main>

        <aside
          aria-label={t`Assistant`}
          onFocusCapture={turnToChat}
          onPointerDownCapture={turnToChat}
          // open on a phone it fills the screen: the support button steps aside (features/support/floating-offset.ts)
          data-floating-cover={chatOpen || undefined}
          className={cx(
            chatOpen ? 'fixed inset-0 z-40 flex flex-col gap-2 bg-slate-50 p-2' : 'hidden',
            'lg:static lg:z-auto lg:block lg:bg-transparent lg:p-0',
          )}
        >
          <div className="flex justify-end lg:hidden">
            <Button variant="secondary" size="sm" onClick={() => setChatOpen(false)}>
              <Trans>Close chat</Trans>
            </Button>
          </div>
          <div className="flex min-h-0 flex-1 flex-col lg:sticky lg:top-14 lg:h-[calc(100dvh-3.5rem)] lg:py-6">
            <ChatPanel
              ref={chat}
              className="min-h-0 flex-1"
              context={context}
              onContextChange={setContext}
              catalogue={catalogue}
              onFocusProduct={focusProduct}
              onSearch={runSearch}
            />
          </div>
        </aside>
      </div>

      {!chatOpen && (
        <button
          type="button"
          onClick={() => {
            turnToChat();
            setChatOpen(true);
          }}
          data-floating-avoid
          className="fixed end-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-brand-700 px-5 font-medium text-white shadow-lg hover:bg-brand-800 lg:hidden"
        >
          <ChatIcon />
          <Trans>Chat with AI</Trans>
        </button>
      )}

      <Suspense fallback={null}>
        {shownDetail && (
          <ProductDetailDialog
            product={shownDetail}
            onClose={closeDetail}
            onAdd={(p) => addToCart(p, 1, 'detail')}
            onAsk={(q, p) => {
              closeDetail();
              setContext(p);
              turnToChat();
              setChatOpen(true);
              chat.current?.send(q, p);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

/** The product named in the URL (?product={id}), loaded; `clear` takes it out of the URL once its detail closes. */
function useLinkedProduct() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useMemo(() => {
    const n = Number(new URLSearchParams(location.search).get(PRODUCT_QUERY_PARAM));
    return Number.isInteger(n) && n > 0 ? n : null;
  }, [location.search]);
  const query = useProduct(id);
  return {
    id,
    product: id !== null ? query.data : undefined,
    clear: () => navigate({ search: '' }, { replace: true }),
  };
}
