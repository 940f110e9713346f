import { MSG } from '@souq/shared/messages';
import { registerWebMessages } from '@souq/shared/web-messages';

// A page has its language's shared texts before its code runs (lib/i18n.ts loads them with its catalogue, decision
// 0156); a unit test renders or calls that code without a page, so English is there as it would be on an English
// page (a test in Arabic registers or loads the Arabic itself).
registerWebMessages('en', MSG);
