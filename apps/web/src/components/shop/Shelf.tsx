import { useRef, type PointerEvent, type ReactNode } from 'react';
import { SHELF_SCROLL_STEP_PX } from '@souq/shared/constants';
import { useLingui } from '@lingui/react/macro';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
/** Movement (px) after which a press is a drag, not a click. */
const DRAG_THRESHOLD = 5;

function Arrow({ dir }: { dir: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={dir === 'left' ? 'M12 5l-5 5 5 5' : 'M8 5l5 5-5 5'} />
    </svg>
  );
}

/**
 * A titled horizontal scroller (admin spec "Product card and shelf"): left/right buttons move 304 px, a mouse drag
 * scrolls, and cards snap. Touch scrolls natively.
 */
export function Shelf({ title, children, deferPaint = false }: {
  title: string;
  children: ReactNode;
  /**
   * Off screen, skip the shelf's layout and paint until it nears the viewport (`content-visibility: auto`): the
   * cards stay in the page (find, focus, scroll-to and assistive technology reach them), the browser only does
   * not lay them out yet. The reserved height is a shelf's (heading and one row of cards).
   */
  deferPaint?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { t } = useLingui();
  const drag = useRef<{ x: number; left: number; moved: boolean; id: number } | null>(null);

  // dx is towards the line's end: in a right-to-left page the end is on the left, where scrollLeft goes negative
  const scrollBy = (dx: number) => {
    const el = scroller.current;
    if (!el) return;
    const towardsEnd = getComputedStyle(el).direction === 'rtl' ? -dx : dx;
    el.scrollBy({ left: towardsEnd, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.pointerType !== 'mouse' || e.button !== 0 || !scroller.current) return;
    drag.current = { x: e.clientX, left: scroller.current.scrollLeft, moved: false, id: e.pointerId };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    const el = scroller.current;
    if (!d || !el) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      el.setPointerCapture(d.id);
      // Snapping fights a manual drag; it comes back on release and settles on the nearest card.
      el.style.scrollSnapType = 'none';
      el.style.cursor = 'grabbing';
    }
    el.scrollLeft = d.left - dx;
  }
  function endDrag() {
    const el = scroller.current;
    const d = drag.current;
    drag.current = null;
    if (!el || !d?.moved) return;
    el.style.scrollSnapType = '';
    el.style.cursor = '';
    if (el.hasPointerCapture(d.id)) el.releasePointerCapture(d.id);
    // The click that ends a drag must not open a product.
    const swallow = (ev: Event) => (ev.stopPropagation(), ev.preventDefault());
    el.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => el.removeEventListener('click', swallow, { capture: true }), 0);
  }

  return (
    <section aria-label={title} className={deferPaint ? 'min-w-0 [contain-intrinsic-size:auto_420px] [content-visibility:auto]' : 'min-w-0'}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900"><bdi dir="auto">{title}</bdi></h2>
        <div className="flex gap-1.5">
          <button
            type="button"
            onClick={() => scrollBy(-SHELF_SCROLL_STEP_PX)}
            aria-label={t`Scroll ${title} left`}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <Arrow dir="left" />
          </button>
          <button
            type="button"
            onClick={() => scrollBy(SHELF_SCROLL_STEP_PX)}
            aria-label={t`Scroll ${title} right`}
            className="inline-flex h-9 w-9 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <Arrow dir="right" />
          </button>
        </div>
      </div>
      <div
        ref={scroller}
        data-testid="shelf-scroller"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-6 overflow-x-auto px-1 pt-1 pb-4 [scrollbar-width:thin] select-none"
      >
        {children}
      </div>
    </section>
  );
}
