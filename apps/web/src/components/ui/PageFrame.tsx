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
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo label={area} />
          <div className="flex items-center gap-3">{headerRight}</div>
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
