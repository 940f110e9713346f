import { MSG } from './messages.js';
import type { Locale } from './rules/locale.js';

// MSG in a reader's language (issue 26 item 1). The server takes the Arabic texts statically (messages.ar.ts); the
// browser loads them only for a page in Arabic (apps/web/src/lib/i18n.ts `loadArea`), so an English page's first
// load carries no Arabic text, and registers them here with `registerArabicMessages`.

/** MSG's shape with its texts as plain strings (MSG is `as const`: its English texts are literal types). */
type Widen<T> = T extends string ? string
  : T extends (...args: infer A) => infer R ? (...args: A) => Widen<R>
    : T extends object ? { readonly [K in keyof T]: Widen<T[K]> } : T;
export type Messages = Widen<typeof MSG>;

const byLocale: Partial<Record<Locale, Messages>> = { en: MSG };

/** Registers a language's texts (the missing keys fall back to English). */
export function registerArabicMessages(ar: Partial<Messages>): void {
  byLocale.ar = { ...MSG, ...ar } as Messages;
}

/** MSG in `locale`, or in English while that language's texts are not loaded. */
export function messagesFor(locale: Locale | string | null | undefined): Messages {
  return (locale && byLocale[locale as Locale]) || MSG;
}
