import type { ReactNode } from 'react';
import { cx } from './cx';

/** A page's (or a section's) heading: title, one-line description, actions on the right; wraps under on phones. */
export function PageHeader({ title, description, actions, as: Heading = 'h2', id, className }: {
  title: ReactNode;
  /** One line saying what the page is for. */
  description?: ReactNode;
  /** The primary action (and maybe one secondary) — buttons or links. */
  actions?: ReactNode;
  /** Heading level: 'h2' under the area frames (they own the page's h1), 'h1' on a page of its own. */
  as?: 'h1' | 'h2' | 'h3';
  /** Id of the heading, for aria-labelledby of the surrounding section. */
  id?: string;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-wrap items-end justify-between gap-x-6 gap-y-3', className)}>
      <div className="min-w-0 flex-[1_1_16rem]">
        <Heading id={id} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{title}</Heading>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
