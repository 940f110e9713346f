import { useLingui } from '@lingui/react';
import { messagesFor, type Messages } from '@souq/shared/messages-for';
import { i18n } from './i18n';

/** MSG in the page's language, for a component (re-renders when the language changes). */
export function useMsg(): Messages {
  const { i18n: active } = useLingui();
  return messagesFor(active.locale);
}

/** MSG in the page's language, outside a component (API errors, toasts started by handlers). */
export const currentMsg = (): Messages => messagesFor(i18n.locale);
