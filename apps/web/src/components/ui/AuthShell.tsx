import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { Trans } from '@lingui/react/macro';

/**
 * The frame of every sign-in screen (customer, vendor, admin): a brand panel beside a form card on wide
 * screens, the logo above the card on phones.
 */
export function AuthShell({ title, subtitle, children, footer, aside, area }: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Heading and points of the brand panel. */
  aside: { heading: string; text: string; points: string[] };
  /** Area label beside the logo ('Vendor', 'Admin'). */
  area?: string;
}) {
  return (
    <div className="min-h-full bg-gradient-to-br from-slate-50 via-white to-brand-50 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-teal-600 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="pointer-events-none absolute -top-24 -end-24 h-80 w-80 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
        <div className="pointer-events-none absolute -bottom-32 -start-20 h-96 w-96 rounded-full bg-teal-300/20 blur-3xl" aria-hidden="true" />
        <Logo tone="light" label={area} className="relative" />
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-semibold">{aside.heading}</p>
          <p className="mt-3 text-white/80">{aside.text}</p>
          <ul className="mt-8 space-y-3">
            {aside.points.map((p) => (
              <li key={p} className="flex items-start gap-3 text-sm text-white/90">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-teal-200" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M4 10.5l4 4 8-9" />
                </svg>
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/60"><Trans>© {new Date().getFullYear()} Souq marketplace</Trans></p>
      </aside>

      <main className="flex min-h-full flex-col items-center justify-center px-4 py-10 sm:px-8">
        <Logo label={area} className="mb-8 lg:hidden" />
        <div className="w-full max-w-md rounded-2xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}
