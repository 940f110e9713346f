import { formatRelativeTime } from '@souq/shared/rules/relative-time';

const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the spec's relative time ('5 minutes ago', then a date), the exact date and time on hover. */
export function When({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exact.format(date)} className={className}>
      {formatRelativeTime(date)}
    </time>
  );
}

/** A calendar date ('Mar 5, 2025'), e.g. a sign-up date. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
