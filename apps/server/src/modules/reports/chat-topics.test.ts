import { describe, expect, it } from 'vitest';
import { topicsOfArabicMessage } from './chat-topics.js';

// The admin's "most asked topics" count Arabic questions too (issue 26 item 1), folded as the search folds Arabic.
describe('topicsOfArabicMessage', () => {
  it('finds the topic of an Arabic question through its article, particles, spelling variants and diacritics', () => {
    expect(topicsOfArabicMessage('هل عندكم هاتف رخيص؟')).toEqual(['phones', 'prices']);
    // 'بالهواتف': bi- and the article before a broken plural; 'الأسعار' written with hamza, 'الاسعار' without
    expect(topicsOfArabicMessage('ما الأسعار بالهواتف')).toEqual(['phones', 'prices']);
    expect(topicsOfArabicMessage('ما الاسعار')).toEqual(['prices']);
    // ta marbuta as ha, a tashkeel mark and a tatweel: still the headphones
    expect(topicsOfArabicMessage('أريد سماعه لاسلكيـة')).toEqual(['audio']);
    expect(topicsOfArabicMessage('سَمّاعة')).toEqual(['audio']);
    expect(topicsOfArabicMessage('متى يصل طلبي؟ وكم يستغرق التوصيل')).toEqual(['orders']);
    expect(topicsOfArabicMessage('أيهما أفضل للسفر: لابتوب أم تابلت؟')).toEqual(['phones', 'laptops', 'comparisons']);
  });

  it('counts a Latin word inside an Arabic question as the English keywords do, and nothing for small talk', () => {
    expect(topicsOfArabicMessage('هل يوجد iPhone أرخص')).toEqual(['phones', 'prices']);
    expect(topicsOfArabicMessage('مرحبا، كيف حالك؟')).toEqual([]);
  });
});
