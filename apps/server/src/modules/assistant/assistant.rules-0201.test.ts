import { describe, expect, it } from 'vitest';
import { chatOn, withDemoCatalogue } from '../../../test/demo-app.js';
import { mediaNamed, otherWords, serviceAsked, withoutMedium } from './assistant.offtopic.js';

// Decision 0201: a request that is no shopping request — a service asked of the assistant, media to watch or listen to, a
// sum — is steered back to shopping, in the shopper's language; a product whose purpose is a verb or a medium is still
// found. Wordings of our own, English and Arabic, none copied from a measured set.

describe('a service, media or a sum asked, read from grammar', () => {
  it.each([
    ['what is 12% of 560', 'sum'],
    ['how much is 45 x 3', 'sum'],
    ['كم ٣٠٪ من ٩٠٠', 'sum'],
    ['could you translate this sentence into german', 'service'],
    ['please calculate my age if I was born in 1990', 'service'],
    ['write me a birthday message for my dad', 'service'],
    ['tell me a riddle', 'service'],
    ['ترجم لي هالجملة للانجليزي', 'service'],
    ['اكتبلي رسالة لصديقي', 'service'],
    ['قول لي لغز', 'service'],
    ['suggest me a scary movie', 'media'],
    ["what's a good podcast for the commute", 'media'],
    ['any documentary to watch with the kids?', 'media'],
    ['رشح لي مسلسل كوري', 'media'],
    ['وش فيلم حلو نشوفه', 'media'],
    ['بدي فيلم اتابعه الليلة', 'media'],
  ])('%s → %s', (text, kind) => {
    expect(serviceAsked(text)?.kind).toBe(kind);
  });

  it.each([
    'a lamp to read at night',
    'something to watch my baby at night',
    'a monitor to watch movies on',
    'tell me about the kettle',
    'tell me a bit about the drone',
    'I want to work out at home',
    'a notebook to write in',
    'iphone 15 case',
    'a running watch under 500',
    'شاشة اشوف عليها افلام',
    'سماعات اسمع فيها اغاني',
    'أبي أكتب أسرع',
    'نسمع أغاني في الرحلة',
    'قولي وش الأرخص',
    'قل لي كم سعر السماعة',
    'suggest gifts for movie lovers',
  ])('%s asks for no service', (text) => {
    expect(serviceAsked(text)).toBeNull();
  });

  it('leaves the words that may name a product', () => {
    expect(otherWords(['movie', 'watch', 'tonight'])).toEqual([]);
    expect(otherWords(['translate', '15', 'headphones'])).toEqual(['headphones']);
    expect(otherWords(['شاشه', 'افلام'])).toEqual(['شاشه']);
    expect(mediaNamed('a monitor to watch movies on')).toBe(true);
    expect(mediaNamed('شاشة اشوف عليها افلام')).toBe(true);
    expect(mediaNamed('a lamp to read at night')).toBe(false);
    expect(withoutMedium('a big monitor to watch movies on')).toBe('a big monitor on');
  });
});

const demo = withDemoCatalogue();

const chat = (message: string, lang: 'en' | 'ar') => chatOn(demo(), message, lang);
const STEERED = { en: /shopping assistant, so I can't help with that/, ar: /أنا مساعد التسوق في سوق/ };

describe('through POST /api/ai/chat on the demo catalogue', () => {
  // steered: the off-topic answer, nothing listed; else products listed and no off-topic answer
  it.each([
    ['what is 12% of 560', 'en', true],
    ['suggest me a scary movie to watch', 'en', true],
    ['write me a birthday message for my dad', 'en', true],
    ['tell me a riddle', 'en', true],
    ['رشح لي مسلسل كوري', 'ar', true],
    ['ترجم لي هالجملة للانجليزي', 'ar', true],
    ['احسب لي ٣٠٪ من ٩٠٠', 'ar', true],
    ['a lamp to read at night', 'en', false],
    ['recommend me a good novel', 'en', false],
    ['a camera to film my kids playing football', 'en', false],
    ['a gift for my brother who loves watching movies', 'en', false],
    ['my back hurts from sitting all day', 'en', false],
    ['ساعة أشوف فيها الوقت وأنا أركض', 'ar', false],
    ['شاشة كبيرة اشوف عليها افلام', 'ar', false],
    ['الكهربا تنقطع عندنا', 'ar', false],
  ] as const)('%s (%s) steered back: %s', async (message, lang, steered) => {
    const r = await chat(message, lang);
    expect(STEERED[lang].test(r.response)).toBe(steered);
    expect(r.listed.length > 0).toBe(!steered);
  }, 60_000);
});
