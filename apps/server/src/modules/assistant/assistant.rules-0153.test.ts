import { describe, expect, it } from 'vitest';
import { extractPrice } from '../search/search.text.js';
import { gulfToStandard, standardArabic } from '../search/query-understanding.js';
import { foldArabic } from '../search/search.arabic.js';
import { arabicSpelling, readArabic } from './assistant.arabic.js';
import { arabicAmountsAsDigits } from '../search/query-amounts.js';
import { NO, ONLY_YES_OR_NO, RETURN_WORD, YES, readable } from './assistant.aftersales-words.js';
import { headWord } from './assistant.prepurchase.js';
import { isNeed, loanwordOf, needFunctions } from './assistant.understanding.js';
import { ADD_IT, TAKE_IT, budgetPhrases } from './assistant.words.js';

// Decision 0153: general rules added for the kinds of request a blind set found misread — amounts and price limits in
// Arabic words, a high price denied, needs told as situations, a kind the catalogue has no word for, 'this' and 'that'
// in Gulf Arabic, and the steps of a return. Each rule with wordings of its own, in English and Arabic.

const fold = (s: string) => foldArabic(s.normalize('NFKD')).normalize('NFC');
const price = (text: string) => extractPrice(budgetPhrases(standardArabic(readArabic(text))));

describe('amounts in Arabic words', () => {
  it('writes hundreds, thousands, sums and halves as digits; counts and water stay words', () => {
    expect(arabicAmountsAsDigits(fold('تحت ثلاثمية'))).toBe(fold('تحت 300'));
    expect(arabicAmountsAsDigits(fold('بحدود ألفين وخمسمية'))).toBe(fold('بحدود 2500'));
    expect(arabicAmountsAsDigits(fold('أقل من أربعة آلاف'))).toBe(fold('أقل من 4000'));
    expect(arabicAmountsAsDigits(fold('ميزانيتي ألف ونص'))).toBe(fold('ميزانيتي 1500'));
    expect(arabicAmountsAsDigits(fold('سبعة وسبعين درهم'))).toBe(fold('77 درهم'));
    // two amounts, not a sum (the smaller first): a range
    expect(arabicAmountsAsDigits(fold('بين ثلاثمية وستمية'))).toBe(fold('بين 300 و 600'));
    // a count is read where counts are read; «مية» alone is Gulf water unless a price is around it
    expect(arabicAmountsAsDigits(fold('ضيف ثلاثة'))).toBe(fold('ضيف ثلاثة'));
    expect(arabicAmountsAsDigits(fold('أبي مية باردة'))).toBe(fold('أبي مية باردة'));
    expect(arabicAmountsAsDigits(fold('بحدود مية درهم'))).toBe(fold('بحدود 100 درهم'));
    // with the article, or 'ب' written onto the amount
    expect(arabicAmountsAsDigits(fold('شنطة تحت الألفين'))).toBe(fold('شنطة تحت 2000'));
    expect(arabicAmountsAsDigits(fold('عطر بمية وعشرين'))).toBe(fold('عطر ب120'));
  });
});

describe('price limits and price words', () => {
  it('reads Arabic limits said with the amount first, and a denied "more than", as at most', () => {
    expect(price('مصباح ١٥٠ درهم وأقل').maxCents).toBe(15_000);
    expect(price('ساعة ب ٨٠٠ أو أرخص').maxCents).toBe(80_000);
    expect(price('سماعة ٣٠٠ درهم أو أكثر').minCents).toBe(30_000);
    expect(price('كاميرا ما تطلع فوق ألفين').maxCents).toBe(200_000);
    expect(price('شنطة سعرها لا يزيد عن سبعمية درهم').maxCents).toBe(70_000);
    expect(price('أبي مكينة قهوة ما تكلف أكثر من ألف وخمسمية').maxCents).toBe(150_000);
  });

  it('reads a high price denied and a small budget as cheap, in both languages', () => {
    expect(price('لابتوب مو غالي').intent).toBe('low');
    expect(price('أبي ساعة سعرها مش غالي مرة').intent).toBe('low');
    expect(price('كاميرا غير مكلفة').intent).toBe('low');
    expect(price('a blender that won\'t break the bank')).toMatchObject({ intent: 'low', text: 'a blender' });
    expect(price('speaker, nothing too fancy').intent).toBe('low');
    expect(price('tent for a family on a shoestring budget').intent).toBe('low');
    expect(price('a monitor that does not cost more than 1,200').maxCents).toBe(120_000);
    expect(price('headset 250 tops').maxCents).toBe(25_000);
    // a plain word that is no price is left as it is
    expect(price('not a gaming laptop').intent).toBeNull();
  });
});

describe('needs told as situations', () => {
  it('reads glare and sun, driving, the dark and skin as the functions listings say, in both languages', () => {
    expect(needFunctions('the afternoon sun makes me squint')).toContain('glare');
    expect(needFunctions(fold('الشمس قوية وقت الظهر'))).toContain('uv');
    expect(needFunctions('I commute two hours every day')).toContain('roads');
    expect(needFunctions(fold('أسوق كل يوم للدوام'))).toContain('roads');
    expect(needFunctions('the garage is pitch black')).toContain('lantern');
    expect(needFunctions(fold('الغرفة مظلمة'))).toContain(fold('فانوس'));
    expect(needFunctions('my skin gets flaky in winter')).toContain('moisturiser');
    expect(needFunctions(fold('وجهي صار جاف'))).toContain(fold('مرطب'));
    expect(needFunctions('a red lipstick')).toEqual([]);
    // 'drives me crazy' is no drive
    expect(needFunctions('this heat drives me crazy')).not.toContain('roads');
    // sore eyes in the sun are glare, not a chair's support; a night outdoors asks for light
    expect(needFunctions('my eyes hurt in the midday sun')).toContain('glare');
    expect(needFunctions('my eyes hurt in the midday sun')).not.toContain('ergonomic');
    expect(needFunctions('my shoulders hurt')).toContain('ergonomic');
    expect(needFunctions('a night walk with the dog')).toContain('lantern');
    expect(isNeed("I can't sleep with the street light outside")).toBe(true);
    expect(isNeed('what should I pack for a week of camping?')).toBe(true);
    expect(isNeed(fold('رايح البر، وش ينفعني؟'))).toBe(true);
    expect(isNeed('a 4k monitor for photo editing')).toBe(false);
    expect(isNeed(standardArabic(readArabic('ظهري يوجعني')))).toBe(true);
  });
});

describe('a kind the catalogue may have no word for', () => {
  const content = (t: string) => t.toLowerCase().split(/[^a-z\u0600-\u06FF'-]+/).filter((w) => w.length > 1 && !['an', 'the', 'do', 'you', 'sell', 'any', 'i\'m', 'need', 'looking', 'for', 'where', 'can', 'find', 'have', 'show', 'me'].includes(w));
  it('is the last word of an English noun phrase, the first of an Arabic one; a sentence with its own subject names none', () => {
    expect(headWord('do you sell electric scooters?', content)).toBe('scooters');
    expect(headWord("I'm looking for a juice press for my kitchen", content)).toBe('press');
    expect(headWord(fold('مكينة خياطة صغيرة'), content)).toBe(fold('مكينة'));
    expect(headWord('the tea I brew tastes bitter', content)).toBeNull();
    expect(headWord('a very nice big warm soft blanket', content)).toBeNull();
  });
});

describe('follow-ups in Gulf Arabic and English', () => {
  it("reads 'this' and 'that' as Gulf speakers write them, and 'does it have'", () => {
    expect(readArabic('كم سعر هذي؟')).toContain('this');
    expect(readArabic('ذاك متوفر؟')).toContain('this');
    expect(readArabic('هذي فيها بلوتوث؟')).toMatch(/^does it have/);
    expect(readArabic('هو فيه ضمان؟')).toMatch(/^does it have/);
  });

  it("a message that starts by adding asks for the cart ('add three of it', «ضيف ثنتين منها»)", () => {
    expect(ADD_IT.test('add three of it')).toBe(true);
    expect(ADD_IT.test('ok, add this one')).toBe(true);
    expect(ADD_IT.test(readArabic('ضيف ثنتين منها'))).toBe(true);
    expect(ADD_IT.test('add it to the comparison')).toBe(false);
    expect(ADD_IT.test('what does it add?')).toBe(false);
  });

  it("'I want two of them', «أبي ثنتين منها»: buying the product in question", () => {
    expect(TAKE_IT.test('I want two of them')).toBe(true);
    expect(TAKE_IT.test(readArabic('أبي ثنتين منها'))).toBe(true);
    expect(TAKE_IT.test('I want two laptops for my kids')).toBe(false);
    // a quantity of it, and nothing more, right after a product
    expect(TAKE_IT.test('three of those please')).toBe(true);
    expect(TAKE_IT.test(readArabic('ثلاث منه'))).toBe(true);
  });

  it('a Gulf transliteration is read as its English trade word, and written back as the shopper wrote it', () => {
    expect(loanwordOf(fold('السبيكر'))).toBe('speaker');
    expect(loanwordOf(fold('كتاب'))).toBeUndefined();
    expect(arabicSpelling('عندكم بروجكتر صغير؟')('projector')).toBe('بروجكتر');
  });

  it('a Gulf possessive ending needs a noun of four letters: «مايك» is a microphone, not «your water»', () => {
    expect(gulfToStandard(fold('مايك'))).toBe(fold('مايك'));
    expect(gulfToStandard(fold('جوالك'))).toBe(fold('هاتف'));
    expect(gulfToStandard(fold('روج'))).toBe(fold('أحمر شفاه'));
  });
});

describe('the steps of a return', () => {
  it("sending, giving or taking something back with the item between", () => {
    expect(RETURN_WORD.test(readable('can I send these earbuds back?'))).toBe(true);
    expect(RETURN_WORD.test(readable('I want to take the blue jacket back'))).toBe(true);
    expect(RETURN_WORD.test(readable('I am back home now, is my order here?'))).toBe(false);
  });

  it('reads everyday yeses and noes in both languages; a bare yes or no is never a reason', () => {
    for (const y of ['alright', "that's right", 'sounds good', 'proceed', 'ماشي', 'توكل', 'ايه صح', 'يلا']) expect(YES.test(readable(y)), y).toBe(true);
    for (const n of ['not now', 'leave it', 'خلها', 'بلاش']) expect(NO.test(readable(n)), n).toBe(true);
    expect(ONLY_YES_OR_NO('sure!')).toBe(true);
    expect(ONLY_YES_OR_NO('نعم')).toBe(true);
    expect(ONLY_YES_OR_NO('no longer needed')).toBe(false);
    expect(ONLY_YES_OR_NO('yes, it stopped working after a day')).toBe(false);
  });
});
