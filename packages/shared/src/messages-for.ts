import { MSG } from './messages.js';
import type { Locale } from './rules/locale.js';
import type { Messages } from './messages-shape.js';
import type { WebMessages } from './messages.ar-web.js';

// MSG in a reader's language (issue 26 item 1). The server takes the Arabic texts statically (messages.ar.ts); the
// browser loads only the part its code reads (messages.ar-web.ts) and only for a page in Arabic
// (apps/web/src/lib/i18n.ts `loadArea`), so an English page's first load carries no Arabic text, and registers it
// here with `registerArabicWebMessages`.

export type { Messages, MsgKey } from './messages-shape.js';

const byLocale: Partial<Record<Locale, Messages>> = { en: MSG };
/** The browser's part of a language's texts (messages.ar-web.ts), when only that part is loaded. */
const webByLocale: Partial<Record<Locale, WebMessages>> = {};

/** Registers the whole of the Arabic texts (the server, and the server's render of pages, import them). */
export function registerArabicMessages(ar: Messages): void {
  byLocale.ar = ar;
}

/** Registers the Arabic texts browser code reads (an Arabic page loads only these). */
export function registerArabicWebMessages(ar: WebMessages): void {
  webByLocale.ar = ar;
}

/** MSG in `locale`, or in English while that language's texts are not loaded. */
export function messagesFor(locale: Locale | string | null | undefined): Messages {
  return (locale && byLocale[locale as Locale]) || MSG;
}

/** The texts browser code reads in `locale`: the whole set if registered, else the browser's part, else English. */
export function webMessagesFor(locale: Locale | string | null | undefined): WebMessages {
  return (locale && (byLocale[locale as Locale] ?? webByLocale[locale as Locale])) || MSG;
}
