import type { ReactNode } from 'react';
import { Button } from './Button';
import { Select } from './Field';
import { cx } from './cx';
import { Trans } from '@lingui/react/macro';

/** A row of list filters (search, selects, dates) that wraps on phones; 'Clear filters' when any is set. */
export function FilterBar({ children, onClear, canClear, label = 'Filters', className }: {
  /** The filter controls (SearchInput, FilterSelect, …). */
  children: ReactNode;
  /** Clears every filter (e.g. useListQuery's resetFilters). */
  onClear?: () => void;
  /** Shows the clear button (e.g. useListQuery's isFiltered). */
  canClear?: boolean;
  /** Accessible name of the group. */
  label?: string;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cx('flex flex-wrap items-center gap-2 sm:gap-3', className)}>
      {children}
      {onClear && canClear && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <Trans>Clear filters</Trans>
        </Button>
      )}
    </div>
  );
}

/** A compact labelled select for a FilterBar; the first option (value '') means "all". */
export function FilterSelect({ label, value, onChange, options, allLabel, className }: {
  /** Accessible name, e.g. 'Status'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices, in order. */
  options: readonly { value: string; label: string }[];
  /** Text of the '' option, e.g. 'All statuses'. */
  allLabel: string;
  /** Width classes (default: shares the row on phones, fits its text from sm). */
  className?: string;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={cx('min-w-0 flex-1 sm:w-auto sm:flex-none', className)}>
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
