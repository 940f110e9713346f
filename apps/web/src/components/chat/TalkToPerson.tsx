import { useLingui } from '@lingui/react/macro';

/**
 * 'Talk to a person' in the assistant's header (issue 28 item 3, decision 0107): one tap sends the request as a chat
 * message, so the hand-over is answered like a typed 'I want a human' — the server opens a support conversation with the
 * chat attached and says so in the chat — and the shopper sees in the transcript exactly what was asked.
 */
export function TalkToPerson({ onAsk, disabled }: { onAsk: (text: string) => void; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => onAsk(t`I want to talk to a person`)}
      className="shrink-0 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:outline-none disabled:opacity-50"
    >
      {t`Talk to a person`}
    </button>
  );
}
