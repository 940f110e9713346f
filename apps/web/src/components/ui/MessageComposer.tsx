import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

export type MessageComposerProps = {
  /** Sends the trimmed text; a rejection puts the text back in the box and calls onFailure. */
  onSend: (text: string) => Promise<void>;
  onFailure: (err: unknown) => void;
  label: string;
  placeholder?: string;
  maxLength?: number;
  /** Optional control of the draft (the admin inbox's quick replies write into it). */
  value?: string;
  onValueChange?: (text: string) => void;
  className?: string;
};

/**
 * A message box for the support conversations (customer §5, admin §5): blank is ignored, Enter sends, Shift+Enter
 * makes a new line, and a failed send restores what was typed.
 */
export function MessageComposer({ onSend, onFailure, label, placeholder, maxLength = 5000, value, onValueChange, className }: MessageComposerProps) {
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const setText = (t: string) => (onValueChange ? onValueChange(t) : setOwn(t));
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  async function send() {
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    setText('');
    try {
      await onSend(value);
    } catch (err) {
      setText(value);
      onFailure(err);
    } finally {
      setBusy(false);
      area.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <form
      className={cx('flex items-end gap-2', className)}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        ref={area}
        rows={1}
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-28 min-h-10 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
      />
      <Button type="submit" loading={busy} disabled={!text.trim()} aria-label={t`Send message`}>
        <Trans>Send</Trans>
      </Button>
    </form>
  );
}
