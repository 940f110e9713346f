import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './useModal';
import { CloseButton, useBackdropClose } from './Dialog';
import { cx } from './cx';

export type DrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  side?: 'left' | 'right';
  /** Tailwind max-width class of the sheet; it is always full width on small screens. */
  widthClass?: string;
};

/** A side sheet with the same accessibility as Dialog (role=dialog, aria-modal, focus trap, Escape). */
export function Drawer({ open, onClose, title, children, footer, side = 'right', widthClass = 'max-w-md' }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(open, onClose, panel);
  const backdrop = useBackdropClose(onClose);
  if (!open) return null;

  return createPortal(
    <div className={cx('fixed inset-0 z-50 flex bg-slate-900/40', side === 'right' ? 'justify-end' : 'justify-start')} {...backdrop}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx('flex h-full w-full flex-col bg-white shadow-2xl outline-none', widthClass)}
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <CloseButton onClick={onClose} />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="border-t border-slate-100 px-5 py-4">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
