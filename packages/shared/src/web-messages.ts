import type { Locale } from './rules/locale.js';
import type { WebMessages } from './messages.ar-web.js';

// The texts browser code reads (MSG's keys in messages.ar-web.ts), by language, as a page has loaded them. Kept apart
// from messages-for.ts, which imports the whole English MSG for the server: a page loads only its own language's
// texts (apps/web/src/lib/i18n.ts, decision 0156), so an Arabic page carries no English MSG and an English page no
// Arabic. messages-for.ts registers the whole sets here (the server and its render of pages have every language).

const webByLocale: Partial<Record<Locale, WebMessages>> = {};

/** Registers the texts browser code reads in `locale` (the whole MSG of that language fills them too). */
export function registerWebMessages(locale: Locale, messages: WebMessages): void {
  webByLocale[locale] = messages;
}

/**
 * The texts browser code reads in `locale`; before that language's have loaded, English if it has, else the page's
 * own (before its first render a page's Lingui language is still the default, English). Throws when no language's
 * texts are loaded at all: a module read MSG before i18n.ts's `startI18n` (or a test before it registered any).
 */
export function webMessagesFor(locale: Locale | string | null | undefined): WebMessages {
  const found = (locale && webByLocale[locale as Locale]) || webByLocale.en || Object.values(webByLocale)[0];
  if (!found) throw new Error('no language\'s texts are loaded yet (startI18n, or registerWebMessages in a test)');
  return found;
}
