import { lazy, Suspense, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CUBE_GRID_MAX } from '@souq/shared/constants';
import type { Product } from '@souq/shared/api/catalogue';
import { apiList } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { useAddToCart } from '@/lib/shop/actions';
import { ProductImage } from '@/components/shop/ProductImage';
import { refFromProduct, type ProductRef } from '@/lib/shop/product-ref';
import { track } from '@/lib/shop/track';
import { DemoHeader } from './DemoHeader';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';

const ProductDetailDialog = lazy(() => import('@/components/shop/ProductDetailDialog'));

const START = { x: -18, y: 24 };
const STEP = 30;
/** Side colours of each small cube (the classic cube's faces). */
const SIDES = [
  { t: 'rotateY(90deg)', c: '#ef4444' },
  { t: 'rotateY(-90deg)', c: '#f97316' },
  { t: 'rotateX(90deg)', c: '#facc15' },
  { t: 'rotateX(-90deg)', c: '#3b82f6' },
  { t: 'rotateY(180deg)', c: '#22c55e' },
];

/** /rubiks-cube: up to 9 products on the face of a 3D cube built from CSS transforms (customer spec §9). */
export default function RubiksCubePage() {
  // the products' names in the shopper's language, as the shelves show them
  const lang = useContentLang();
  const products = useQuery({
    queryKey: ['catalogue', 'cube'],
    queryFn: ({ signal }) => apiList<Product>(`/api/products?limit=${CUBE_GRID_MAX}`, { auth: 'none', signal }),
  });
  const [angle, setAngle] = useState(START);
  const [detail, setDetail] = useState<ProductRef | null>(null);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; y: number; from: typeof START; moved: boolean } | null>(null);
  const addToCart = useAddToCart();

  const items = (products.data?.items ?? []).slice(0, CUBE_GRID_MAX).map(refFromProduct);
  const total = products.data?.total ?? 0;
  const cells: (ProductRef | null)[] = Array.from({ length: CUBE_GRID_MAX }, (_, i) => items[i] ?? null);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    drag.current = { x: e.clientX, y: e.clientY, from: angle, moved: false };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 5) return;
    if (!d.moved) {
      e.currentTarget.setPointerCapture(e.pointerId);
      setDragging(true);
    }
    d.moved = true;
    setAngle({ x: Math.max(-80, Math.min(80, d.from.x - dy * 0.4)), y: d.from.y + dx * 0.4 });
  }
  function onPointerUp() {
    const d = drag.current;
    drag.current = null;
    setDragging(false);
    if (d?.moved) {
      // the click that ends a rotation must not open a product
      const swallow = (ev: Event) => (ev.stopPropagation(), ev.preventDefault());
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
    }
  }

  function open(p: ProductRef) {
    track('click', p.id, { source: 'cube_demo' });
    track('view', p.id, { name: p.name });
    setDetail(p);
  }

  const rotate = (dx: number, dy: number) => setAngle((a) => ({ x: Math.max(-80, Math.min(80, a.x + dx)), y: a.y + dy }));

  return (
    <div className="min-h-dvh">
      <DemoHeader title={t`Rubik's Cube Product Grid`} />
      <main className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-6 sm:px-6 sm:py-10">
        {products.isPending ? (
          <Spinner label={t`Loading products...`} />
        ) : products.isError ? (
          <Alert tone="error">{products.error.message}</Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600" role="status">
              <Trans>Showing {items.length} of {total} products</Trans>
            </p>
            <div
              className="flex w-full touch-none justify-center py-6 select-none [perspective:1200px] sm:py-12"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              <ul
                aria-label={t`Products`}
                className={`grid cursor-grab grid-cols-3 gap-2 ${dragging ? '' : 'transition-transform duration-300 ease-out'} [--d:96px] [transform-style:preserve-3d] active:cursor-grabbing sm:gap-3 sm:[--d:168px]`}
                style={{ transform: `rotateX(${angle.x}deg) rotateY(${angle.y}deg)` }}
              >
                {cells.map((p, i) => (
                  <li key={p?.id ?? `empty-${i}`} className="relative h-[var(--d)] w-[var(--d)] [transform-style:preserve-3d]">
                    {SIDES.map((s) => (
                      <span
                        key={s.t}
                        aria-hidden="true"
                        className="absolute inset-0 rounded-lg border border-black/20"
                        style={{ transform: `${s.t} translateZ(calc(var(--d) / 2))`, background: s.c } as CSSProperties}
                      />
                    ))}
                    <div className="absolute inset-0 [transform:translateZ(calc(var(--d)/2))]">
                      {p ? (
                        <button
                          type="button"
                          onClick={() => open(p)}
                          className="group relative block h-full w-full overflow-hidden rounded-lg border-2 border-white bg-white text-start shadow-md"
                          aria-label={t`${pickText(p.name, p.nameAr ?? '', lang)}, view details`}
                        >
                          <ProductImage src={p.image} alt="" eager className="h-full w-full" />
                          <span className="absolute inset-x-0 bottom-0 flex flex-col bg-gradient-to-t from-black/80 via-black/50 to-transparent px-2 pt-6 pb-1.5 text-white">
                            <bdi className="line-clamp-2 text-[10px] leading-tight font-medium sm:text-xs">{pickText(p.name, p.nameAr ?? '', lang)}</bdi>
                            <Price value={p.price} className="text-[11px] font-semibold sm:text-sm" />
                          </span>
                        </button>
                      ) : (
                        <div className="flex h-full w-full items-center justify-center rounded-lg border-2 border-white bg-slate-100 p-2 text-center text-[10px] font-medium text-slate-500 shadow-md sm:text-sm">
                          <Trans>Product Coming Soon</Trans>
                        </div>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap justify-center gap-2" aria-label={t`Rotate the cube`}>
              <Button variant="secondary" size="sm" onClick={() => rotate(0, -STEP)}>
                <Trans>← Rotate left</Trans>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => rotate(STEP, 0)}>
                <Trans>↑ Tilt up</Trans>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => rotate(-STEP, 0)}>
                <Trans>↓ Tilt down</Trans>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => rotate(0, STEP)}>
                <Trans>Rotate right →</Trans>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setAngle(START)}>
                <Trans>Reset view</Trans>
              </Button>
            </div>
            <p className="text-xs text-slate-500"><Trans>Drag the cube to turn it; select a product to see its details.</Trans></p>
          </>
        )}
      </main>
      <Suspense fallback={null}>
        {detail && (
          <ProductDetailDialog
            product={detail}
            onClose={() => setDetail(null)}
            onAdd={(p) => addToCart(p, 1, 'cube_demo')}
          />
        )}
      </Suspense>
    </div>
  );
}
