import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { MSG_AR } from './messages.ar.js';
import { MSG_AR_WEB } from './messages.ar-web.js';
import { messagesFor, registerArabicMessages, registerArabicWebMessages, webMessagesFor } from './messages-for.js';

// An Arabic page loads only the part of MSG_AR that browser code reads (decision 0112); the server keeps the whole.
describe('the Arabic texts a page loads', () => {
  it('are MSG_AR’s own texts for those keys, and fewer than all of them', () => {
    const keys = Object.keys(MSG_AR_WEB);
    for (const key of keys) expect(MSG_AR[key as keyof typeof MSG_AR], key).toBe(MSG_AR_WEB[key as keyof typeof MSG_AR_WEB]);
    expect(keys.every((k) => k in MSG)).toBe(true);
    // the server's own texts (e-mails, push, CSV headers, errors it translates) stay out of the page
    expect(keys.length).toBeLessThan(Object.keys(MSG).length);
    expect(MSG_AR_WEB).not.toHaveProperty('orderMailSubject');
  });

  it('are what a page reads once registered, while the whole set stays English until it is registered', () => {
    expect(webMessagesFor('ar')).toBe(MSG);
    registerArabicWebMessages(MSG_AR_WEB);
    expect(webMessagesFor('ar')).toBe(MSG_AR_WEB);
    expect(webMessagesFor('ar').cartEmpty).toBe('سلتك فارغة.');
    // a caller asking for every text never gets a part of them
    expect(messagesFor('ar')).toBe(MSG);
    expect(webMessagesFor('en')).toBe(MSG);
    // the server's render registers the whole set, which then serves both
    registerArabicMessages(MSG_AR);
    expect(webMessagesFor('ar')).toBe(MSG_AR);
    expect(messagesFor('ar')).toBe(MSG_AR);
  });
});
