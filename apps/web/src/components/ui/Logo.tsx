import { Link } from 'react-router';
import { cx } from './cx';
import { t } from '@lingui/core/macro';

/** The Souq mark (a shopping bag) and word mark; a link home unless `to` is null. */
export function Logo({ to = '/', tone = 'dark', className, label }: { to?: string | null; tone?: 'dark' | 'light'; className?: string; label?: string }) {
  const content = (
    <>
      <span className={cx('flex h-9 w-9 items-center justify-center rounded-xl shadow-sm', tone === 'dark' ? 'bg-brand-700 text-white' : 'bg-white/15 text-white ring-1 ring-white/30')}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9z" />
          <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
        </svg>
      </span>
      <span className={cx('text-xl font-bold tracking-tight', tone === 'dark' ? 'text-slate-900' : 'text-white')}>
        Souq{label && <span className={cx('ms-2 text-sm font-medium', tone === 'dark' ? 'text-slate-500' : 'text-white/80')}>{label}</span>}
      </span>
    </>
  );
  const cls = cx('inline-flex items-center gap-2.5', className);
  return to === null ? <span className={cls}>{content}</span> : <Link to={to} className={cls} aria-label={label ? t`Souq ${label} home` : t`Souq home`}>{content}</Link>;
}
