import { useLingui } from '@lingui/react';
import { webMessagesFor } from '@souq/shared/web-messages';
import type { WebMessages } from '@souq/shared/messages.ar-web';
import { i18n } from './i18n';

// Typed as the keys browser code reads (messages.ar-web.ts): an Arabic page loads only those, so reading another
// key is a type error rather than a text missing at run time.

/** MSG in the page's language, for a component (re-renders when the language changes). */
export function useMsg(): WebMessages {
  const { i18n: active } = useLingui();
  return webMessagesFor(active.locale);
}

/** MSG in the page's language, outside a component (API errors, toasts started by handlers). */
export const currentMsg = (): WebMessages => webMessagesFor(i18n.locale);
