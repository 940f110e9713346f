import { Fragment, type ReactNode } from 'react';

/**
 * Chat text with **bold** markers, line breaks and [links](/path) rendered as formatting (customer spec §2; links: the
 * assistant's review quotes, decision 0102). Builds React nodes only, so text from the AI or the shopper can never
 * inject markup; a link is made only to a path of this site ('/…' or '#…'), anything else stays as typed.
 * A bold piece (a product name, a quantity with its name, the shopper's query echoed) and a link's text (a shopper's
 * review quote) are isolated in their own direction (dir="auto"): an English quote or name inside an Arabic answer,
 * or the reverse, keeps its words, numbers and quotation marks in order (issue 26 item 3).
 */
export function FormattedText({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {renderLinks(line)}
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
    out.push(<strong key={m.index} dir="auto" className="font-semibold">{m[1]}</strong>);
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/** A markdown link to this site: '[text](/path)' or '[text](#anchor)' ('//host' is another site: left as text). */
const LINK = /\[([^\]\n]{1,300})\]\(((?:\/(?!\/)|#)[^\s()]{0,300})\)/g;

/** Links to this site as <a>, the rest (and each link's text) with bold. */
export function renderLinks(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of line.matchAll(LINK)) {
    if (m.index > last) out.push(...renderBold(line.slice(last, m.index)));
    out.push(
      <a key={`a${m.index}`} href={m[2]} dir="auto" className="underline decoration-dotted underline-offset-2 hover:decoration-solid">
        {renderBold(m[1]!)}
      </a>,
    );
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(...renderBold(line.slice(last)));
  return out;
}
