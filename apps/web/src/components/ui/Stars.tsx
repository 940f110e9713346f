import { useId } from 'react';
import { cx } from './cx';

const STAR = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';

/** 5-star rating display; partial stars are filled proportionally. Announced as 'Rated N out of 5'. */
export function Stars({ rating, size = 'sm', showValue = false, className }: {
  rating: number | null | undefined;
  size?: 'sm' | 'md';
  showValue?: boolean;
  className?: string;
}) {
  const gradientBase = useId();
  const value = Math.min(5, Math.max(0, Number.isFinite(Number(rating)) ? Number(rating) : 0));
  const label = `Rated ${Math.round(value * 10) / 10} out of 5`;
  const px = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <span role="img" aria-label={label} className={cx('inline-flex items-center gap-0.5', className)}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.min(1, Math.max(0, value - i));
        const id = `${gradientBase}-${i}`;
        return (
          <svg key={i} viewBox="0 0 20 20" className={px} aria-hidden="true">
            <defs>
              <linearGradient id={id}>
                <stop offset={fill} stopColor="#f59e0b" />
                <stop offset={fill} stopColor="#cbd5e1" />
              </linearGradient>
            </defs>
            <path d={STAR} fill={`url(#${id})`} />
          </svg>
        );
      })}
      {showValue && <span className="ml-1 text-xs font-medium text-slate-600" aria-hidden="true">{value.toFixed(1)}</span>}
    </span>
  );
}
