import { BADGE_TONES, statusBadge, type StatusKind, type StatusOf } from '@/lib/status-badges';
import { cx } from './cx';

/**
 * A status pill with the spec's words and colour, e.g. <StatusBadge kind="order" status="shipped" />.
 * `status` is typed per kind; a plain string from the server is accepted too and unknown values read as themselves.
 */
export function StatusBadge<K extends StatusKind>({ kind, status, className }: {
  /** The badge family: order, vendor, product, support, chat or priority. */
  kind: K;
  /** The status value as the API sends it ('pending', 'verified', …). */
  status: StatusOf<K> | (string & {});
  className?: string;
}) {
  const { label, tone } = statusBadge(kind, status);
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', BADGE_TONES[tone], className)}>
      {label}
    </span>
  );
}
