import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_BELL_REFRESH_MS } from '@souq/shared/constants';
import type { AdminAlerts } from '@souq/shared/api/reports';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '@/components/ui/cx';
import { useAdminQuery } from './api';
import { isAdminSection, sectionTitle, type AdminSectionId } from './sections';

/** What waits, in the page's language (the server's English label is the fallback for a kind this build does not know). */
function itemLabel(item: AdminAlerts['items'][number]): string {
  if (item.kind === 'vendors_pending_review') return plural(item.count, { one: 'vendor pending review', other: 'vendors pending review' });
  if (item.kind === 'support_awaiting_staff') return plural(item.count, { one: 'support conversation awaiting a reply', other: 'support conversations awaiting a reply' });
  return item.label;
}

const BELL = 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0';

/**
 * The top bar's bell (admin §2): its badge counts what really waits for an admin (vendors pending review, support
 * conversations awaiting a reply), asked again every minute; pressing it lists them, each opening its section.
 */
export function NotificationBell({ onSelect }: { onSelect: (id: AdminSectionId) => void }) {
  const { data, isError } = useAdminQuery<AdminAlerts>(['admin-alerts'], '/api/admin/notifications/summary', { refetchInterval: ADMIN_BELL_REFRESH_MS });
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const total = data?.total ?? 0;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const label = !data ? t`Notifications` : total === 0 ? t`Notifications: nothing waiting` : t`Notifications: ${total} waiting`;
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
          <path d={BELL} />
        </svg>
        {total > 0 && (
          <span aria-hidden="true" className="absolute top-0.5 end-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] font-bold text-white tabular-nums">
            {total > 99 ? '99+' : total}
          </span>
        )}
      </button>
      {open && (
        <div id={menuId} className="absolute end-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <p className="px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase"><Trans>Waiting for you</Trans></p>
          {isError && <p className="px-2 py-2 text-sm text-red-700"><Trans>Could not load what is waiting. It will be tried again in a minute.</Trans></p>}
          {data && data.items.length === 0 && <p className="px-2 py-2 text-sm text-slate-600"><Trans>Nothing is waiting.</Trans></p>}
          <ul>
            {data?.items.map((item) => (
              <li key={item.kind}>
                <button
                  type="button"
                  disabled={!isAdminSection(item.section)}
                  onClick={() => {
                    setOpen(false);
                    if (isAdminSection(item.section)) onSelect(item.section);
                  }}
                  className={cx('flex w-full items-center justify-between gap-3 rounded-lg px-2 py-2 text-start text-sm hover:bg-slate-50', item.count === 0 && 'text-slate-500')}
                >
                  <span>
                    <span className="font-semibold text-slate-900 tabular-nums">{item.count}</span> {itemLabel(item)}
                  </span>
                  {isAdminSection(item.section) && <span className="shrink-0 text-xs text-brand-700">{sectionTitle(item.section)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
