import type { ReactNode } from 'react';
import { cx } from './cx';

/** "Nothing here" block: a title, an optional hint and an optional action. */
export function EmptyState({ title, description, icon, action, className }: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-10 text-center', className)}>
      {icon && <div className="mb-1 text-slate-400" aria-hidden="true">{icon}</div>}
      <p className="text-base font-medium text-slate-800">{title}</p>
      {description && <p className="max-w-md text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
