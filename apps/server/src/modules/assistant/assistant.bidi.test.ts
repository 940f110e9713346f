import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { FSI, PDI, isolate, isolateLines, withoutIsolates } from './assistant.bidi.js';

// Issue 26 item 3: a value a vendor or shopper typed, inside the assistant's Arabic answer, is isolated (FSI … PDI) so
// '2-year manufacturer warranty' and '16.1 x 7.6 x 0.9 cm' read in their own order in the right-to-left sentence; the
// English answer stays as it was. Through POST /api/ai/chat on a real database.

const WARRANTY = '2-year manufacturer warranty';
const DIMENSIONS = '16.1 x 7.6 x 0.9 cm';
const BULLET = '6.7" 120 Hz LTPO OLED display';

describe('isolating a typed value', () => {
  it('wraps Latin text once, and leaves Arabic-only text and line breaks alone', () => {
    expect(isolate(WARRANTY)).toBe(`${FSI}${WARRANTY}${PDI}`);
    expect(isolate(isolate(WARRANTY))).toBe(`${FSI}${WARRANTY}${PDI}`);
    expect(isolate('ضمان لمدة سنتين')).toBe('ضمان لمدة سنتين');
    expect(isolate('ضمان 2 سنة')).toBe(`${FSI}ضمان 2 سنة${PDI}`);
    expect(isolate('one\ntwo')).toBe('one\ntwo');
    expect(isolateLines('one\nسطر\ntwo')).toBe(`${FSI}one${PDI}\nسطر\n${FSI}two${PDI}`);
    expect(withoutIsolates(isolateLines('one\ntwo'))).toBe('one\ntwo');
  });
});

type Reply = { response: string; mentionedProducts: { id: number; action: string }[] };

let t: TestContext;
let phone: number;

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.app.services.catalogue.createProduct({
    name: 'Nova X15 Pro Smartphone', nameAr: 'هاتف نوفا X15 برو', brand: 'Nova', categories: ['smartphones'], priceCents: 389_900, stock: 42,
    rating: 4.7, reviewCount: 12, description: 'A 6.7-inch 120 Hz OLED flagship.', descriptionAr: 'هاتف رائد بشاشة OLED مقاس 6.7 إنش.',
    bulletPoints: [BULLET, '256 GB storage, 12 GB RAM'], tags: ['5g', 'flagship'], warrantyInfo: WARRANTY, dimLength: 16.1, dimWidth: 7.6, dimHeight: 0.9,
  });
  phone = row.id;
});
afterAll(() => t?.close());

async function chat(message: string, lang: 'ar' | 'en'): Promise<string> {
  const res = await call(t.app, {
    method: 'POST', url: '/api/ai/chat', headers: { 'accept-language': lang }, body: { message, productContext: { id: phone } },
  });
  expect(res.status, res.body).toBe(200);
  return (res.json as Reply).response;
}

const occurrences = (text: string, piece: string) => text.split(piece).length - 1;

/** Every isolate opened is closed on its own line, and none is closed before it opens. */
function balanced(text: string): boolean {
  return text.split('\n').every((line) => {
    let depth = 0;
    for (const ch of line) {
      if (ch === FSI) depth++;
      if (ch === PDI && --depth < 0) return false;
    }
    return depth === 0;
  });
}

describe("the assistant's answer about a product", () => {
  it('in Arabic, isolates the warranty and the dimensions, each exactly once, and the other typed values', async () => {
    const ar = await chat('أخبرني عنه', 'ar');
    expect(ar).toMatch(/[\u0621-\u064a]/);
    for (const value of [WARRANTY, DIMENSIONS]) {
      expect(occurrences(ar, `${FSI}${value}${PDI}`)).toBe(1);
      // and nowhere without its isolates
      expect(occurrences(ar, value)).toBe(1);
    }
    expect(ar).toContain(`• ${FSI}${BULLET}${PDI}`);
    expect(ar).toContain(`من ${FSI}Nova${PDI}`);
    // the seller's tags are English search words: an Arabic answer leaves them out (issue 34 item 14)
    expect(ar).not.toContain('flagship');
    expect(balanced(ar)).toBe(true);
    // what the reader sees: the Arabic sentence with the values as typed
    expect(withoutIsolates(ar)).toContain(`الضمان: ${WARRANTY} · الأبعاد: ${DIMENSIONS}`);
  });

  it('in Arabic, isolates them in the answer to a question about its specifications too', async () => {
    const ar = await chat('what is the warranty and what are the dimensions?', 'ar');
    expect(occurrences(ar, `${FSI}${WARRANTY}${PDI}`)).toBe(1);
    expect(occurrences(ar, `${FSI}${DIMENSIONS}${PDI}`)).toBe(1);
    expect(occurrences(ar, WARRANTY)).toBe(1);
    expect(balanced(ar)).toBe(true);
  });

  it('in English, writes the same values with no isolates: the visible text is as it was', async () => {
    const en = await chat('tell me about it', 'en');
    expect(en).not.toMatch(/[\u2068\u2069]/);
    expect(withoutIsolates(en)).toBe(en);
    expect(en).toContain(`**Nova X15 Pro Smartphone** by Nova (`);
    expect(en).toContain(`Warranty: ${WARRANTY} · Dimensions: ${DIMENSIONS}`);
    expect(en).toContain(`• ${BULLET}\n`);
    expect(en).toContain('Tags: 5g, flagship');
  });
});
