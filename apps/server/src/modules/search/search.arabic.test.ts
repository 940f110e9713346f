import { describe, expect, it } from 'vitest';
import { arabicBase, arabicStem, foldArabic, isArabic } from './search.arabic.js';
import { analyze, maxEditsFor, normalize, STOPWORDS, tokenize } from './search.text.js';

describe('Arabic normalisation', () => {
  it('removes diacritics (tashkeel, shadda, tanween) and tatweel', () => {
    expect(normalize('سَمّاعَاتٌ')).toBe('سماعات');
    expect(normalize('مُرَطِّبٌ يَوْمِيٌّ')).toBe('مرطب يومي');
    expect(normalize('ســـماعة')).toBe('سماعه');
    expect(normalize('ثوانٍ')).toBe('ثوان');
  });

  it('writes every alef with hamza or madda, and alef wasla, as a bare alef; ؤ as و and ئ as ي', () => {
    expect(normalize('أحمر إسبريسو آلة ٱلكتاب')).toBe('احمر اسبريسو اله الكتاب');
    expect(normalize('مؤقت')).toBe('موقت');
    expect(normalize('حقائب')).toBe('حقايب');
  });

  it('reads ta marbuta as ha and alef maqsura as ya, as shoppers type them', () => {
    expect(normalize('ساعة ذكية')).toBe(normalize('ساعه ذكيه'));
    expect(normalize('مقهى')).toBe('مقهي');
    expect(normalize('على')).toBe(normalize('علي'));
  });

  it('reads Arabic-Indic and Persian digits, and the Arabic decimal and thousands separators, as digits', () => {
    expect(normalize('٢٧ بوصة')).toBe('27 بوصه');
    expect(normalize('۱۲۸ جيجابايت')).toBe('128 جيجابايت');
    expect(tokenize('٥٬٠٠٠ مللي أمبير')).toEqual(['5000', 'مللي', 'امبير']);
    expect(tokenize('٢٫٥ كجم')).toEqual(['2.5kg']);
  });

  it('reads presentation forms (lam-alef ligature) as the letters', () => {
    expect(normalize('\ufefbسلكي')).toBe('لاسلكي');
  });

  it('leaves text without Arabic as it was', () => {
    expect(foldArabic('Wireless Headphones 5,000 mAh')).toBe('Wireless Headphones 5,000 mAh');
    expect(isArabic('headphones')).toBe(false);
    expect(isArabic('سماعات')).toBe(true);
  });

  it('reads Arabic unit words after a number like the English units', () => {
    expect(tokenize('شاشة 27 بوصة')).toEqual(['شاشه', '27in']);
    expect(tokenize('27" monitor')).toEqual(['27in', 'monitor']);
    expect(tokenize('سعة 5.5 لتر')).toEqual(['سعه', '5.5l']);
    expect(tokenize('وزن 58 غراماً')).toEqual(['وزن', '58g']);
  });
});

describe('Arabic light stemmer', () => {
  it('removes the article and the particles attached to it', () => {
    expect(arabicBase('السماعات')).toBe('سماعات');
    expect(arabicBase('والسماعات')).toBe('سماعات');
    expect(arabicBase('بالبلوتوث')).toBe('بلوتوث');
    expect(arabicBase('للأطفال'.replace('أ', 'ا'))).toBe('اطفال');
    expect(arabicBase('وكاميرا')).toBe('كاميرا');
  });

  it('keeps short words and words that only begin with those letters', () => {
    expect(arabicBase('ال')).toBe('ال');
    expect(arabicBase('ورد')).toBe('ورد');
    expect(arabicStem('بيانو')).toBe('بيانو');
    expect(arabicStem('لابتوب')).toBe('لابتوب');
    expect(arabicStem('فانوس')).toBe('فانوس');
    expect(arabicStem('كاميرا')).toBe('كاميرا');
  });

  it('makes singular, sound plural, dual and definite forms one term', () => {
    const stems = (words: string[]) => new Set(words.map((w) => analyze(w)[0]));
    expect(stems(['ساعة', 'ساعات', 'الساعة', 'الساعات', 'ساعه'])).toEqual(new Set(['ساع']));
    expect(stems(['سماعة', 'سماعات', 'السماعات', 'سماعتين', 'سماعتان'])).toEqual(new Set(['سماع']));
    expect(stems(['ذكي', 'ذكية', 'الذكية', 'الذكي'])).toEqual(new Set(['ذك']));
    expect(stems(['لاسلكية', 'اللاسلكية', 'لاسلكي'])).toEqual(new Set(['لاسلك']));
    expect(stems(['مصمم', 'مصممون', 'مصممين'])).toEqual(new Set(['مصمم']));
  });

  it('reads common broken plurals as their singular', () => {
    expect(analyze('كتب')).toEqual(analyze('كتاب'));
    expect(analyze('حقائب')).toEqual(analyze('حقيبة'));
    expect(analyze('أحذية')).toEqual(analyze('حذاء'));
    expect(analyze('الأطفال')).toEqual(analyze('طفل'));
    // not a root extractor: the desk and the books stay apart
    expect(analyze('مكتب')).not.toEqual(analyze('كتب'));
  });

  it('does not stem a feminine dual down to two letters', () => {
    expect(arabicStem('بيتين')).toBe('بيت');
    expect(arabicStem('صوتين')).toBe('صوت');
  });
});

describe('Arabic query words', () => {
  it('drops Arabic stop words (normalised) but keeps product words', () => {
    for (const w of ['في', 'من', 'على', 'الى', 'اريد', 'ابغى']) expect(STOPWORDS.has(normalize(w)), w).toBe(true);
    expect(STOPWORDS.has('سماعات')).toBe(false);
  });

  it('gives Arabic words their own typo budget (no vowels written: shorter words)', () => {
    expect(maxEditsFor('قلم')).toBe(0);
    expect(maxEditsFor('كاميره')).toBe(1);
    expect(maxEditsFor('headphone')).toBe(2);
    expect(maxEditsFor('بالبلوتوث')).toBe(2);
  });
});
