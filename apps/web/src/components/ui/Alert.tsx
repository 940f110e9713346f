import type { ReactNode } from 'react';
import { cx } from './cx';
import { t } from '@lingui/core/macro';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

/**
 * Inline message. Errors use role=alert (announced at once); the other tones use role=status (polite).
 * Renders nothing for empty content, so `<Alert tone="error">{error}</Alert>` can stay in the tree.
 */
export function Alert({ tone = 'error', title, children, className, onDismiss }: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  onDismiss?: () => void;
}) {
  if (!children && !title) return null;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}>
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : undefined}>{children}</div>}
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label={t`Dismiss`} className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M5 5l10 10M15 5L5 15" />
          </svg>
        </button>
      )}
    </div>
  );
}
