// An Arabic page's first texts in one file (decision 0156): the storefront's catalogue and the Arabic of the shared
// texts browser code reads (messages.ar-web.ts), loaded together by lib/i18n.ts: one request, found from the first
// byte (the server preloads it, decision 0136), and no English MSG.
export { messages } from '../../locales/ar/storefront.po';
export { MSG_AR_WEB as web } from '@souq/shared/messages.ar-web';
