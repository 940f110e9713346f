import { centsToAmount, formatMoney } from '@souq/shared/rules/money';
import { cx } from './cx';
import { Trans } from '@lingui/react/macro';

/**
 * An amount with 2 decimals in its currency, 'AED 12.50' (the shared formatMoney; without `currency`, the shop's).
 * Give `value` in major units or `cents`; a value that is not a number shows 0.00 (spec §5).
 * `compareAt` renders a struck-through former price beside it.
 */
export function Price({ value, cents, currency, compareAt, className }: {
  value?: unknown;
  cents?: unknown;
  currency?: string;
  compareAt?: unknown;
  className?: string;
}) {
  const amount = cents !== undefined ? centsToAmount(cents) : value;
  const before = Number(compareAt);
  const showBefore = compareAt !== undefined && Number.isFinite(before) && before > Number(amount);
  return (
    <span className={cx('inline-flex items-baseline gap-1.5 tabular-nums', className)}>
      <span>{formatMoney(amount, currency)}</span>
      {showBefore && (
        <s className="text-xs font-normal text-slate-400">
          <span className="sr-only"><Trans>was</Trans> </span>
          {formatMoney(compareAt, currency)}
        </s>
      )}
    </span>
  );
}
