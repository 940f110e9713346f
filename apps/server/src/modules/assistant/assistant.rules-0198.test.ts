import { describe, expect, it } from 'vitest';
import { HUMAN, ORDER_WORD, readable } from './assistant.aftersales-words.js';
import { readArabic } from './assistant.arabic.js';
import { ADD_IT, WANT_IN_CART, cartAsked } from './assistant.words.js';
import { needFunctionGroups } from './assistant.understanding.js';
import { isCause } from './assistant.prepurchase.js';
import { arabicReadings } from '../search/search.arabic.js';
import { policyTopics } from './assistant.shop.js';

// Decision 0198: general behaviours for the causes the spent blind set blind-2026-11-30d showed, each checked in wordings
// of our own (English and Arabic), none copied from the set.

const fns = (text: string) => needFunctionGroups(readArabic(text)).flat();

describe('situations told are read as what listings say answers them', () => {
  it.each([
    ['sitting at my desk all day, my neck is killing me', 'lumbar'],
    ['the power went out twice this week', 'lantern'],
    ['الكهربا تنقطع عندنا بالليل', 'فانوس'],
    ['the ac is on all day and the bill is huge', 'energy saving'],
    ['nobody is home during the day but the flat stays cool', 'schedule'],
    ['my eyes get tired when I study late', 'flicker'],
    ['عيوني تعورني من القراية', 'وميض'],
    ['I keep waking up exhausted', 'sleep'],
    ['أصحى تعبان كل يوم', 'النوم'],
    ['getting ready for a half-marathon', 'running'],
    ['أتمرن للماراثون', 'الجري'],
    ['I want to lose weight before summer', 'weight'],
    ['ودي أنحف شوي', 'الوزن'],
    ['something to carry my gear on the trail', 'backpack'],
    ['أبي شي أحمل فيه أغراضي', 'حقيبه'],
    ['we go hiking every month', 'hiking'],
    ['نروح هايكنج كل شهر', 'للمشي'],
    ['my son is learning to code', 'programming'],
    ['أخوي مبرمج', 'البرمجه'],
    ['any good reads for the beach?', 'book'],
    ["we can't hear the actors over the music on the tv", 'dialogue'],
    ['صوت التلفزيون واطي ما نسمع الكلام', 'الحوار'],
    ['my daughter is glued to her tablet all day', 'activity'],
    ['ولدي ما يتحرك من الصبح', 'نشاط'],
    ['I want to type faster', 'keyboard'],
    ['أبي أكتب أسرع', 'مفاتيح'],
    ['we like listening to music at the beach', 'speaker'],
    ['نسمع أغاني في الرحلة', 'صوت'],
    ['نقلي كثير وودنا نقلل الزيت', 'بزيت'],
    ['الماء يحمى في الشنطة', 'معزوله'],
  ])('%s → %s', (text, term) => {
    expect(fns(text)).toContain(term);
  });

  it.each([
    'do you have a discount code?',
    'a slim laptop under 3000',
    'my phone battery is running out',
    'what type of phone is best?',
    'price hike on the blender?',
    'laptop under 5k',
    'blue running shoes',
    'a running watch with gps',
    'سماعة للموسيقى',
  ])('no situation is read in %s', (text) => {
    const all = fns(text);
    for (const term of ['programming', 'weight', 'running', 'keyboard', 'hiking', 'speaker']) expect(all).not.toContain(term);
  });
});

describe('the cause of a situation told is not a kind asked for', () => {
  it.each([
    ['المكيفات', readArabic('فاتورة الكهرباء ترتفع من المكيفات'), true],
    ['heaters', 'the electricity bill is huge because of the heaters', true],
    ['المكيفات', readArabic('عندكم مكيفات؟'), false],
    ['heaters', 'do you sell heaters?', false],
  ])('%s in "%s": %s', (kind, text, cause) => {
    expect(isCause(kind, text)).toBe(cause);
  });
});

describe('the hard g of a loanword is read in the letters Arabic writes it with', () => {
  it.each([
    ['يوجا', 'يوغا'],
    ['قيمنج', 'قيمنق'],
  ])('%s → %s', (word, reading) => {
    expect(arabicReadings(word)).toContain(reading);
  });
});

describe('how one pays, said by its means in Arabic, is the payment rule', () => {
  it.each(['تقبلون بطاقات؟', 'أقدر أدفع كاش؟', 'عندكم تقسيط؟', 'الدفع بالأقساط متاح؟'])('%s', (text) => {
    expect(policyTopics(readArabic(text), { productInQuestion: false })).toContain('payment');
  });
});

describe('the cart: the Gulf «زيد» adds, a wish for it before an add, the cart named first', () => {
  it.each([
    ['زيد في السلة سماعة', null],
    ['زيد الكمية في السلة', 'change'],
    ['زود العدد في سلتي', 'change'],
  ])('%s → %s', (text, reading) => {
    expect(cartAsked(readable(text))).toBe(reading);
  });
  it.each([
    ['i want it, add it', true],
    [readArabic('ابيها، حطها'), true],
    [readArabic('بغيته ضيفه'), true],
    ['i want it in blue', false],
    [readArabic('ما ابيها حق ألعاب، ضيف غيرها'), false],
  ])('%s adds: %s', (text, adds) => {
    expect(ADD_IT.test(text)).toBe(adds);
  });
  it.each([
    ['cart: two yoga mats', true],
    ['basket - the kettle please', true],
    ['what is in my cart?', false],
  ])('%s wants it in the cart: %s', (text, wants) => {
    expect(WANT_IN_CART.test(text)).toBe(wants);
  });
});

describe("a person asked for as 'get me an agent'; a battery's charge is no shipment", () => {
  it.each([
    ['HUMAN', 'get me an agent', true],
    ['HUMAN', 'connect me to a real person', true],
    ['HUMAN', 'put me through to a human', true],
    ['HUMAN', 'get me a phone', false],
    ['ORDER_WORD', 'كم ساعة تشتغل على الشحنة؟', false],
    ['ORDER_WORD', 'تدوم كم بشحنة وحدة؟', false],
    ['ORDER_WORD', 'وين الشحنة حقتي؟', true],
    ['ORDER_WORD', 'متى توصل شحنتي؟', true],
  ] as const)('%s %s: %s', (pattern, text, found) => {
    expect((pattern === 'HUMAN' ? HUMAN : ORDER_WORD).test(readable(text))).toBe(found);
  });
});

describe('a battery charge is no shipping question', () => {
  it.each(['كم ساعة تشتغل على الشحنة؟', 'البطارية تكفي كم يوم بشحنة وحدة؟'])('%s', (text) => {
    expect(policyTopics(readArabic(text), { productInQuestion: true })).not.toContain('shipping');
    expect(readable(text)).toContain('on one charge');
  });
});
