import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

const PANE = 'min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm';

/**
 * A list and the selected item's detail side by side on wide screens; on phones one at a time (the detail has a
 * back button). Used by the support inbox and the live chat monitor.
 */
export function InboxPanes({ list, detail, showingDetail }: { list: ReactNode; detail: ReactNode; showingDetail: boolean }) {
  return (
    <div className="grid min-h-[34rem] gap-4 lg:grid-cols-[minmax(18rem,22rem)_1fr]">
      <div className={cx(PANE, showingDetail ? 'hidden lg:flex' : 'flex')}>{list}</div>
      <div className={cx(PANE, showingDetail ? 'flex' : 'hidden lg:flex')}>{detail}</div>
    </div>
  );
}

/** One row of an inbox list: a button that opens the item, marked as the current one when selected. */
export function InboxRow({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cx('flex w-full flex-col gap-1 px-4 py-3 text-start hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none', selected && 'bg-brand-50 hover:bg-brand-50')}
      >
        {children}
      </button>
    </li>
  );
}
