import type { ReactNode } from 'react';
import { cx } from './cx';

/** A titled group of fields in a long form (fieldset + legend), laid out in two columns from `sm` up. */
export function FormSection({ title, description, children, className }: { title: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cx('min-w-0 border-t border-slate-200 pt-5 first:border-t-0 first:pt-0', className)}>
      <legend className="float-start w-full text-sm font-semibold text-slate-900">{title}</legend>
      {description && <p className="clear-both pt-1 text-xs text-slate-500">{description}</p>}
      <div className="clear-both grid gap-4 pt-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** 'n / max' under a text field with a length limit; amber near the limit. */
export function LengthHint({ value, max, children }: { value: string; max: number; children?: ReactNode }) {
  const near = value.length >= max * 0.9;
  return (
    <span className="flex justify-between gap-2">
      <span>{children}</span>
      {/* 'typed / allowed' reads left to right in both directions (in a right-to-left field it would flip to 'allowed / typed') */}
      <span dir="ltr" className={cx('tabular-nums', near ? 'font-medium text-amber-700' : 'text-slate-500')}>
        {value.length} / {max}
      </span>
    </span>
  );
}
