import { Fragment, type ReactNode } from 'react';

/**
 * Chat text with **bold** markers and line breaks rendered as formatting (customer spec §2). Builds React nodes
 * only, so text from the AI or the shopper can never inject markup.
 */
export function FormattedText({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {renderBold(line)}
        </Fragment>
      ))}
    </>
  );
}

/** Splits on **…** pairs; an unmatched ** stays as typed. */
export function renderBold(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*(.+?)\*\*/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) {
    if (m.index > last) out.push(line.slice(last, m.index));
    out.push(<strong key={m.index} className="font-semibold">{m[1]}</strong>);
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}
