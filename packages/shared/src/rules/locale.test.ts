import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDecimal, intlTag, pickLocale, textDirection } from './locale.js';

describe('the reader\'s language', () => {
  it('follows the URL, then the saved choice, then the cookie, then Accept-Language by weight, else English', () => {
    expect(pickLocale({ url: 'ar', saved: 'en', acceptLanguage: 'en' })).toBe('ar');
    expect(pickLocale({ url: 'fr', saved: 'ar' })).toBe('ar');
    expect(pickLocale({ cookie: 'ar', acceptLanguage: 'en-US' })).toBe('ar');
    expect(pickLocale({ acceptLanguage: 'fr-FR, ar-AE;q=0.8, en;q=0.5' })).toBe('ar');
    expect(pickLocale({ acceptLanguage: 'en;q=0.4, ar;q=0.9' })).toBe('ar');
    expect(pickLocale({ acceptLanguage: 'ar;q=0, de' })).toBe('en');
    expect(pickLocale({ acceptLanguage: 'garbage;;q=x' })).toBe('en');
    expect(pickLocale({})).toBe('en');
  });

  it('writes Arabic right to left with Latin digits unless Arabic-Indic digits are chosen', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
    expect(intlTag('ar')).toBe('ar-AE-u-nu-latn');
    expect(formatCount(1234, 'ar')).toBe('1,234');
    expect(formatCount(1234, { locale: 'ar', digits: 'arab' })).toBe('١٬٢٣٤');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatDecimal(12.345)).toBe('12.3');
  });

  it('writes dates in the reader\'s language; a calendar day stays that day in every time zone', () => {
    expect(formatDate('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDate('2026-11-27', 'monthDay')).toBe('Nov 27');
    expect(formatDate('2026-11-27T15:04:00Z', 'dayTime')).toMatch(/^Nov 27, 2026, \d{1,2}:04\s?[AP]M$/);
    expect(formatDate('2026-11-27', 'day', 'ar')).toMatch(/2026/);
    expect(formatDate('2026-11-27', 'day', 'ar')).toMatch(/نوفمبر/);
    expect(formatDate('2026-11-27', 'day', { locale: 'ar', digits: 'arab' })).toMatch(/٢٠٢٦/);
    expect(formatDate('not a date')).toBe('not a date');
  });
});
