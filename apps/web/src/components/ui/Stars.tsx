import { useId } from 'react';
import { cx } from './cx';
import { t } from '@lingui/core/macro';
import { numberFormat, readerLocale } from '@souq/shared/rules/locale';

/** One star in a 20 × 20 box, drawn from (10, 1.6) with relative steps, so it moves by changing its start. */
const STAR_STEPS = 'l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';
const STAR_SIZE = 20;
/** Star edge in CSS px by size, and the 2 px gap between stars (the row's former gap-0.5). */
const SIZES = { sm: { px: 16, className: 'h-4' }, md: { px: 20, className: 'h-5' } } as const;
const GAP_PX = 2;

/** Five stars side by side in one path (`step` = star width plus gap, in the star's units). */
function starsPath(step: number): string {
  return [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 10 + i * step;
      // the absolute L inside the star is moved as well
      return `M${x} 1.6${STAR_STEPS.replace('L10 14.9', `L${x} 14.9`).replace('L1.6 7.7', `L${1.6 + i * step} 7.7`)}`;
    })
    .join('');
}

/**
 * 5-star rating display; partial stars are filled proportionally. Announced as 'Rated N out of 5'.
 * One SVG of six elements (grey stars, and the same stars in amber clipped to the rating) rather than five SVGs with
 * a gradient each: a shelf page shows 80 ratings, and the 30 elements each took a third of its DOM.
 */
export function Stars({ rating, size = 'sm', showValue = false, className }: {
  rating: number | null | undefined;
  size?: 'sm' | 'md';
  showValue?: boolean;
  className?: string;
}) {
  const clipId = useId();
  const value = Math.min(5, Math.max(0, Number.isFinite(Number(rating)) ? Number(rating) : 0));
  // the value in the reader's language and digits (Arabic-Indic when chosen), one decimal as the spec shows it
  const shown = numberFormat(readerLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const five = numberFormat(readerLocale(), { maximumFractionDigits: 0 }).format(5);
  const label = t`Rated ${shown} out of ${five}`;
  const { px, className: height } = SIZES[size];
  const gap = (GAP_PX * STAR_SIZE) / px;
  const step = STAR_SIZE + gap;
  const width = 5 * STAR_SIZE + 4 * gap;
  // every star before the rating's whole part full, the next one filled by the fraction, the rest empty
  const whole = Math.floor(value);
  const filledTo = whole >= 5 ? width : whole * step + (value - whole) * STAR_SIZE;
  const d = starsPath(step);
  return (
    <span role="img" aria-label={label} className={cx('inline-flex items-center gap-0.5', className)}>
      {/* a part-filled star fills from the line's start: mirrored in right-to-left (the star itself is symmetric) */}
      <svg viewBox={`0 0 ${width} ${STAR_SIZE}`} className={cx(height, 'rtl:-scale-x-100')} style={{ width: (width * px) / STAR_SIZE }} aria-hidden="true">
        <clipPath id={clipId}>
          <rect width={filledTo} height={STAR_SIZE} />
        </clipPath>
        <path d={d} fill="#cbd5e1" />
        <path d={d} fill="#f59e0b" clipPath={`url(#${clipId})`} />
      </svg>
      {showValue && <span className="ms-1 text-xs font-medium text-slate-600" aria-hidden="true">{shown}</span>}
    </span>
  );
}
