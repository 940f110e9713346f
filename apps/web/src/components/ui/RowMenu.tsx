import { useId, useRef, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { t } from '@lingui/core/macro';

/**
 * A row's actions folded behind one '⋯' button (phones, as Shopify admin does): the actions open in a popover in
 * the top layer, so no scroller clips them, placed below the button (above it when there is no room) by CSS anchor
 * positioning; Escape or a click elsewhere closes it (the browser's popover light dismiss), and so does an action.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  // an anchor name is a dashed ident: useId's punctuation is dropped
  const anchor = `--row-menu-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const id = `${anchor.slice(2)}-actions`;
  const popover = useRef<HTMLDivElement>(null);

  const closeAfterAction = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('button,a')) popover.current?.hidePopover();
  };

  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label={label}
        title={t`Actions`}
        style={{ anchorName: anchor } as CSSProperties}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </button>
      <div
        ref={popover}
        id={id}
        popover="auto"
        role="group"
        aria-label={label}
        onClick={closeAfterAction}
        style={{ positionAnchor: anchor, positionArea: 'block-end span-inline-start', positionTryFallbacks: 'flip-block' } as CSSProperties}
        className={cx(
          // the popover's default centring (inset 0, margin auto) gives way to the anchor's placement
          'm-0 mbs-1 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-start shadow-lg [inset:auto]',
          'flex-col items-stretch gap-0.5 open:flex [&_button]:w-full [&_button]:justify-start [&_button]:gap-2 [&_button]:px-3',
        )}
      >
        {children}
      </div>
    </>
  );
}
