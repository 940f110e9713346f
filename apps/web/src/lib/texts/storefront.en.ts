// An English page's first texts in one file (decision 0156): the storefront's catalogue and the shared texts browser
// code reads (MSG), loaded together by lib/i18n.ts, so an Arabic page carries neither.
export { messages } from '../../locales/en/storefront.po';
export { MSG as web } from '@souq/shared/messages';
