import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { MSG_AR } from './messages.ar.js';
import { messagesFor, registerArabicMessages } from './messages-for.js';
import { setReaderLocale } from './rules/locale.js';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z_]{3,}/g;
// Latin words an Arabic text keeps: names of fields, variables and headers a developer or a vendor's file reads, the
// sample order number, and file formats.
const KEPT_LATIN = new Set(['ADMIN_ACCESS_CODE', 'Idempotency', 'Key', 'useProductLocker', 'ProductLockerProvider', 'trade_license', 'SQ', 'emirates_id_front', 'emirates_id_back', 'vendor_id', 'SKU', 'PDF', 'JPG', 'PNG', 'JPEG', 'WebP', 'CSV', 'UTC', 'KX4M', 'PINT', 'AE']);

const CHOOSER = 'keywords';

/** Sample arguments of the right type for each parameter a text takes (names as in messages.ts). */
function sampleArgs(fn: (...args: never[]) => unknown): unknown[] {
  const params = /^\(?([^)=]*)\)?\s*=>/.exec(fn.toString())?.[1] ?? '';
  return params
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => {
      if (/^(types|from)$/.test(p)) return ['X7', 'X8'];
      if (/^(restock|autoOptimize|monitoring|drafts)$/.test(p)) return true;
      // an argument that chooses the words (which part of a listing), not a text shown as it is
      if (p === 'part') return CHOOSER;
      if (/^(qty|n|count|available|max|min|left|bought|ok|failed|days|d|units|id|total|active|hidden|products|threshold|orders|sold|change|pct|share|average|below)$/.test(p)) return 3 + i;
      return `X${i}`;
    });
}

type Leaf = { path: string; en: unknown; ar: unknown };
function leaves(en: Record<string, unknown>, ar: Record<string, unknown>, prefix = ''): Leaf[] {
  return Object.keys(en).flatMap((key) => {
    const e = en[key];
    const a = ar[key];
    if (e && typeof e === 'object' && !Array.isArray(e)) return leaves(e as Record<string, unknown>, (a ?? {}) as Record<string, unknown>, `${prefix}${key}.`);
    return [{ path: `${prefix}${key}`, en: e, ar: a }];
  });
}

describe('MSG in a reader language', () => {
  afterEach(() => setReaderLocale(null));

  it('English is the spec text', () => {
    expect(messagesFor('en')).toBe(MSG);
  });

  it('every key of MSG has its Arabic, of the same kind, and written in Arabic', () => {
    const all = leaves(MSG as unknown as Record<string, unknown>, MSG_AR as unknown as Record<string, unknown>);
    expect(all.length).toBeGreaterThan(450);
    expect(Object.keys(MSG_AR).sort()).toEqual(Object.keys(MSG).sort());
    for (const { path, en, ar } of all) {
      expect(typeof ar, path).toBe(typeof en);
      let text: unknown = ar;
      if (typeof en === 'function') {
        expect((ar as (...a: never[]) => unknown).length, `${path} takes the same arguments`).toBe((en as (...a: never[]) => unknown).length);
        const args = sampleArgs(en as (...a: never[]) => unknown);
        text = (ar as (...a: unknown[]) => unknown)(...args);
        // the arguments reach the text (a name, a number, a status)
        for (const arg of args) if (typeof arg === 'string' && arg !== CHOOSER) expect(text, `${path} shows ${arg}`).toContain(arg);
      }
      const texts = Array.isArray(text) ? text : [text];
      expect(texts.length).toBe(Array.isArray(en) ? en.length : 1);
      for (const t of texts) {
        expect(typeof t).toBe('string');
        expect(t, `${path} is Arabic`).toMatch(ARABIC);
        const stray = ((t as string).replace(/X\d/g, '').match(LATIN_WORD) ?? []).filter((w) => !KEPT_LATIN.has(w));
        expect(stray, `${path} has no English left`).toEqual([]);
      }
    }
  });

  it('Arabic counts take Arabic plural forms (zero, one, two, few, many, other)', () => {
    expect(MSG_AR.unitsAvailable(0)).toBe('لا توجد وحدات متاحة');
    expect(MSG_AR.unitsAvailable(1)).toBe('وحدة واحدة متاحة');
    expect(MSG_AR.unitsAvailable(2)).toBe('وحدتان متاحتان');
    expect(MSG_AR.unitsAvailable(3)).toBe('3 وحدات متاحة');
    expect(MSG_AR.unitsAvailable(11)).toBe('11 وحدة متاحة');
    expect(MSG_AR.unitsAvailable(100)).toBe('100 وحدة متاحة');
    expect(MSG_AR.reviewSummaryIntro(5)).toBe('ما يقوله المشترون، من واقع 5 مراجعات');
    expect(MSG_AR.returnWindowClosed(14)).toBe('انتهت مهلة الإرجاع لهذا الطلب، ومدتها 14 يومًا');
    expect(MSG_AR.statementTooLarge(50000)).toBe('أكثر من 50,000 قيد في هذه الفترة: اختر فترة أقصر');
  });

  it('counts follow the reader digits: Arabic-Indic when chosen', () => {
    setReaderLocale({ locale: 'ar', digits: 'arab' });
    expect(MSG_AR.unitsAvailable(12)).toBe('١٢ وحدة متاحة');
    expect(MSG_AR.statementTooLarge(50000)).toBe('أكثر من ٥٠٬٠٠٠ قيد في هذه الفترة: اختر فترة أقصر');
    // the English texts keep Latin digits whatever an Arabic reader chose
    expect(MSG.statementTooLarge(50000)).toBe('More than 50,000 entries in that range: choose a shorter one');
  });

  it('the Arabic texts registered are the ones a reader in Arabic gets', () => {
    registerArabicMessages(MSG_AR);
    expect(messagesFor('ar')).toBe(MSG_AR);
  });

  it('an unknown language reads English', () => {
    expect(messagesFor('fr')).toBe(MSG);
    expect(messagesFor(undefined)).toBe(MSG);
  });
});
