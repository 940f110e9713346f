import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { MSG_AR } from './messages.ar.js';
import { messagesFor, registerArabicMessages } from './messages-for.js';

describe('MSG in a reader language', () => {
  it('English is the spec text; Arabic falls back to it only for what is missing', () => {
    expect(messagesFor('en')).toBe(MSG);
    registerArabicMessages(MSG_AR);
    const ar = messagesFor('ar');
    for (const key of Object.keys(MSG) as (keyof typeof MSG)[]) {
      expect(typeof ar[key]).toBe(typeof MSG[key]);
      if (key in MSG_AR) expect(ar[key]).toBe(MSG_AR[key]);
    }
  });

  it('an unknown language reads English', () => {
    expect(messagesFor('fr')).toBe(MSG);
    expect(messagesFor(undefined)).toBe(MSG);
  });
});
