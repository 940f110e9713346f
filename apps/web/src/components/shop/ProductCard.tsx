import { useRef, type DragEvent, type PointerEvent } from 'react';
import { CARD_TILT_MAX_DEG, PRODUCT_CARD_WIDTH_PX } from '@souq/shared/constants';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/use-locale';
import { formatCount } from '@souq/shared/rules/locale';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Stars } from '@/components/ui/Stars';
import { cx } from '@/components/ui/cx';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { ProductImage } from './ProductImage';
import { OfferPrice } from './DealPrice';
import { setProductDragData, type ProductRef } from '@/lib/shop/product-ref';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Product card (admin spec "Product card and shelf"): 280 px, image with placeholder, optional badge, title,
 * 2-decimal price, optional stars, Add to Cart. Tilts up to 16° toward a mouse pointer, never under reduced motion.
 */
export function ProductCard({ product, onOpen, onAdd, selected = false, draggable = false, eager = false }: {
  product: ProductRef;
  onOpen: (product: ProductRef) => void;
  onAdd: (product: ProductRef) => void;
  selected?: boolean;
  /** Lets the card be dragged into the chat (not on shelves, where dragging scrolls). */
  draggable?: boolean;
  eager?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);

  // The transform is written straight to the element: re-rendering 80 cards per pointer move would stutter.
  function tilt(e: PointerEvent<HTMLElement>) {
    const el = ref.current;
    if (!el || e.pointerType !== 'mouse' || e.buttons !== 0 || reducedMotion()) return;
    const r = el.getBoundingClientRect();
    const x = (e.clientX - r.left) / r.width - 0.5;
    const y = (e.clientY - r.top) / r.height - 0.5;
    const ry = Math.max(-1, Math.min(1, x * 2)) * CARD_TILT_MAX_DEG;
    const rx = -Math.max(-1, Math.min(1, y * 2)) * CARD_TILT_MAX_DEG;
    el.style.transform = `perspective(900px) rotateX(${rx.toFixed(2)}deg) rotateY(${ry.toFixed(2)}deg)`;
  }
  function resetTilt() {
    if (ref.current) ref.current.style.transform = '';
  }

  const onDragStart = (e: DragEvent) => setProductDragData(e.dataTransfer, product);
  const lang = useContentLang();
  const name = pickText(product.name, product.nameAr ?? '', lang);
  const { t } = useLingui();
  const locale = useLocale();
  const reviews = product.reviewCount ?? 0;
  const reviewCount = formatCount(reviews, locale);

  return (
    <article
      ref={ref}
      data-product-id={product.id}
      aria-label={name}
      style={{ width: PRODUCT_CARD_WIDTH_PX }}
      onPointerMove={tilt}
      onPointerLeave={resetTilt}
      onClick={() => onOpen(product)}
      draggable={draggable || undefined}
      onDragStart={draggable ? onDragStart : undefined}
      title={draggable ? t`Drag to chat` : undefined}
      className={cx(
        'group relative flex shrink-0 cursor-pointer snap-start flex-col overflow-hidden rounded-2xl border bg-white shadow-sm',
        'transition-[transform,box-shadow] duration-200 ease-out will-change-transform hover:shadow-lg',
        selected ? 'border-brand-600 ring-2 ring-brand-600/40' : 'border-slate-200',
      )}
    >
      <div className="relative">
        <ProductImage src={product.image} alt="" eager={eager} className="aspect-[4/3] w-full" />
        {product.badge && (
          <span className="absolute top-3 start-3 rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-semibold text-amber-950 shadow-sm">
            <LocalText en={product.badge} ar={product.badgeAr} lang={lang} />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold text-slate-900">
          {/* The title is the card's keyboard target; the whole card is also clickable for the pointer. */}
          <button type="button" className="text-start hover:underline focus-visible:underline" onClick={(e) => (e.stopPropagation(), onOpen(product))}>
            <LocalText en={product.name} ar={product.nameAr} lang={lang} />
          </button>
        </h3>
        {product.rating != null && product.rating > 0 && (
          <span className="flex items-center gap-1">
            <Stars rating={product.rating} showValue />
            {reviews ? <span className="text-xs text-slate-500">({plural(reviews, { one: `${reviewCount} review`, other: `${reviewCount} reviews` })})</span> : null}
          </span>
        )}
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          {/* a product with options chosen shows their price; otherwise the price charged now (a deal, an honest was price) */}
          {product.variants ? (
            <Price value={product.price} className="text-lg font-bold text-slate-900" />
          ) : (
            <OfferPrice productId={product.id} price={product.price} variant="card" className="text-lg font-bold text-slate-900" />
          )}
          <Button
            size="sm"
            aria-label={t`Add to Cart: ${name}`}
            onClick={(e) => {
              e.stopPropagation();
              onAdd(product);
            }}
          >
            <Trans>Add to Cart</Trans>
          </Button>
        </div>
      </div>
    </article>
  );
}
