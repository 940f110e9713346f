import { useId, type DragEvent } from 'react';
import { Price } from '@/components/ui/Price';
import { cx } from '@/components/ui/cx';
import { ProductImage } from '@/components/shop/ProductImage';
import { PRODUCT_DRAG_TYPE } from '@/lib/shop/product-ref';
import { DepartmentName, useDepartmentName } from '@/components/shop/departments';
import type { PanelProduct } from './context-rules';
import { useLingui } from '@lingui/react/macro';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';

type Props = {
  product: PanelProduct;
  selected: boolean;
  favourite: boolean;
  locked: boolean;
  onSelect: (p: PanelProduct) => void;
  onFavourite: (p: PanelProduct) => void;
  onAddToCart: (p: PanelProduct) => void;
  onLock: (p: PanelProduct) => void;
};

const paths = {
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  cart: 'M3 3h2l2.4 12.1a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6M10 21h.01M17 21h.01',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  unlock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 6.8-1.2',
};

function Icon({ d, filled = false }: { d: string; filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-lg border transition-colors';

/**
 * A featured product in the side panel: click to select (the chat locks onto it), drag into the chat, favourite,
 * add to cart, lock for comparison. The drag carries {id,name,price,image,category} as JSON.
 */
export function PanelProductCard({ product, selected, favourite, locked, onSelect, onFavourite, onAddToCart, onLock }: Props) {
  const nameId = useId();
  const { t } = useLingui();
  const departmentName = useDepartmentName();
  const lang = useContentLang();

  function onDragStart(e: DragEvent) {
    const { id, name, price, image, category } = product;
    e.dataTransfer.setData(PRODUCT_DRAG_TYPE, JSON.stringify({ id, name, price, image, category }));
    e.dataTransfer.setData('text/plain', name);
    e.dataTransfer.effectAllowed = 'copy';
  }

  return (
    <article
      aria-labelledby={nameId}
      data-product-id={product.id}
      draggable
      onDragStart={onDragStart}
      title={t`Drag to chat`}
      className={cx(
        'group flex cursor-grab items-center gap-3 rounded-xl border bg-white p-2.5 shadow-sm transition active:cursor-grabbing',
        selected ? 'border-brand-600 ring-2 ring-brand-600/25' : 'border-slate-200 hover:border-brand-500/60 hover:shadow',
      )}
    >
      <button
        type="button"
        onClick={() => onSelect(product)}
        aria-pressed={selected}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-start"
      >
        <ProductImage src={product.image} alt="" className="h-14 w-14 shrink-0 rounded-lg" />
        <span className="flex min-w-0 flex-col">
          {/* typed by the vendor: its own direction (dir=auto), so a Latin name is cut at its end in an Arabic page;
              self-start keeps the shrunk box at the line's start */}
          <span id={nameId} dir="auto" className="max-w-full self-start truncate text-sm font-medium text-slate-900 group-hover:text-brand-700">
            {pickText(product.name, product.nameAr ?? '', lang)}
          </span>
          <span className="max-w-full self-start truncate text-xs text-slate-500 capitalize"><DepartmentName name={product.category} /></span>
          <Price value={product.price} className="text-sm font-semibold text-slate-900" />
        </span>
      </button>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
        <button
          type="button"
          onClick={() => onFavourite(product)}
          aria-pressed={favourite}
          aria-label={t`Favourite`}
          aria-describedby={nameId}
          title={favourite ? t`${departmentName(product.category)} is a favourite category` : t`Favourite`}
          className={cx(iconButton, favourite ? 'border-rose-200 bg-rose-50 text-rose-600' : 'border-slate-200 text-slate-500 hover:text-rose-600')}
        >
          <Icon d={paths.heart} filled={favourite} />
        </button>
        <button
          type="button"
          onClick={() => onAddToCart(product)}
          aria-label={t`Add to cart`}
          aria-describedby={nameId}
          title={t`Add to cart`}
          className={cx(iconButton, 'border-slate-200 text-slate-500 hover:border-brand-500 hover:text-brand-700')}
        >
          <Icon d={paths.cart} />
        </button>
        <button
          type="button"
          onClick={() => onLock(product)}
          aria-label={locked ? t`Locked for comparison` : t`Lock for comparison`}
          aria-describedby={nameId}
          title={locked ? t`Locked for comparison` : t`Lock for comparison`}
          className={cx(iconButton, locked ? 'border-amber-300 bg-amber-50 text-amber-700' : 'border-slate-200 text-slate-500 hover:text-amber-700')}
        >
          <Icon d={locked ? paths.lock : paths.unlock} />
        </button>
      </div>
    </article>
  );
}
