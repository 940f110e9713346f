import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { SortState } from '@/lib/list-state';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { Alert } from './Alert';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { RowMenu } from './RowMenu';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';
import { cx } from './cx';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/** Hides a column on screens narrower than the breakpoint (phones keep the essential columns). */
const HIDE_BELOW = {
  sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell', '2xl': 'hidden 2xl:table-cell',
} as const;
/** Cell padding: roomy by default; `compact` for wide admin tables with many columns beside a sidebar. */
const CELLS = { comfortable: 'px-3 py-3 sm:px-5', compact: 'px-3 py-2.5' } as const;

export type DataTableColumn<Row> = {
  /** Stable id of the column; for a sortable column also the `sort` key sent to the server. */
  key: string;
  /** Header text (also the name screen readers read for each cell of the column). */
  header: ReactNode;
  /** What a cell shows. */
  cell: (row: Row) => ReactNode;
  /** 'right' for numbers and money: right-aligned with tabular figures so digits line up. */
  align?: 'left' | 'right';
  /** Hide the column below this breakpoint (put its essentials into another column's cell for phones). */
  hideBelow?: keyof typeof HIDE_BELOW;
  /** The header becomes a sort button; sorting happens on the server (onSortChange). */
  sortable?: boolean;
  /** First direction when this column becomes the sort (default 'asc'; dates and money usually 'desc'). */
  firstOrder?: SortState['order'];
  /** Extra classes of the column's cells (width, nowrap, colour). */
  className?: string;
};

export type DataTableProps<Row> = {
  /** Accessible name of the table (a visually hidden caption). */
  caption: string;
  columns: DataTableColumn<Row>[];
  /** The rows; undefined before the first answer. */
  rows: Row[] | undefined;
  /** React key of a row. */
  rowKey: (row: Row) => string | number;
  /** First load: skeleton rows in place of the body. */
  loading?: boolean;
  /** The spec's loading text (e.g. 'Loading users...'), shown with a spinner above the skeleton rows. */
  loadingLabel?: string;
  /** Number of skeleton rows (default 5). */
  skeletonRows?: number;
  /** A newer answer is on its way: the rows stay and the table says it is busy. */
  refreshing?: boolean;
  /** A failed load: an alert with the message and 'Try again' in place of the body. */
  error?: { message: string } | string | null;
  /** Title of the error alert (the spec's 'Failed to load …' text), the message goes below it. */
  errorTitle?: string;
  /** 'Try again' of the error alert. */
  onRetry?: () => void;
  /** Empty state shown when there are no rows (say why: nothing yet, or nothing matches the filters). */
  empty: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  /** Current server-side sort. */
  sort?: SortState | null;
  /** Called with the new sort when a sortable header is pressed. */
  onSortChange?: (sort: SortState) => void;
  /**
   * Buttons of a row, in a last 'Actions' column that stays in view at the table's inline end while the other
   * columns scroll beneath it. On phones they fold into a '⋯' menu (see `phoneActions`).
   */
  rowActions?: (row: Row) => ReactNode;
  /** Name of a row for its phone menu's button, e.g. (row) => `order ${row.number}` reads 'Actions for order …'. */
  rowLabel?: (row: Row) => string;
  /** Phones: 'menu' folds the actions behind a '⋯' button (default); 'inline' keeps a single small action as it is. */
  phoneActions?: 'menu' | 'inline';
  /** Makes each row open something (e.g. a detail sheet) by click, Enter or Space; inner buttons and links keep theirs. */
  onRowClick?: (row: Row) => void;
  /** Accessible description of what a row click does, e.g. (row) => `Open order ${row.number}`. */
  rowClickLabel?: (row: Row) => string;
  /** Tighter cell padding, for tables with many columns (default comfortable). */
  density?: keyof typeof CELLS;
  className?: string;
};

function SortIcon({ order }: { order: SortState['order'] | null }) {
  return (
    <svg viewBox="0 0 12 12" className={cx('h-3 w-3 shrink-0', order ? 'text-slate-700' : 'text-slate-300')} aria-hidden="true" fill="currentColor">
      {order !== 'desc' && <path d="M6 1.5 9 5H3z" />}
      {order !== 'asc' && <path d="M6 10.5 3 7h6z" />}
    </svg>
  );
}

// a click in a row's open action menu (which is inside the row in the DOM) is not a click on the row
const isInteractive = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('a,button,input,select,textarea,label,[role="button"],[role="menuitem"],[popover]');

/** The actions column: pinned to the table's inline end with an opaque background, so the actions are always in view. */
const STICKY_END = 'sticky end-0 z-[1] before:absolute before:inset-y-0 before:start-0 before:w-px before:bg-slate-100';

/**
 * A typed table for server-side lists (UI.md "Tables"): right-aligned tabular numbers, columns that fold away on
 * phones, server-side sort buttons with aria-sort, and the loading, empty and error states in place of the body.
 * Only the table scrolls sideways, inside its own keyboard-focusable scroller.
 */
export function DataTable<Row>({
  caption, columns, rows, rowKey, loading, loadingLabel, skeletonRows = 5, refreshing, error, errorTitle, onRetry, empty,
  sort, onSortChange, rowActions, rowLabel, phoneActions = 'menu', onRowClick, rowClickLabel, density = 'comfortable', className,
}: DataTableProps<Row>) {
  const CELL = CELLS[density];
  const folded = useMediaQuery(PHONE_QUERY) && phoneActions === 'menu';
  const span = columns.length + (rowActions ? 1 : 0);
  const errorText = typeof error === 'string' ? error : error?.message;
  const showError = !!errorText && !rows?.length && !loading;

  const pressSort = (col: DataTableColumn<Row>) => {
    if (!onSortChange) return;
    const order = sort?.key === col.key ? (sort.order === 'asc' ? 'desc' : 'asc') : (col.firstOrder ?? 'asc');
    onSortChange({ key: col.key, order });
  };

  const rowHandlers = (row: Row) =>
    onRowClick && {
      tabIndex: 0,
      'aria-label': rowClickLabel?.(row),
      onClick: (e: MouseEvent) => {
        if (!isInteractive(e.target)) onRowClick(row);
      },
      onKeyDown: (e: KeyboardEvent) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          onRowClick(row);
        }
      },
    };

  const fullRow = (content: ReactNode, className?: string) => (
    <tr>
      <td colSpan={span} className={cx('p-4 sm:p-5', className)}>{content}</td>
    </tr>
  );

  let body: ReactNode = null;
  // empty and error states sit under the table, as wide as the card (not as wide as a table scrolled sideways)
  let state: ReactNode = null;
  if (loading) {
    const skeleton = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={i}>
        {columns.map((c) => (
          <td key={c.key} className={cx(CELL, c.hideBelow && HIDE_BELOW[c.hideBelow])}>
            <Skeleton className={cx('h-4', c.align === 'right' ? 'ms-auto w-16' : i % 2 ? 'w-3/4' : 'w-1/2')} />
          </td>
        ))}
        {rowActions && <td className={cx(CELL, STICKY_END, 'bg-white')}><Skeleton className="ms-auto h-4 w-8 sm:w-12" /></td>}
      </tr>
    ));
    body = (
      <>
        {loadingLabel && fullRow(<Spinner label={loadingLabel} className="text-brand-600" />, 'py-3 text-slate-500 sm:py-3')}
        {skeleton}
      </>
    );
  } else if (showError) {
    state = (
      <Alert tone="error" title={errorTitle ?? errorText}>
        {errorTitle && errorText !== errorTitle && <p>{errorText}</p>}
        {onRetry && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Alert>
    );
  } else if (!rows?.length) {
    state = <EmptyState title={empty.title} description={empty.description} action={empty.action} className="border-0 bg-transparent py-8" />;
  } else {
    const actionsOf = (row: Row) => {
      const actions = rowActions?.(row);
      if (!actions) return null;
      if (!folded) return <div className="inline-flex items-center justify-end gap-1">{actions}</div>;
      return <RowMenu label={t`Actions for ${rowLabel?.(row) ?? String(rowKey(row))}`}>{actions}</RowMenu>;
    };
    body = rows.map((row) => (
      <tr
        key={rowKey(row)}
        className={cx('group hover:bg-slate-50/70', onRowClick && 'cursor-pointer focus-visible:bg-brand-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600')}
        {...rowHandlers(row)}
      >
        {columns.map((c) => (
          <td key={c.key} className={cx(CELL, c.align === 'right' && 'text-end whitespace-nowrap tabular-nums', c.hideBelow && HIDE_BELOW[c.hideBelow], c.className)}>
            {c.cell(row)}
          </td>
        ))}
        {rowActions && (
          <td className={cx(CELL, STICKY_END, 'bg-white text-end whitespace-nowrap group-hover:bg-slate-50', folded && 'py-1 ps-1 pe-1')}>
            {actionsOf(row)}
          </td>
        )}
      </tr>
    ));
  }

  return (
    // w-0 min-w-full: the table never widens its card (or a grid/flex cell holding it); only its scroller scrolls.
    // `relative` keeps sr-only (absolute) text inside the scroller, else it would widen the page.
    <div className={cx('w-0 min-w-full', className)}>
      <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
        <table className="w-full text-start text-sm" aria-busy={loading || refreshing || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((c) => {
                const active = sort?.key === c.key ? sort.order : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={c.sortable ? (active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none') : undefined}
                    className={cx(CELL, 'whitespace-nowrap', c.align === 'right' && 'text-end', c.hideBelow && HIDE_BELOW[c.hideBelow])}
                  >
                    {c.sortable && onSortChange ? (
                      <button
                        type="button"
                        onClick={() => pressSort(c)}
                        className={cx('-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-800', c.align === 'right' && 'flex-row-reverse')}
                      >
                        {c.header}
                        <SortIcon order={active} />
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" className={cx(CELL, STICKY_END, 'bg-slate-50 text-end', folded && 'ps-1 pe-1')}>
                  <span className="sr-only sm:not-sr-only"><Trans>Actions</Trans></span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className={cx('divide-y divide-slate-100 transition-opacity', refreshing && 'opacity-60')}>{body}</tbody>
        </table>
      </div>
      {state && <div className="border-t border-slate-100 p-4 sm:p-5">{state}</div>}
    </div>
  );
}
