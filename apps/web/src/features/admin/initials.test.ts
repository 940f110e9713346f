import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last word of the name', () => {
    expect(initials({ name: 'Layla bint Ahmed', email: 'l@x.test' })).toBe('LA');
    expect(initials({ name: '  omar   haddad ', email: 'o@x.test' })).toBe('OH');
  });
  it('takes two letters of a single-word name', () => {
    expect(initials({ name: 'Zed', email: 'z@x.test' })).toBe('ZE');
  });
  it('falls back to the e-mail when there is no name', () => {
    expect(initials({ name: '', email: 'sara.k@example.test' })).toBe('SA');
    expect(initials({ name: ' ', email: '@example.test' })).toBe('?');
  });
});
