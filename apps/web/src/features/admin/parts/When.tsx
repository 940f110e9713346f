import { useLingui } from '@lingui/react/macro';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { formatDate, isLocale } from '@souq/shared/rules/locale';


/** A moment as the spec's relative time ('5 minutes ago', then a date), the exact date and time on hover. */
export function When({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useLingui();
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={formatDate(date, 'dayTime', isLocale(i18n.locale) ? i18n.locale : undefined)} className={className}>
      {formatRelativeTime(date)}
    </time>
  );
}
