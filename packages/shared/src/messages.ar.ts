import type { Messages } from './messages-for.js';

// The Arabic of every text in MSG (issue 26 item 1), key by key, with the same arguments. The English texts stay the
// spec's exact words in messages.ts; a reader in Arabic gets these. Until every key is here a missing one falls back
// to English (messagesFor); the test beside messages-for.ts lists what is missing.
export const MSG_AR: Partial<Messages> = {};
