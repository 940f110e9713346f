import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { pickText } from '@souq/shared/rules/content-lang';
import { useContentLang } from '@/lib/content-lang';
import { useShelves } from '@/lib/shop/catalogue-api';
import { ProductCard } from './ProductCard';
import { Shelf } from './Shelf';
import { refFromShelfItem, type ProductRef } from '@/lib/shop/product-ref';

/** Shelves rendered with the first paint; the rest follow as the reader scrolls toward them. */
const FIRST_SHELVES = 2;
/** Shelves added per update: each update's commit (DOM insertion, style) is one task, so it is kept small. */
const SHELVES_PER_STEP = 2;
/** How far below the screen the next shelves start to render: about a shelf ahead, so a scroll meets them drawn. */
const APPROACH_MARGIN = '400px 0px';

/**
 * The storefront's curated shelves from GET /api/shelves (16 × 5 in the demo data). Rendering all 80 cards at once
 * blocked the main thread for half a second on a phone (Lighthouse TBT); the first shelves come at once and the
 * others a few at a time, in transitions (React renders them in small slices between the browser's own work), when
 * the reader comes within a screen or so of the last one drawn: a visit that never scrolls does not pay for cards it
 * never sees (a slow phone's start-up was 5 s of main-thread work, issue 34 item 15). Without IntersectionObserver
 * they all follow at once, a few per transition.
 * Memoised: its page re-renders when answers it does not show arrive (the catalogue for the chat's product names,
 * after the first paint), and drawing 80 cards again then was one long task (decision 0071).
 */
export const ShelfList = memo(function ShelfList({ onOpen, onAdd, selectedId }: {
  onOpen: (p: ProductRef) => void;
  onAdd: (p: ProductRef) => void;
  selectedId?: number | null;
}) {
  const shelves = useShelves();
  const { t } = useLingui();
  const lang = useContentLang();
  const [shown, setShown] = useState(FIRST_SHELVES);
  const end = useRef<HTMLDivElement>(null);
  const total = shelves.data?.length ?? 0;
  const more = shelves.isSuccess && shown < total;
  useEffect(() => {
    const el = end.current;
    if (!more || !el) return;
    const step = () => startTransition(() => setShown((n) => n + SHELVES_PER_STEP));
    if (typeof IntersectionObserver === 'undefined') return step();
    // a new observer after each step: its first report is measured on the page as it now is, so a step that pushed
    // the end out of reach stops, and one that left it near goes on
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      step();
    }, { rootMargin: APPROACH_MARGIN });
    io.observe(el);
    return () => io.disconnect();
  }, [more, shown]);
  if (shelves.isPending) {
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner label={t`Loading shelves…`} />
      </div>
    );
  }
  if (shelves.isError) return <Alert tone="error">{shelves.error.message}</Alert>;
  return (
    <div className="flex flex-col gap-8">
      {shelves.data
        .filter((s) => s.items.length > 0)
        .slice(0, shown)
        .map((shelf, i) => (
          <Shelf key={shelf.id} title={pickText(shelf.title, shelf.title_ar, lang)} deferPaint={i >= FIRST_SHELVES}>
            {shelf.items.map((item, j) => {
              const p = refFromShelfItem(item);
              return <ProductCard key={item.id} product={p} onOpen={onOpen} onAdd={onAdd} selected={selectedId === item.id} eager={i === 0 && j < 3} />;
            })}
          </Shelf>
        ))}
      {more && <div ref={end} aria-hidden="true" data-testid="shelves-more" className="h-px" />}
    </div>
  );
});
