import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

export type TabItem<V extends string> = {
  value: V;
  label: ReactNode;
  /** A count beside the label, e.g. open tickets. */
  count?: number;
  disabled?: boolean;
};

/**
 * Accessible tabs (WAI-ARIA tabs pattern): one tab stop for the whole list (roving tabindex); Left/Right arrows,
 * Home and End move and select; the children are the panel of the selected tab, labelled by it.
 */
export function Tabs<V extends string>({ label, items, value, onValueChange, children, className, panelClassName }: {
  /** Accessible name of the tab list, e.g. 'Order status'. */
  label: string;
  items: readonly TabItem<V>[];
  /** The selected tab. */
  value: V;
  onValueChange: (value: V) => void;
  /** Content of the selected tab's panel. */
  children: ReactNode;
  className?: string;
  panelClassName?: string;
}) {
  const base = useId();
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const tabId = (v: V) => `${base}-tab-${v}`;
  const panelId = `${base}-panel`;

  function onKeyDown(e: KeyboardEvent) {
    const enabled = items.filter((t) => !t.disabled);
    const at = enabled.findIndex((t) => t.value === value);
    // the arrow pointing towards the line's end moves to the next tab: right in English, left in Arabic
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const next = rtl ? 'ArrowLeft' : 'ArrowRight';
    const previous = rtl ? 'ArrowRight' : 'ArrowLeft';
    const target =
      e.key === next ? enabled[(at + 1) % enabled.length]
      : e.key === previous ? enabled[(at - 1 + enabled.length) % enabled.length]
      : e.key === 'Home' ? enabled[0]
      : e.key === 'End' ? enabled[enabled.length - 1]
      : undefined;
    if (!target) return;
    e.preventDefault();
    onValueChange(target.value);
    refs.current.get(target.value)?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {items.map((t) => {
          const selected = t.value === value;
          return (
            <button
              key={t.value}
              ref={(el) => {
                if (el) refs.current.set(t.value, el);
                else refs.current.delete(t.value);
              }}
              type="button"
              role="tab"
              id={tabId(t.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={t.disabled}
              onClick={() => onValueChange(t.value)}
              className={cx(
                '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
                selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {t.label}
              {t.count !== undefined && (
                <span className={cx('rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums', selected ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600')}>
                  {t.count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0} className={cx('focus-visible:outline-2 focus-visible:outline-brand-600', panelClassName ?? 'pt-4')}>
        {children}
      </div>
    </div>
  );
}
