import { Trans } from '@lingui/react/macro';
import { formatDate } from '@souq/shared/rules/locale';
import { useLocale } from '@/lib/use-locale';
import { cx } from '@/components/ui/cx';

/** The dates of a promise in the page's language (Gregorian in Arabic too): 'Tue, Dec 2 – Thu, Dec 4'. */
export function usePromiseText() {
  const locale = useLocale();
  return (p: { earliest: string; latest: string }) => {
    const from = formatDate(p.earliest, 'weekdayDay', locale);
    return p.earliest === p.latest ? from : `${from} – ${formatDate(p.latest, 'weekdayDay', locale)}`;
  };
}

/** "Arrives Tue, Dec 2 – Thu, Dec 4" (decision 0151): at checkout per seller, on the order page, to the vendor. */
export function PromiseLine({ promise, className, placed = false }: { promise: { earliest: string; latest: string }; className?: string; placed?: boolean }) {
  const text = usePromiseText()(promise);
  return (
    <span className={cx('block text-xs font-medium text-emerald-800', className)}>
      {placed ? <Trans>Promised: arrives <bdi>{text}</bdi></Trans> : <Trans>Arrives <bdi>{text}</bdi></Trans>}
    </span>
  );
}
