import { describe, expect, it } from 'vitest';
import { WHERE, readable, reasonIn } from './assistant.aftersales-words.js';
import { readArabic } from './assistant.arabic.js';
import { GIFT, budgetPhrases, countWished, isOffTopic } from './assistant.words.js';
import { tellsSituation } from './assistant.told.js';
import { policyTopics } from './assistant.shop.js';
import { askedAge } from '../search/query-age.js';

// Decision 0202: general behaviours for the causes the spent blind set blind-2026-12-01 showed, each checked in wordings
// of our own (English and Arabic), none copied from the set, with the cases that must not change beside them.

/** The message's words as the assistant counts them (enough for the count `tellsSituation` needs). */
const wordsOf = (text: string) => readable(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);
const told = (text: string) => tellsSituation(text, readArabic(text), wordsOf(text));

describe('a situation told in a sentence of one\'s own is read as a need', () => {
  it.each([
    'my cat knocks her bowl over every single evening',
    'we take the kids to the beach and their drinks get warm fast',
    'I commute two hours a day on a crowded train',
    'trying to cook healthier dinners for the whole family',
    'قطتي تقلب صحنها كل ليلة وتوسخ المطبخ',
    'أشتغل من البيت وظهري يتعب من الكرسي القديم',
    'نسافر كل صيف للجبل والجو هناك بارد',
  ])('%s', (text) => expect(told(text)).toBe(true));

  it.each([
    'wireless headphones with long battery',
    'do you have a blender under 300',
    'which is the best laptop for students',
    'is the espresso machine worth it',
    'سماعات لاسلكية بسعر حلو',
    'عندكم خلاط قوي؟',
    'قارن بين اللابتوبات',
    'cheap kettle',
  ])('not: %s', (text) => expect(told(text)).toBe(false));
});

describe('a sum spent per day, week or month is no budget', () => {
  it.each([
    ['I spend 40 dirhams a day on iced coffee', '40'],
    ['spending 300 aed a month on takeaway', '300'],
    ['أصرف ٣٠ درهم باليوم على القهوة', '30'],
  ])('%s', (text, amount) => expect(budgetPhrases(readArabic(text))).not.toContain(amount));

  it.each([
    ['a blender under 300 aed', 'under 300'],
    ['I can spend 500 dirhams on a gift', 'under 500'],
  ])('still a budget: %s', (text, read) => expect(budgetPhrases(text)).toContain(read));
});

describe('an age said as a birthday or of the person', () => {
  it.each([
    ['present for my niece, she is turning 4', 4],
    ['my son turns 9 next week', 9],
    ["something for my nephew, he's 6 now", 6],
    ['a gift for a 13 year old', 13],
  ])('%s → %d', (text, age) => expect(askedAge(text)).toBe(age));

  it.each(['turn 2 lamps on from the phone', 'he is 6 feet tall', 'a lamp that turns off at 10 pm'])('no age: %s', (text) => {
    expect(askedAge(text)).toBeNull();
  });
});

describe('the facts of the day are no shopping', () => {
  it.each([
    'will it rain in abu dhabi on friday?',
    "what's the forecast for the weekend",
    'what is the euro exchange rate today',
    'prayer times in sharjah',
    'متى أذان الفجر بكرة؟',
    'كم سعر صرف الريال؟',
    'مواعيد الصلاة في العين',
  ])('%s', (text) => expect(isOffTopic(readArabic(text))).toBe(true));

  it.each(['a jacket for the rain', 'waterproof speaker for the pool', 'سجادة صلاة', 'جاكيت للمطر'])('still shopping: %s', (text) => {
    expect(isOffTopic(readArabic(text))).toBe(false);
  });
});

describe('which of those on the table, in Arabic', () => {
  it.each([
    ['أرخصهم؟', 'which one is the cheapest'],
    ['طيب اغلاهم كم؟', 'which one is the most expensive'],
    ['أيهم أعلى تقييم؟', 'which one is best rated'],
    ['مين فيهم أفضل تقييم', 'which one is best rated'],
    ['فيه شي أرخص من الخلاط Vortex؟', 'cheaper than'],
  ])('%s', (text, read) => expect(readArabic(text)).toContain(read));

  it.each([
    ['أرخص من ٢٠٠ درهم', 'under 200'],
    ['أرخص لابتوب', 'cheapest'],
  ])('a budget or a superlative stays: %s', (text, read) => expect(budgetPhrases(readArabic(text))).toContain(read));
});

describe('the cart, an order, a reason, a gift, a payment: the words of everyday speech', () => {
  it.each([
    ['بشتري نسختين', 2],
    ["I'll buy 3 copies", 3],
  ])('a count wished: %s', (text, n) => expect(countWished(readArabic(text))).toBe(n));

  it.each(["what's going on with my parcel", 'whats happening with the lamp I bought', "what's up with my order"])('where: %s', (text) => {
    expect(WHERE.test(readable(text))).toBe(true);
  });

  it.each(['ابي ارجع الجاكيت ما عجبني', 'I want to send the mug back, I just did not like it', 'الشنطة ما عجبتني أبي أرجعها'])('a reason: %s', (text) => {
    expect(reasonIn(text)?.reason).toBe('no_longer_needed');
  });

  it.each(['what can I get him for eid', 'my sister loves baking, what should I buy her', 'هدية بيت جديد لصديقي'])('a gift: %s', (text) => {
    expect(GIFT.test(readArabic(text))).toBe(true);
  });
  it.each(['what can I get for 200 aed', 'can I get it by friday'])('no gift: %s', (text) => expect(GIFT.test(readArabic(text))).toBe(false));

  it.each(['فيه دفع عند الاستلام؟', 'تقبلون الدفع عند التوصيل', 'ممكن ادفع بعد الاستلام'])('payment: %s', (text) => {
    expect(policyTopics(readArabic(text), { productInQuestion: false })).toContain('payment');
  });
});
