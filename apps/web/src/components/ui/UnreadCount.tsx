import { cx } from './cx';
import { Trans } from '@lingui/react/macro';

/** A red count of unread messages (nothing when zero); screen readers hear "N unread". */
export function UnreadCount({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={cx('inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white', className)}>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> <Trans>unread</Trans></span>
    </span>
  );
}
