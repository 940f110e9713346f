import { describe, expect, it } from 'vitest';
import { chatOn, withDemoCatalogue } from '../../../test/demo-app.js';
import { foldArabic } from '../search/search.arabic.js';
import { extractPrice } from '../search/search.text.js';
import { readArabicPrices } from '../search/query-price.js';
import { standardArabic, understandQuery } from '../search/query-understanding.js';
import { kindsAsked } from './assistant.understanding.js';

// Decision 0205: the scope of a negation and what it negates — a kind, an attribute, a maker — read by general rules of
// English and Arabic in the query understanding the search box shares; a price word denied is a price wish; a negation
// the catalogue names products by is an attribute asked for; a kind not sold is told with its nearest departments.
// Wordings of our own, English and Arabic (Gulf and MSA), none copied from a measured set.

const fold = (s: string) => foldArabic(s.normalize('NFKD')).normalize('NFC');

describe('what a negation rules out', () => {
  it.each([
    // a hyphenated word is one word: 'over-ear' is a kind, not 'over' a price
    ['earphones please, nothing over-ear', ['over-ear']],
    ['a tent, none over-sized', ['over-sized']],
    // the maker of what is ruled out
    ['any laptop not made by Zentek', ['zentek']],
    ['a camera, nothing from Optix', ['optix']],
    ["headphones that aren't by Aura", ['aura']],
    // 'anything but', 'everything but' are 'except'
    ['kitchen things, anything but a blender', ['blender']],
    ['show me everything but the drones', ['drones']],
    // Arabic: «بلاش», «إلا», «ولا أبي», what it is made or meant for
    ['ابي جوال بس بلاش Galaxis', ['galaxis']],
    ['أغراض رحلات أي شي إلا الخيمة', ['الخيمه']],
    ['ابي ساعة ذكية ولا ابي ساعة أطفال', ['ساعه اطفال']],
    ['أبحث عن حاسوب لا يكون مصمماً للألعاب', ['للالعاب']],
    ['حذا مب رياضي', ['رياضي']],
  ])('%s rules out %j', (text, excluded) => {
    expect(understandQuery(text).excluded).toEqual(excluded);
  });

  it.each([
    // still a budget or a price wish, never a product's word
    'nothing over 500 please',
    'a camera, nothing cheap',
    'a phone that is not too expensive',
    'لابتوب مو غالي',
    'ساعة ذكية ومو رخيصة',
    'جوال ما يكون رخيص',
    // no product ruled out
    'no thanks, just looking',
  ])('%s rules nothing out', (text) => {
    expect(understandQuery(text).excluded).toEqual([]);
  });

  it('reads «بدون ما …» before a verb as what the product spares, not a word «ما» of a product', () => {
    const u = understandQuery('بيانو أتمرن عليه بدون ما أزعج الجيران');
    expect(u.excluded).toEqual(['ازعج الجيران']);
    expect(u.freeOf).toEqual(['ازعج']);
  });

  it('keeps an attribute the catalogue names by its absence as a reading (the catalogue decides)', () => {
    // 'non-slip' and «بدون سلك» are read as negations here; the search and the assistant search them as written when a
    // listing names a product so (namesAbsence)
    expect(understandQuery('a non-slip mat').excluded).toEqual(['slip']);
    expect(understandQuery('سماعات بدون سلك').excluded).toEqual(['سلك']);
  });
});

describe('a price word denied', () => {
  it.each([
    ['a proper camera, not a cheap one', 'high'],
    ['nothing cheap, a good tent', 'high'],
    ["it isn't budget I'm after", 'high'],
    ['a phone that is not too expensive', 'low'],
    ['cheap headphones', 'low'],
  ] as const)('%s → %s', (text, intent) => {
    expect(extractPrice(text).intent).toBe(intent);
  });

  it.each([
    ['ساعه مو رخيصه', 'premium'],
    ['جوال ومب رخيص', 'premium'],
    ['لابتوب مو غالي', 'cheap'],
    ['لابتوب رخيص', 'cheap'],
  ])('%s reads %s', (text, word) => {
    expect(readArabicPrices(fold(text))).toContain(word);
  });
});

describe('Arabic forms', () => {
  it.each([
    // «حذا», a shoe as it is typed without its hamza
    ['حذا', 'حذاء'],
    ['حذا مب جلد', 'حذاء مب جلد'],
    ['جوال', 'هاتف'],
  ])('%s → %s', (text, std) => {
    expect(standardArabic(fold(text))).toBe(fold(std));
  });

  it.each([
    ['عندكم عبايات؟', 'abaya'],
    ['ابغى كندورة بيضاء', 'kandura'],
    ['أبي نظارات سباحة للعيال', 'swimming goggles'],
  ])('%s asks for a kind of the taxonomy (%s)', (text, kind) => {
    expect(kindsAsked(fold(text)).map((k) => k.type)).toContain(kind);
  });

  it('reads no such kind in what the shop sells', () => {
    expect(kindsAsked(fold('نظارة شمسية'))).toEqual([]);
    expect(kindsAsked(fold('سوار رياضي'))[0]?.type).toBe('bracelet');
  });
});

const demo = withDemoCatalogue();

const chat = (message: string, lang: 'en' | 'ar') => chatOn(demo(), message, lang);
const NOT_SOLD = { en: /we don't sell/, ar: /لا نبيع/ };

describe('through POST /api/ai/chat on the demo catalogue', () => {
  // what is listed: the first names (by model, in either language), none of the ruled out, or 'not sold' naming a department
  it.each([
    ['earbuds or headphones, nothing over-ear', 'en', { none: ['SoundCore Q45', 'Aura Studio'] }],
    ["a laptop that isn't made by Zentek", 'en', { none: ['Zenbook', 'Chromebook'] }],
    ['smart home stuff, anything but a doorbell', 'en', { none: ['Ringo'] }],
    ['a good camera, nothing cheap', 'en', { none: ['Snapmoment', 'Optix 50mm'] }],
    ['جوال بس بلاش Nova', 'ar', { none: ['Nova X15'] }],
    ['أبي أشياء للبيت الذكي بدون كاميرا مراقبة', 'ar', { none: ['Sentinel', 'Nexus'] }],
    ['أبحث عن حاسوب محمول ليس للألعاب', 'ar', { none: ['Raptor'] }],
    ['do you stock toasters?', 'en', { notSold: 'Kitchen' }],
    ['عندكم عبايات؟', 'ar', { notSold: 'الأزياء' }],
  ] as const)('%s (%s)', async (message, lang, want: { none?: readonly string[]; first?: string; notSold?: string }) => {
    const r = await chat(message, lang);
    if (want.notSold) {
      expect(r.response).toMatch(NOT_SOLD[lang]);
      expect(r.response).toContain(want.notSold);
      return;
    }
    expect(r.listed.length, r.response).toBeGreaterThan(0);
    if (want.first) expect(r.listed[0], r.response).toContain(want.first);
    for (const n of want.none ?? []) expect(r.listed.some((x) => x.includes(n)), r.response).toBe(false);
  }, 60_000);
});
