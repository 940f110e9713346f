import { MSG } from './messages.js';
import type { Locale } from './rules/locale.js';
import type { Messages } from './messages-shape.js';
import type { WebMessages } from './messages.ar-web.js';
import { registerWebMessages } from './web-messages.js';

// MSG in a reader's language (issue 26 item 1). The server takes the Arabic texts statically (messages.ar.ts); the
// browser never imports this module: it loads only the part its code reads, in the page's language only
// (messages.ar-web.ts or the English MSG, apps/web/src/lib/i18n.ts `loadArea`, decision 0156), and reads it through
// web-messages.ts, so a page's first load carries no other language's texts.

export type { Messages, MsgKey } from './messages-shape.js';

const byLocale: Partial<Record<Locale, Messages>> = { en: MSG };
registerWebMessages('en', MSG);

/** Registers the whole of the Arabic texts (the server, and the server's render of pages, import them). */
export function registerArabicMessages(ar: Messages): void {
  byLocale.ar = ar;
  registerWebMessages('ar', ar);
}

/** Registers the Arabic texts browser code reads (an Arabic page loads only these). */
export function registerArabicWebMessages(ar: WebMessages): void {
  registerWebMessages('ar', ar);
}

/** MSG in `locale`, or in English while that language's texts are not loaded. */
export function messagesFor(locale: Locale | string | null | undefined): Messages {
  return (locale && byLocale[locale as Locale]) || MSG;
}

/** The texts browser code reads in `locale`: the whole set if registered, else the browser's part, else English. */
export { webMessagesFor } from './web-messages.js';
