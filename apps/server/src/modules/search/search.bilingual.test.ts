import { describe, expect, it } from 'vitest';
import type { Product } from '@souq/shared/api/catalogue';
import { ALIGN_CAP, BilingualVocabulary } from './search.bilingual.js';
import { SearchIndex, type SearchDoc } from './search.engine.js';
import { aboutTheQuery } from './query-kind.js';
import { analyze, normalize, stem, tokenize } from './search.text.js';

// Decision 0184: the catalogue's own bilingual vocabulary. An Arabic word reads as the English words of listings' names
// and tags it stands for, learned from the listings that say both, so an Arabic request finds a listing that says the
// word only in English (its tags), in the search box and in the assistant's "about the query" filter.

const doc = (id: number, name: string, tags: string[], nameAr: string, descriptionAr: string): SearchDoc => ({
  id, name, brand: '', categories: ['Outdoor'], tags, description: '', nameAr, descriptionAr, priceCents: 1000 * id, stock: 3, rating: null, reviewCount: 0,
});
// a tent and a lantern say «تخييم» in Arabic and 'camping' in English; the sleeping bag says 'camping' in its tags only
const CAMPING = [
  doc(1, 'Summit 4-Person Camping Tent', ['camping', 'tent', 'family'], 'خيمة تخييم لأربعة أشخاص', 'خيمة قبة واسعة تنصب في خمس دقائق'),
  doc(2, 'Glowtrail Rechargeable LED Lantern', ['lantern', 'camping', 'led'], 'فانوس قابل لإعادة الشحن', 'فانوس تخييم بقوة 1000 لومن'),
  doc(3, 'Alpine Down Sleeping Bag', ['sleeping bag', 'camping', 'down'], 'كيس نوم من الريش', 'كيس نوم خفيف لليالي الصحراء'),
  doc(4, 'HydroPeak Insulated Water Bottle', ['water bottle', 'insulated'], 'زجاجة ماء معزولة', 'قارورة تحافظ على برودة الماء'),
];

describe('the bilingual vocabulary', () => {
  it('aligns an Arabic word with the English word said on most of the same listings', () => {
    const b = new BilingualVocabulary();
    b.add(['camp', 'tent'], ['تخييم', 'خيم']);
    b.add(['camp', 'lantern'], ['تخييم', 'فانوس']);
    b.add(['camp', 'sleep', 'bag'], ['كيس', 'نوم']);
    expect(b.englishFor('تخييم')).toEqual(['camp']);
    // a word of one listing only tells nothing (one listing is a coincidence)
    expect(b.englishFor('فانوس')).toEqual([]);
  });

  it('learns nothing from a listing without Arabic, and nothing of a word past the cap', () => {
    const b = new BilingualVocabulary();
    b.add(['camp'], []);
    expect(b.englishFor('تخييم')).toEqual([]);
    for (let i = 0; i < ALIGN_CAP + 1; i++) b.add(['quality'], ['جودة']);
    expect(b.englishFor('جودة')).toEqual([]);
  });

  it('leaves an English word said on many listings beside few Arabic ones', () => {
    const b = new BilingualVocabulary();
    b.add(['wireless', 'headphone'], ['سماعات']);
    b.add(['wireless', 'headphone'], ['سماعات']);
    for (let i = 0; i < 6; i++) b.add(['wireless', 'mouse'], ['فأرة']);
    expect(b.englishFor('سماعات')).toEqual(['headphone']);
  });
});

describe('an Arabic request finds what a listing says only in English', () => {
  it('«معدات تخييم» finds the sleeping bag by its tag, after the listings that say «تخييم»', async () => {
    const index = new SearchIndex();
    await index.load(CAMPING);
    const ids = index.search('معدات تخييم', { limit: 10, prefix: false }).ids;
    expect(ids.slice(0, 2).sort()).toEqual([1, 2]);
    expect(ids).toContain(3);
    expect(ids).not.toContain(4);
    expect(index.englishFor('التخييم')).toContain(stem('camping'));
    // a Latin word has no Arabic reading
    expect(index.englishFor('camping')).toEqual([]);
  });

  it('keeps the sleeping bag among the matches about the request', async () => {
    const index = new SearchIndex();
    await index.load(CAMPING);
    const text = { analyze, tokenize, normalize, englishFor: (w: string) => index.englishFor(w) };
    const asProduct = (d: SearchDoc) => ({ id: d.id, name: d.name, name_ar: d.nameAr ?? '', brand: '', categories: d.categories, tags: d.tags, keywords: [] }) as unknown as Product;
    const list = CAMPING.slice(0, 3).map(asProduct);
    expect(aboutTheQuery(text, ['تخييم'], list).list.map((p) => p.id)).toEqual([1, 2, 3]);
    // without the vocabulary only the tent stayed: the lantern says «تخييم» in its description, the bag not at all
    expect(aboutTheQuery({ analyze, tokenize, normalize }, ['تخييم'], list).list.map((p) => p.id)).toEqual([1]);
  });
});
