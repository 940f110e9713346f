import { centsToAmount, formatCurrency, formatMoney } from '@souq/shared/rules/money';
import { cx } from './cx';

/**
 * An amount with 2 decimals: '$12.50' by default (customer cart, checkout, admin), or 'AED 12.50' with `currency`.
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
  const format = (v: unknown) => (currency ? formatCurrency(v, currency) : formatMoney(v));
  const before = Number(compareAt);
  const showBefore = compareAt !== undefined && Number.isFinite(before) && before > Number(amount);
  return (
    <span className={cx('inline-flex items-baseline gap-1.5 tabular-nums', className)}>
      <span>{format(amount)}</span>
      {showBefore && (
        <s className="text-xs font-normal text-slate-400">
          <span className="sr-only">was </span>
          {format(compareAt)}
        </s>
      )}
    </span>
  );
}
