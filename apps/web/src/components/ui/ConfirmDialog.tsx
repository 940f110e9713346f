import { useState, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

/**
 * Asks before an action (the spec's browser confirm()s, e.g. 'Are you sure you want to delete this product? This
 * action cannot be undone.'). While `onConfirm`'s promise runs the confirm button is busy and nothing closes the
 * dialog, so the action cannot run twice; a failure stays in the dialog with its message so the user can retry.
 */
export function ConfirmDialog({ open, onClose, onConfirm, title, message, confirmLabel = 'Confirm', cancelLabel = 'Cancel', destructive, busy }: {
  open: boolean;
  /** Cancel, Escape, × and the backdrop (ignored while busy). */
  onClose: () => void;
  /** The action; return its promise to keep the dialog busy until it settles. It closes the dialog itself on success (call onClose). */
  onConfirm: () => void | Promise<unknown>;
  /** Short title, e.g. 'Delete product'. */
  title: ReactNode;
  /** The spec's question, word for word. */
  message: ReactNode;
  /** Text of the confirm button, e.g. 'Delete'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and Cancel takes the focus first. */
  destructive?: boolean;
  /** Busy from outside (e.g. a mutation's isPending). */
  busy?: boolean;
}) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const working = running || !!busy;

  const close = () => {
    if (working) return;
    setError(null);
    onClose();
  };

  async function confirm() {
    if (working) return;
    setError(null);
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    try {
      await result;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setRunning(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={working} data-autofocus={destructive || undefined}>
            {cancelLabel}
          </Button>
          {/* busy without `disabled`: a disabled button would drop the focus out of the dialog; confirm() ignores presses */}
          <Button
            variant={destructive ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            aria-disabled={working || undefined}
            aria-busy={working || undefined}
            icon={working ? <Spinner size="sm" /> : undefined}
            className={working ? 'cursor-wait opacity-80' : undefined}
            data-autofocus={!destructive || undefined}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{message}</p>
      <Alert tone="error" className="mt-3">{error}</Alert>
    </Dialog>
  );
}
