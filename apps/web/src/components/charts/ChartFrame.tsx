import { Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { cx } from '@/components/ui/cx';

export type ChartFrameProps = {
  /** Title above the chart; also the caption of the screen-reader table. */
  title: ReactNode;
  /** One line under the title, e.g. 'Last 30 days'. */
  description?: ReactNode;
  /** Height of the drawing in px. */
  height?: number;
  /** Skeleton in place of the chart. */
  loading?: boolean;
  /** Empty state when there is no data. */
  empty?: { title: ReactNode; description?: ReactNode };
  className?: string;
};

/**
 * The light part of every chart: a card with title, the loading and empty states, a visually hidden data table for
 * screen readers, and the SVG drawing (hidden from them) loaded lazily inside Suspense with a skeleton.
 */
export function ChartFrame({ title, description, height, loading, empty, className, hasData, table, children }: ChartFrameProps & {
  height: number;
  hasData: boolean;
  /** The rows of the screen-reader table: [label, formatted value]. */
  table: { labelHeader: string; valueHeader: string; rows: [string, string][] };
  /** The lazy drawing. */
  children: ReactNode;
}) {
  const { t } = useLingui();
  const skeleton = (
    <div style={{ height }}>
      <Skeleton className="h-full w-full rounded-xl" />
    </div>
  );
  return (
    <figure className={cx('min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)} aria-busy={loading || undefined}>
      <figcaption className="mb-4">
        <p className="text-base font-semibold text-slate-900">{title}</p>
        {description && <p className="text-sm text-slate-500">{description}</p>}
      </figcaption>
      {loading ? (
        skeleton
      ) : !hasData ? (
        <EmptyState title={empty?.title ?? t`No data for this period`} description={empty?.description} className="py-8" />
      ) : (
        <>
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{table.labelHeader}</th>
                <th scope="col">{table.valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([label, value], i) => (
                <tr key={i}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div aria-hidden="true" style={{ height }}>
            <Suspense fallback={skeleton}>{children}</Suspense>
          </div>
        </>
      )}
    </figure>
  );
}
