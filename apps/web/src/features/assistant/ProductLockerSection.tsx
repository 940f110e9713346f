import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Stars } from '@/components/ui/Stars';
import { cx } from '@/components/ui/cx';
import { ProductImage } from '@/components/shop/ProductImage';
import { DepartmentName } from '@/components/shop/departments';
import { useProductLocker } from './ProductLocker';
import { useMsg } from '@/lib/use-msg';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { Trans, useLingui } from '@lingui/react/macro';


// The button's question stays in English: the built-in assistant reads English questions only (issue 26 item 7 is
// not done yet); the hint beside it is in the reader's language.
const COMPARE_QUESTION = 'which has better value?';

function LockIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3" />
    </svg>
  );
}

/** The Product Locker (customer spec §2): up to two products side by side, ready for a comparison question. */
export function ProductLockerSection({ message, onAsk, className }: {
  message?: string | null;
  /** Sends a comparison question to the chat. */
  onAsk?: (question: string) => void;
  className?: string;
}) {
  const { lockedProducts, max, isFull, unlock, clearAll } = useProductLocker();
  const headingId = useId();
  const { t } = useLingui();
  const lang = useContentLang();
  const MSG = useMsg();

  function onClearAll() {
    if (window.confirm(MSG.lockerClearConfirm)) clearAll();
  }

  return (
    <section aria-labelledby={headingId} className={cx('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <LockIcon className="h-5 w-5 text-amber-600" />
          {lockedProducts.length === 0 ? t`Product Locker` : t`Locked Products (${lockedProducts.length}/${max})`}
        </h2>
        {lockedProducts.length > 0 && (
          <Button variant="ghost" size="sm" onClick={onClearAll} className="text-red-700 hover:bg-red-50">
            <Trans>Clear All</Trans>
          </Button>
        )}
      </div>

      {message && (
        <p role="alert" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {message}
        </p>
      )}

      {lockedProducts.length === 0 ? (
        <div className="mt-3 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-4 text-center sm:flex-row sm:gap-3 sm:text-start">
          <LockIcon className="h-7 w-7 shrink-0 text-slate-400" />
          <div>
            <p className="text-sm font-medium text-slate-800"><Trans>No Products Locked</Trans></p>
            <p className="text-xs text-slate-500">
              <Trans>Lock up to {max} products to compare them side by side. Use the lock button on any product card.</Trans>
            </p>
          </div>
        </div>
      ) : (
        // phones: one locked product per row (picture beside its facts); three columns from sm up
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
          {lockedProducts.map(({ product }) => (
            <li key={product.id} className="relative flex min-w-0 flex-row items-start gap-2 rounded-xl border border-amber-200 bg-amber-50/40 p-2">
              <ProductImage src={product.image} alt="" className="aspect-square h-16 w-16 shrink-0 rounded-lg" />
              <button
                type="button"
                onClick={() => unlock(product.id)}
                aria-label={t`Unlock ${product.name}`}
                title={t`Unlock`}
                className="absolute top-1 end-1 inline-flex h-7 w-7 items-center justify-center rounded-full bg-white/95 text-slate-600 shadow hover:text-red-700"
              >
                <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
              <div className="flex min-w-0 flex-col gap-0.5 pe-8 text-xs">
                <span dir="auto" className="line-clamp-2 max-w-full self-start text-sm leading-snug font-medium text-slate-900" title={pickText(product.name, product.nameAr ?? '', lang)}>
                  {pickText(product.name, product.nameAr ?? '', lang)}
                </span>
                <Price value={product.price} className="font-semibold text-slate-900" />
                <span className="truncate text-slate-500 capitalize">
                  <DepartmentName name={product.category} />
                  {product.brand && <> · <bdi>{product.brand}</bdi></>}
                </span>
                {typeof product.rating === 'number' && <Stars rating={product.rating} className="mt-0.5" />}
              </div>
            </li>
          ))}
          {isFull ? (
            <li className="flex flex-col justify-center gap-1 rounded-xl border border-emerald-200 bg-emerald-50 p-2 text-xs text-emerald-900 sm:p-3">
              <p className="text-sm font-semibold"><Trans>Ready for Comparison!</Trans></p>
              <p><Trans>Ask the assistant “which has better value?” or “how do their features compare?”</Trans></p>
              {onAsk && (
                <button
                  type="button"
                  onClick={() => onAsk(COMPARE_QUESTION)}
                  className="mt-1 self-start rounded-md bg-emerald-700 px-2.5 py-1 text-xs font-medium text-white hover:bg-emerald-800"
                >
                  <Trans>Compare now</Trans>
                </button>
              )}
            </li>
          ) : (
            <li
              aria-hidden="true"
              className="flex min-h-10 items-center justify-center rounded-xl border border-dashed border-slate-300 p-2 text-center text-xs text-slate-400"
            >
              <Trans>Lock one more to compare</Trans>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
