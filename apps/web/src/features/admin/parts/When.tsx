import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { formatDate } from '@souq/shared/rules/locale';


/** A moment as the spec's relative time ('5 minutes ago', then a date), the exact date and time on hover. */
export function When({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatDate(date, 'dayTime')} className={className}>
      {formatRelativeTime(date)}
    </time>
  );
}
