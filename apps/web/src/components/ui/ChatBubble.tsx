import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { cx } from './cx';
import { FormattedText } from './FormattedText';
import { formatDate } from '@souq/shared/rules/locale';

/**
 * One message of a support conversation or chat transcript: the reader's own messages on the right, others on the
 * left, status notes centred. The sender's name is always written (not only told by the side or the colour).
 */
export function ChatBubble({ side, sender, text, at, tone = 'default', formatted = false }: {
  side: 'mine' | 'theirs' | 'note';
  sender: string;
  text: string;
  at?: string;
  /** 'person': a human from support answering in the assistant's chat. */
  tone?: 'default' | 'person';
  /** Render **bold** markers (the assistant's answers). */
  formatted?: boolean;
}) {
  if (side === 'note') {
    return (
      <p className="mx-auto w-fit max-w-[90%] rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-600">
        {text}
        {at && <span className="sr-only"> ({formatRelativeTime(at)})</span>}
      </p>
    );
  }
  const mine = side === 'mine';
  return (
    <div className={cx('flex flex-col gap-0.5', mine ? 'items-end' : 'items-start')}>
      <span className="px-1 text-xs text-slate-500">
        {/* a support agent's name as typed, in its own direction */}
        <bdi>{sender}</bdi>
        {at && <time dateTime={at} title={formatDate(at, 'dayTime')}> · {formatRelativeTime(at)}</time>}
      </span>
      {/* a message in the language and direction it was written in */}
      <div
        dir="auto"
        className={cx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap',
          mine ? 'rounded-ee-sm bg-brand-700 text-white' : tone === 'person' ? 'rounded-es-sm border border-amber-200 bg-amber-50 text-slate-900' : 'rounded-es-sm bg-slate-100 text-slate-800',
        )}
      >
        {formatted ? <FormattedText text={text} /> : text}
      </div>
    </div>
  );
}
