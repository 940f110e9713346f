import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** A simple page: a header bar (logo, area label, right-hand slot), a heading with description, the content. */
export function PageFrame({ area, title, description, headerRight, children }: {
  area?: string;
  title: string;
  description?: ReactNode;
  headerRight?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="min-h-full bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        {/* phones: the right-hand slot wraps below the logo rather than widening the page */}
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Logo label={area} />
          <div className="flex min-w-0 items-center gap-3">{headerRight}</div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
