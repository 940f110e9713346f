import { useMsg } from '@/lib/use-msg';
import { useEffect, useId, useRef, useState } from 'react';
import { RECOMMENDATIONS_BLOCK_COUNT } from '@souq/shared/constants';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { EmptyState } from '@/components/ui/EmptyState';
import { cx } from '@/components/ui/cx';
import { useCart } from '@/lib/shop/cart-store';
import { ProductImage } from '@/components/shop/ProductImage';
import { tracker } from '@/lib/tracking/tracker';
import { useTrackingUserId } from '@/lib/tracking/useTrackingUserId';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { useRecommendations, type ShownRecommendation } from '@/lib/shop/recommendations-api';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/** What View Details hands to the page (the same small product shape the chat and shelves pass around). */
export type RecommendedProduct = { id: number; name: string; nameAr?: string; price: number; image: string | null; category: string };

export type PersonalizedBlockProps = {
  /** Defaults to the signed-in user, else this browser's anonymous tracking id. */
  userId?: string;
  /** Opens the product (the page's product detail view). */
  onViewDetails?: (product: RecommendedProduct) => void;
  className?: string;
};

const SOURCE = 'recommendations';
const NOTICE_MS = 3000;

const toProduct = (r: ShownRecommendation): RecommendedProduct => ({
  id: Number(r.itemId),
  name: r.itemName,
  nameAr: r.itemNameAr,
  price: r.itemPrice,
  image: r.itemImage,
  category: r.itemCategory,
});

/** 'Personalized for You' (customer spec §2 "Personalized recommendations block"). */
export function PersonalizedBlock({ userId: givenUserId, onViewDetails, className }: PersonalizedBlockProps) {
  const msg = useMsg();
  const ownId = useTrackingUserId();
  const userId = givenUserId ?? ownId;
  const headingId = useId();
  const query = useRecommendations(userId, RECOMMENDATIONS_BLOCK_COUNT);
  const add = useCart((s) => s.add);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  function track(eventType: 'click' | 'add_to_cart', r: ShownRecommendation, extra: Record<string, unknown> = {}) {
    tracker.init();
    tracker.track(eventType, r.itemId, { source: SOURCE, productName: r.itemName, ...extra });
  }

  function addToCart(r: ShownRecommendation) {
    const quantity = 1;
    add({ id: Number(r.itemId), name: r.itemName, price: r.itemPrice, image: r.itemImage }, quantity);
    track('add_to_cart', r, { quantity, price: r.itemPrice });
    setNotice(msg.homeAddedToCart(quantity));
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }

  function viewDetails(r: ShownRecommendation) {
    track('click', r);
    onViewDetails?.(toProduct(r));
  }

  const items = query.data?.items ?? [];
  const refreshing = query.isFetching && !query.isPending;

  return (
    <section aria-labelledby={headingId} className={cx('@container rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M10 1.5l1.9 4.6 4.9.4-3.7 3.2 1.1 4.8L10 12l-4.2 2.5 1.1-4.8-3.7-3.2 4.9-.4z" />
            </svg>
          </span>
          <h2 id={headingId} className="truncate text-lg font-semibold text-slate-900">
            <Trans>Personalized for You</Trans>
          </h2>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={refreshing} disabled={query.isPending}>
          <Trans>Refresh</Trans>
        </Button>
      </div>

      {notice && (
        <p role="status" className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {notice}
        </p>
      )}

      {query.isPending ? (
        <div className="flex justify-center py-10 text-slate-500">
          <Spinner label={t`Loading recommendations...`} />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center">
          <p className="font-medium text-red-800">{msg.recommendationsUnavailable}</p>
          <p className="text-sm text-red-700">{query.error.message || msg.recommendationsFailed}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()} loading={query.isFetching}>
            <Trans>Try Again</Trans>
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState title={msg.noRecommendations} description={t`Browse and add products to your cart to get suggestions tailored to you.`} />
      ) : (
        // columns follow the block's own width: the host page decides how wide it is
        <ul className="grid grid-cols-2 gap-3 @lg:grid-cols-3 @2xl:grid-cols-4">
          {items.map((r) => (
            <li key={r.itemId}>
              <RecommendationCard r={r} onAdd={addToCart} onView={viewDetails} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecommendationCard({ r, onAdd, onView }: { r: ShownRecommendation; onAdd: (r: ShownRecommendation) => void; onView: (r: ShownRecommendation) => void }) {
  const match = Math.round(Math.min(1, Math.max(0, r.score)) * 100);
  // a price that is not a number means nothing sensible to put in the cart
  const priced = Number.isFinite(r.itemPrice);
  const nameId = useId();
  const lang = useContentLang();
  return (
    <article aria-labelledby={nameId} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        <ProductImage src={r.itemImage} alt="" className="h-full w-full" />
        <span className="absolute top-2 start-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white shadow-sm">
          <Trans>{match}% match</Trans>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <span className="truncate text-xs tracking-wide text-slate-500 uppercase">
          <LocalText en={r.itemCategory} ar={r.itemCategoryAr} lang={lang} />
        </span>
        <h3 id={nameId} className="line-clamp-2 text-sm font-medium text-slate-900" title={pickText(r.itemName, r.itemNameAr, lang)}>
          <LocalText en={r.itemName} ar={r.itemNameAr} lang={lang} />
        </h3>
        {priced && <Price value={r.itemPrice} className="text-sm font-semibold text-slate-900" />}
        <div className="mt-auto flex flex-col gap-1.5 pt-2">
          <Button size="sm" onClick={() => onAdd(r)} disabled={!priced} aria-describedby={nameId}>
            <Trans>Add to Cart</Trans>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onView(r)} aria-describedby={nameId}>
            <Trans>View Details</Trans>
          </Button>
        </div>
      </div>
    </article>
  );
}

export default PersonalizedBlock;
