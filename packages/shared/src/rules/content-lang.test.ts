import { describe, expect, it } from 'vitest';
import { contentLangFrom, hasArabicLetter, pickList, pickText } from './content-lang.js';

describe('content language', () => {
  it('takes an explicit lang first, then the best Accept-Language we have, English otherwise', () => {
    expect(contentLangFrom('ar')).toBe('ar');
    expect(contentLangFrom('AR-ae', 'en')).toBe('ar');
    expect(contentLangFrom(null, 'fr-FR,ar-AE;q=0.8,en;q=0.5')).toBe('ar');
    expect(contentLangFrom(null, 'en;q=0.4, ar;q=0.9')).toBe('ar');
    expect(contentLangFrom(null, 'ar;q=0, en')).toBe('en');
    expect(contentLangFrom('de', 'de-DE')).toBe('en');
    expect(contentLangFrom(undefined, ['ar-SA', 'en-US'])).toBe('ar');
  });

  it('picks the text in the language asked for, and the other one when it is empty', () => {
    expect(pickText('Kettle', 'غلاية', 'ar')).toBe('غلاية');
    expect(pickText('Kettle', 'غلاية', 'en')).toBe('Kettle');
    expect(pickText('Kettle', '  ', 'ar')).toBe('Kettle');
    expect(pickText('', 'غلاية', 'en')).toBe('غلاية');
    expect(pickList(['Fast'], [], 'ar')).toEqual(['Fast']);
    expect(pickList(['Fast'], ['سريع'], 'ar')).toEqual(['سريع']);
  });

  it('tells Arabic text by its letters, whatever Latin brand names stand beside them', () => {
    expect(hasArabicLetter('هاتف Nova X15')).toBe(true);
    expect(hasArabicLetter('ﻻ')).toBe(true);
    expect(hasArabicLetter('Nova X15 ٢٧')).toBe(false);
  });
});
