import { messagesFor, type Messages } from '@souq/shared/messages-for';
import type { Locale } from '@souq/shared/rules/locale';

// What a vendor or a shopper typed, inside the assistant's Arabic answers (issue 26 item 3). The chat shows an answer as
// plain text (bold and links aside), so nothing but the characters can tell the browser where a typed value starts and
// ends: '2-year manufacturer warranty' after 'الضمان: ' would otherwise read 'year manufacturer warranty-2', and a list of
// Latin names separated by Arabic commas would run in the wrong order. One mechanism for every answer: the Unicode
// isolates FSI (U+2068) … PDI (U+2069) around the value, which take their direction from the value's first strong letter
// like <bdi> / dir="auto" (bold pieces and link texts are isolated again by the chat's renderer, FormattedText).
// English answers stay as they were (decision 0110: byte-identical); the isolates go where the sentence is right to left.

export const FSI = '\u2068';
export const PDI = '\u2069';

/** Latin letters or digits: what reorders inside right-to-left text (Arabic-only text reads right as it is). */
const LTR_RUN = /[A-Za-z0-9]/;

/**
 * A typed value isolated for an Arabic sentence. Text with a line break is left alone: a paragraph break ends every
 * isolate, so the marks would not pair (`isolateLines` isolates each line). Already isolated text stays as it is.
 */
export const isolate = (text: string): string =>
  !LTR_RUN.test(text) || text.includes('\n') || (text.startsWith(FSI) && text.endsWith(PDI)) ? text : `${FSI}${text}${PDI}`;

/** How a language writes a typed value: isolated in Arabic, as typed in English. */
export const typedFor = (locale: Locale): ((text: string) => string) => (locale === 'ar' ? isolate : (text) => text);

/** Each line of a typed text (a description) isolated on its own. */
export const isolateLines = (text: string): string => text.split('\n').map(isolate).join('\n');

/**
 * The text a reader sees and a search or test reads: the isolates removed (they are invisible formatting marks).
 * The one place that strips them, so assertions on an answer compare its words, not its marks.
 */
export const withoutIsolates = (text: string): string => text.replace(/[\u2068\u2069]/g, '');

/**
 * The shared texts (MSG) of a language, with every string argument (a name, an order number, a carrier) isolated when
 * the language is written right to left.
 */
export function textsFor(locale: Locale): Messages {
  const m = messagesFor(locale);
  if (locale !== 'ar') return m;
  return new Proxy(m, {
    get(target, key) {
      const v = (target as Record<string | symbol, unknown>)[key];
      return typeof v === 'function' ? (...args: unknown[]) => (v as (...a: unknown[]) => string)(...args.map((a) => (typeof a === 'string' ? isolate(a) : a))) : v;
    },
  });
}
