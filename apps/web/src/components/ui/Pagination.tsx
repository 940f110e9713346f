import { pageOf, pageRangeText } from '@/lib/paging';
import { Button } from './Button';
import { cx } from './cx';
import { Trans } from '@lingui/react/macro';

function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

/**
 * Paging of a server-side list: 'Showing 1–50 of 1,234', the page number and Previous/Next buttons (native buttons,
 * so Tab and Enter work; disabled at either end). Renders nothing when the list is empty.
 */
export function Pagination({ limit, offset, total, onOffsetChange, label = 'Pagination', className }: {
  /** Page size. */
  limit: number;
  /** Index of the first row shown. */
  offset: number;
  /** All matching rows (X-Total-Count). */
  total: number;
  /** Called with the new offset when Previous or Next is pressed. */
  onOffsetChange: (offset: number) => void;
  /** Accessible name of the navigation landmark (name the list when a page has two). */
  label?: string;
  className?: string;
}) {
  if (total <= 0) return null;
  const { page, pages } = pageOf(offset, limit, total);
  return (
    <nav aria-label={label} className={cx('flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm sm:px-5', className)}>
      <p className="text-slate-600 tabular-nums" aria-live="polite">{pageRangeText(offset, limit, total)}</p>
      <div className="flex items-center gap-2">
        {pages > 1 && <span className="hidden text-slate-500 tabular-nums sm:inline"><Trans>Page {page} of {pages}</Trans></span>}
        <Button variant="secondary" size="sm" disabled={offset <= 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))} icon={<Chevron d="M12 5l-5 5 5 5" />}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={offset + limit >= total} onClick={() => onOffsetChange(offset + limit)}>
          <Trans>Next</Trans>
          <Chevron d="M8 5l5 5-5 5" />
        </Button>
      </div>
    </nav>
  );
}
