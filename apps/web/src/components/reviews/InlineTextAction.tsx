import { useMsg } from '@/lib/use-msg';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field, Textarea } from '@/components/ui/Field';
import { Trans } from '@lingui/react/macro';

/**
 * A button that opens a small form for one text (a vendor's reply, an admin's reason) and sends it. Required text,
 * a busy state that cannot be pressed twice, and the server's error in place.
 */
export function InlineTextAction({ button, label, submit, variant = 'secondary', onSend }: {
  button: string;
  label: string;
  submit: string;
  variant?: 'secondary' | 'danger';
  onSend: (text: string) => Promise<void>;
}) {
  const msg = useMsg();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) return <Button size="sm" variant={variant} onClick={() => setOpen(true)}>{button}</Button>;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(msg.reviewReasonRequired);
    setBusy(true);
    setError(null);
    try {
      await onSend(text.trim());
      setOpen(false);
      setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : msg.requestFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={send} noValidate className="flex w-full flex-col gap-2">
      <Field label={label} error={error}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} dir="auto" />
      </Field>
      <div className="flex gap-2">
        <Button size="sm" type="submit" variant={variant === 'danger' ? 'danger' : 'primary'} loading={busy} disabled={busy}>{submit}</Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}><Trans>Cancel</Trans></Button>
      </div>
    </form>
  );
}
