import { lazy, Suspense, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '@/lib/paths';
import { useCustomerToken } from '@/lib/session';
import { buttonClass } from '@/components/ui/Button';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useMsg } from '@/lib/use-msg';
import { EmptyState } from '@/components/ui/EmptyState';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { cx } from '@/components/ui/cx';
import { ChatPanel, type ChatPanelHandle } from '@/components/chat/ChatPanel';
import { PersonalizedBlock } from '@/components/shop/PersonalizedBlock';
import { useAddToCart } from '@/lib/shop/actions';
import { useCatalogue } from '@/lib/shop/catalogue-api';
import { ProductImage } from '@/components/shop/ProductImage';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { setProductDragData, refFromProduct, type ProductRef } from '@/lib/shop/product-ref';
import { track } from '@/lib/shop/track';

const ProductDetailDialog = lazy(() => import('@/components/shop/ProductDetailDialog'));
const NOTICE_MS = 3000;

/**
 * The customer home (customer spec §2): the chat on the left (35% / 45% on medium / full width on mobile); on the
 * right a product sidebar (selecting a product posts its card into the chat) and 'Personalized for You'.
 */
export default function CustomerHome() {
  const [context, setContext] = useState<ProductRef | null>(null);
  const [detail, setDetail] = useState<ProductRef | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const chat = useRef<ChatPanelHandle>(null);
  const catalogue = useCatalogue();
  const products = useMemo(() => (catalogue.data ?? []).map(refFromProduct), [catalogue.data]);
  const addToCart = useAddToCart();
  const token = useCustomerToken();
  const { t } = useLingui();
  const MSG = useMsg();
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  function announceAdded(n: number) {
    setNotice(MSG.homeAddedToCart(n));
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }

  function select(p: ProductRef) {
    track('click', p.id, { source: 'home_sidebar' });
    setContext(p);
    chat.current?.postProduct(p);
  }

  return (
    <div className="flex h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        {/* wraps on a narrow phone: the nav's labels are longer in Arabic, and nothing may scroll sideways */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 lg:px-6">
          <span className="text-lg font-bold text-brand-700">Souq</span>
          <span className="hidden text-sm text-slate-500 sm:inline"><Trans>AI shopping assistant</Trans></span>
          <nav className="ms-auto flex flex-wrap items-center justify-end gap-2" aria-label={t`Main`}>
            <LanguageSwitch />
            <Link to={paths.assistant} className={buttonClass('secondary', 'sm')}>
              <Trans>Browse all products</Trans>
            </Link>
            <Link to={token ? paths.profile : paths.login} className={buttonClass('ghost', 'sm')}>
              {token ? t`Profile` : t`Log in`}
            </Link>
          </nav>
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        <div className="flex w-full min-w-0 flex-col p-3 md:w-[45%] md:shrink-0 lg:w-[35%] lg:p-4">
          <ChatPanel
            ref={chat}
            className="min-h-0 flex-1"
            context={context}
            onContextChange={setContext}
            catalogue={products}
            onAddedToCart={(_p, n) => announceAdded(n)}
          />
        </div>

        <div className="hidden min-w-0 flex-1 flex-col gap-4 overflow-y-auto border-s border-slate-200 bg-slate-50 p-4 md:flex lg:p-6">
          <section aria-labelledby="home-products" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="mb-3 flex items-baseline justify-between gap-2">
              <h2 id="home-products" className="text-lg font-semibold text-slate-900">
                <Trans>Products</Trans>
              </h2>
              <p className="text-xs text-slate-500"><Trans>Select one or drag it into the chat</Trans></p>
            </div>
            {catalogue.isPending ? (
              <div className="flex justify-center py-6 text-slate-500">
                <Spinner label={t`Loading products...`} />
              </div>
            ) : products.length === 0 ? (
              <EmptyState title={t`No products found.`} />
            ) : (
              <ul className="flex snap-x gap-3 overflow-x-auto pb-2 [scrollbar-width:thin]">
                {products.slice(0, 24).map((p) => (
                  <li key={p.id} className="snap-start">
                    <SidebarProduct product={p} selected={context?.id === p.id} onSelect={select} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <PersonalizedBlock onViewDetails={(p) => setDetail(p)} />
        </div>
      </div>

      {/* A toast, so that it shows on phones too, where the right-hand column is hidden. */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-20 z-40 flex justify-center px-4 md:bottom-6">
        {notice && (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-800 shadow-lg">
            {notice}
          </p>
        )}
      </div>

      <Suspense fallback={null}>
        {detail && (
          <ProductDetailDialog
            product={detail}
            onClose={() => setDetail(null)}
            onAdd={(p) => {
              addToCart(p, 1, 'home');
              announceAdded(1);
            }}
            onAsk={(q, p) => {
              setDetail(null);
              setContext(p);
              chat.current?.send(q, p);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

function SidebarProduct({ product, selected, onSelect }: { product: ProductRef; selected: boolean; onSelect: (p: ProductRef) => void }) {
  const onDragStart = (e: DragEvent) => setProductDragData(e.dataTransfer, product);
  const lang = useContentLang();
  const { t } = useLingui();
  return (
    <button
      type="button"
      draggable
      onDragStart={onDragStart}
      onClick={() => onSelect(product)}
      title={t`Drag to chat`}
      aria-pressed={selected}
      className={cx(
        'flex w-36 flex-col overflow-hidden rounded-xl border bg-white text-start transition hover:shadow-md',
        selected ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200',
      )}
    >
      <ProductImage src={product.image} alt="" className="aspect-square w-full" />
      <span className="flex flex-col gap-0.5 p-2">
        <span className="line-clamp-2 min-h-8 text-xs leading-4 font-medium text-slate-900"><LocalText en={product.name} ar={product.nameAr} lang={lang} /></span>
        <Price value={product.price} className="text-sm font-semibold text-slate-900" />
      </span>
    </button>
  );
}
