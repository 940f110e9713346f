import { describe, expect, it } from 'vitest';
import { loanwordOf, namesKindInPlural, otherNames } from './assistant.understanding.js';
import { nameHeads } from './assistant.needs.js';
import { arabicSpelling } from './assistant.arabic.js';
import { ASKS_IF_ALLOWED, itemWords, readable } from './assistant.aftersales-words.js';

// Issue 37 items 2, 3 and 5, decision 0173: general rules of language read from the catalogue's own words, each in
// English and Arabic, in other words than the tuning questions.

describe('a kind named in the plural', () => {
  const watch = { name: 'Pulse Smartwatch 3', name_ar: 'ساعة ذكية Pulse 3' };
  const kettle = { name: 'Brew Electric Kettle', name_ar: 'غلاية Brew كهربائية' };
  it('asks for the kind where the name says it in the singular (English -s/-es/-ies, Arabic «ات»)', () => {
    expect(namesKindInPlural('smartwatches', watch)).toBe(true);
    expect(namesKindInPlural('show me kettles', kettle)).toBe(true);
    expect(namesKindInPlural('ساعات ذكية', watch)).toBe(true);
    expect(namesKindInPlural('عندكم غلايات؟', kettle)).toBe(true);
    // 'smart watches': the plural of the end of the name's compound word, its start said before it
    expect(namesKindInPlural('smart watches', watch)).toBe(true);
  });
  it('is not asked by the singular, by the name itself, or by a plural the name does not say', () => {
    expect(namesKindInPlural('smartwatch', watch)).toBe(false);
    expect(namesKindInPlural('pulse smartwatch 3', watch)).toBe(false);
    expect(namesKindInPlural('ساعة ذكية', watch)).toBe(false);
    expect(namesKindInPlural('kettle for teas', kettle)).toBe(false);
    expect(namesKindInPlural('watches', watch)).toBe(false);
  });
});

describe('the head of a listing\'s name', () => {
  it('is the last word of the English name that is no number, size or pack, and the first word of the Arabic name', () => {
    expect(nameHeads({ name: 'Chef Cast Iron Skillet 28 cm', name_ar: 'مقلاة Chef من الحديد الزهر 28 سم' })).toEqual(['skillet', 'مقلاة']);
    expect(nameHeads({ name: 'Lumen Arc LED Desk Lamp', name_ar: 'مصباح مكتب Lumen Arc LED' })).toEqual(['lamp', 'مصباح']);
    expect(nameHeads({ name: 'Nova Pro Max', name_ar: '' })).toEqual(['nova']);
  });
});

describe('loanwords and negated terms of two words', () => {
  it('reads a loanword written apart as the one written joined', () => {
    expect(loanwordOf('ساوند بار')).toBe('soundbar');
    expect(loanwordOf('ساوندبار')).toBe('soundbar');
    expect(loanwordOf('سماعة')).toBeUndefined();
  });
  it('gives a term of several words its other name word by word', () => {
    expect(otherNames('هيدسيت الالعاب')).toContain('headset الالعاب');
    expect(otherNames('ساوند بار')).toContain('soundbar');
  });
});

describe('a general returns question', () => {
  it('asks whether returning is allowed, in English and Arabic, with a condition anywhere in Arabic', () => {
    for (const q of ['can I return stuff?', 'if I change my mind can I send it back?', 'هل أقدر أرجع؟', 'إذا ما عجبني أقدر أرجعه؟', 'أقدر أرجع الأغراض إذا ما ناسبتني؟']) {
      expect(ASKS_IF_ALLOWED.test(readable(q)), q).toBe(true);
    }
    for (const q of ['I want to return my order', 'ابي ارجع طلبي لو سمحت', 'return the lamp']) expect(ASKS_IF_ALLOWED.test(readable(q)), q).toBe(false);
  });
  it('names no item by words for purchases in general or for how long', () => {
    expect(itemWords('how many days do I get to return things?')).toEqual([]);
    expect(itemWords('if I change my mind can I return stuff')).toEqual([]);
    expect(itemWords('إذا غيرت رأيي أقدر أرجع المشتريات؟')).toEqual([]);
    expect(itemWords('كم يوم عندي عشان أرجع الأغراض؟')).toEqual([]);
    // an item's own word is still read
    expect(itemWords('how many days do I get to return the kettle?')).toEqual(['kettle']);
  });
});

describe('an Arabic answer writes the shopper\'s Latin words as typed', () => {
  it('keeps accents and capitals of a brand the search reads plain', () => {
    const spell = arabicSpelling('منتجات Lumière للبشرة');
    expect(spell('lumiere')).toBe('Lumière');
    // Arabic words as before: without the article, as the shopper wrote them
    expect(spell('بشره')).toBe('بشرة');
    expect(spell('nova')).toBe('nova');
  });
});
