import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { analyze, extractPrice } from '../search/search.text.js';
import { readArabic } from './assistant.arabic.js';
import { budgetPhrases } from './assistant.words.js';
import { PRICE_Q } from './assistant.words.js';
import { departmentNamed, isNeed, kindsAsked, needFunctions, readNegation, saysItDoesWithout, standardArabic } from './assistant.understanding.js';

// Issue 37 item 2, decision 0135: general rules of understanding a request, each in English and Arabic — negation, what a
// listing says a product does without, Gulf words, kinds asked for in Arabic (broken plurals), needs, price words — and
// what the assistant does with them on a catalogue of its own.

/** A message as the assistant reads it before these rules: Arabic intent phrases rewritten, Gulf words in MSA. */
const read = (text: string) => standardArabic(budgetPhrases(readArabic(text)));

describe('negation', () => {
  it('reads what an English request rules out, and leaves the rest to search', () => {
    expect(readNegation("a tablet that isn't for kids")).toEqual({ text: 'a tablet', excluded: ['kids'], freeOf: [] });
    expect(readNegation('a printer that is not a laser')).toEqual({ text: 'a printer', excluded: ['laser'], freeOf: [] });
    expect(readNegation("boots that aren't suede").excluded).toEqual(['suede']);
    expect(readNegation('a lamp, no dimmer please')).toEqual({ text: 'a lamp, please', excluded: ['dimmer'], freeOf: [] });
    expect(readNegation('bake bread without using butter')).toEqual({ text: 'bake bread', excluded: ['butter'], freeOf: ['butter'] });
    expect(readNegation('any non-stick pan except cast iron').excluded).toEqual(['stick', 'cast iron']);
    // a negated phrase rules out what is all of it ('wireless earbuds'), not every wireless product
    expect(readNegation('headphones but not wireless earbuds')).toEqual({ text: 'headphones', excluded: ['wireless earbuds'], freeOf: [] });
    expect(readNegation('a laptop not for gaming with a big screen')).toEqual({ text: 'a laptop with a big screen', excluded: ['gaming'], freeOf: [] });
  });

  it('does not read "no thanks", "not sure" or a price wish as ruling anything out', () => {
    for (const m of ['no thanks', 'not sure yet', 'a bag, not too expensive', 'no more than 300 aed', 'I do not know']) {
      expect(readNegation(m).excluded, m).toEqual([]);
    }
  });

  it('reads Arabic and Gulf negation (مو، مب، غير، بدون، بلا) with the article and prepositions taken off, Gulf words in MSA', () => {
    expect(readNegation(read('تابلت مو للأطفال'))).toEqual({ text: 'تابلت', excluded: ['للاطفال'], freeOf: [] });
    expect(readNegation(read('حقيبة غير جلدية')).excluded).toEqual(['جلديه']);
    expect(readNegation(read('كيكة بدون سكر'))).toEqual({ text: 'كيكه', excluded: ['سكر'], freeOf: ['سكر'] });
    expect(readNegation(read('شاشة مب للقيمنق')).excluded).toEqual(['الالعاب']);
    // the analysis the search applies reads the article itself: the negated word and a product's own word meet
    expect(analyze(readNegation(read('شاشة مب للقيمنق')).excluded[0]!)).toEqual(analyze('شاشة الألعاب').slice(1));
    // 'غير قابل للطي': not foldable, 'قابل' is the frame, not the word ruled out
    expect(readNegation(read('جوال غير قابل للطي')).excluded).toEqual(['للطي']);
  });
});

describe('what a listing says a product does without', () => {
  it('reads "less", "no", "-free" in English and "بدون", "خالية من", "X أقل" in Arabic', () => {
    expect(saysItDoesWithout('Bakes cakes with 50% less butter.', analyze, 'butter')).toBe(true);
    expect(saysItDoesWithout('A sugar-free syrup.', analyze, 'sugar')).toBe(true);
    expect(saysItDoesWithout('Made with real butter.', analyze, 'butter')).toBe(false);
    expect(saysItDoesWithout('تخبز الكيك بزبدة أقل بنسبة 50%.', analyze, 'زبده')).toBe(true);
    expect(saysItDoesWithout('شراب خالي من السكر.', analyze, 'سكر')).toBe(true);
    expect(saysItDoesWithout('مصنوع بالزبدة الطبيعية.', analyze, 'زبده')).toBe(false);
  });
});

describe('Gulf words', () => {
  it('are read as the Modern Standard Arabic a catalogue writes, with or without the article', () => {
    expect(standardArabic('يخلي الماي بارد')).toBe('يخلي ماء بارد');
    // in the folded spelling readArabic leaves (no hamza seat)
    expect(standardArabic('ظهري يعورني')).toBe('ظهري يولمني');
    expect(standardArabic('جوال رخيص')).toBe('هاتف رخيص');
    // words of no table stay as written
    expect(standardArabic('سماعات لاسلكيه')).toBe('سماعات لاسلكيه');
  });
});

describe('kinds of product asked for', () => {
  it('finds an Arabic kind in singular, sound plural and broken plural, with its article or a preposition, as the English kind', () => {
    expect(kindsAsked(read('عندكم مكيفات؟')).map((k) => k.type)).toEqual(['air conditioner']);
    expect(kindsAsked(read('أبي أريكة')).map((k) => k.type)).toEqual(['sofa']);
    expect(kindsAsked(read('ابحث عن أرائك للمجلس')).map((k) => k.type)).toEqual(['sofa']);
    expect(kindsAsked(read('دواليب للغرفة')).map((k) => k.type)).toEqual(['wardrobe']);
    expect(kindsAsked(read('بالطابعة')).map((k) => k.type)).toEqual(['printer']);
    expect(kindsAsked(read('كفرات للسيارة')).map((k) => k.type)).toEqual(['tyre']);
    expect(kindsAsked(read('ابي سيكل لولدي')).map((k) => k.type)).toEqual(['bicycle']);
    // the words said are kept, to be written back in the shopper's spelling
    expect(kindsAsked(read('عربة أطفال'))[0]!.said).toBe('عربه اطفال');
  });

  it('does not take a kind named as the circumstance of the request for what is asked, in English and Arabic', () => {
    expect(kindsAsked('a camera to film my rides on my bike')).toEqual([]);
    expect(kindsAsked(read('ابي اصور رحلاتي بالدراجة'))).toEqual([]);
    expect(kindsAsked(read('خوذة للدراجة')).map((k) => k.type)).toEqual(['helmet']);
  });

  it('finds English kinds as before, and no kind in a request for something else', () => {
    expect(kindsAsked('do you sell dishwashers?').map((k) => k.type)).toEqual(['dishwasher']);
    expect(kindsAsked(read('سماعات لاسلكية'))).toEqual([]);
    expect(kindsAsked('wireless headphones')).toEqual([]);
  });
});

describe('needs', () => {
  it('tells a request phrased as a need from one naming a product, in both languages', () => {
    for (const m of ['something to keep my soup hot', 'I want to learn to paint', 'my neck hurts when I read', 'so I can see at night']) expect(isNeed(m), m).toBe(true);
    for (const m of ['احتاج شي يخلي الشاي حار', 'رقبتي تعورني', 'أريد أن أتعلم الرسم', 'أبغى أتابع نومي', 'ابي اصور رحلاتي']) expect(isNeed(read(m)), m).toBe(true);
    // who it is for is no need: 'something for a 3 year old' asks for products for kids
    for (const m of ['wireless headphones', 'cheap laptop', 'something for my dad', 'سماعات لاسلكية', 'لابتوب رخيص']) expect(isNeed(read(m)), m).toBe(false);
  });

  it('says what a need asks a product to do, in the words listings use, in both languages', () => {
    expect(needFunctions('my neck hurts')).toContain('ergonomic');
    expect(needFunctions(read('رقبتي توجعني'))).toContain('مريح');
    expect(needFunctions('keep the milk cold')).toContain('insulated');
    expect(needFunctions(read('يخلي الحليب بارد'))).toContain('معزوله');
    expect(needFunctions('a torch for when it is dark')).toContain('lumens');
    expect(needFunctions(read('شي للسباحه'))).toContain('waterproof');
    expect(needFunctions('I want to track my runs')).toContain('tracker');
    expect(needFunctions(read('أبغى أتابع نومي'))).toContain('تتبع');
    expect(needFunctions('something to film my dives')).toContain('camera');
    expect(needFunctions(read('ابي اصور رحلاتي'))).toContain('كاميرا');
    // keeping something cold is insulation; getting cold is a need for warmth
    expect(needFunctions('something to keep my drinks cold')).toContain('insulated');
    expect(needFunctions('I get cold at night when camping')).toContain('warm');
    expect(needFunctions('I get cold at night when camping')).not.toContain('insulated');
    expect(needFunctions(read('أبرد بالليل لما أخيم'))).toContain('دافي');
    expect(needFunctions('I want to work out at home')).toContain('fitness');
    expect(needFunctions(read('ابي اتمرن في البيت'))).toContain('تمارين');
    expect(needFunctions('my neighbours are too loud')).toContain('noise cancelling');
    expect(needFunctions(read('الجيران مزعجين'))).toContain('الضوضاء');
    expect(needFunctions('wireless headphones')).toEqual([]);
  });
});

describe('departments named by the catalogue\'s Arabic names', () => {
  const departments = new Map([['Laptops', 'أجهزة اللابتوب'], ['Beauty', 'الجمال'], ['Sports', 'الرياضة'], ['Home Office', 'المكتب المنزلي'], ['Home', 'المنزل']]);
  const named = (text: string, words: string[]) => departmentNamed(words, read(text), departments, analyze)?.department ?? null;

  it('finds a department by the words of its name that name a kind, the longest name first', () => {
    expect(named('أرخص لابتوب', ['لابتوب'])).toBe('Laptops');
    expect(named('أرخص شي في قسم الجمال', ['قسم', 'الجمال'])).toBe('Beauty');
    expect(named('كرسي للمكتب المنزلي', ['كرسي', 'للمكتب', 'المنزلي'])).toBe('Home Office');
  });

  it('reads a one-word name that means something else alone as a department only when asked as one', () => {
    // 'رياضية' is sporty, not the Sports department; 'قسم الرياضة' is
    expect(named('ساعة رياضية', ['ساعه', 'رياضيه'])).toBeNull();
    expect(named('أرخص شي في قسم الرياضة', ['قسم', 'الرياضه'])).toBe('Sports');
    expect(named('cheapest laptop', ['laptop'])).toBeNull();
  });
});

describe('price words', () => {
  it('reads price wishes that hold "cost" or "price" as a wish, not a question about a price', () => {
    for (const m of ['low cost phone', 'a low-priced kettle', 'budget-friendly lamp', 'inexpensive speaker']) {
      expect(PRICE_Q.test(budgetPhrases(m)), m).toBe(false);
      expect(extractPrice(budgetPhrases(m)).intent, m).toBe('low');
    }
  });

  it('reads the currency before the amount, in English', () => {
    expect(extractPrice(budgetPhrases('a kettle under AED 80')).maxCents).toBe(8000);
    expect(extractPrice(budgetPhrases('lamps below $40')).maxCents).toBe(4000);
  });

  it('reads Arabic ways of saying at most an amount (لا تزيد عن، ما تتعدى، ما يتجاوز)', () => {
    for (const m of ['سماعات لا تزيد عن 600 درهم', 'كاميرا ما تتعدى ٥٠٠ درهم', 'ساعة ما يتجاوز سعرها'.replace('سعرها', '٦٠٠')]) {
      expect(extractPrice(read(m)).maxCents, m).toBeGreaterThan(0);
    }
    expect(extractPrice(read('كاميرا ما تتعدى ٥٠٠ درهم')).maxCents).toBe(50000);
  });

  it('reads a budget without an amount as the lower prices, in Arabic (على قد الميزانية، ميزانيتي محدودة)', () => {
    for (const m of ['ساعة على قد الميزانية', 'ميزانيتي محدودة أبي جوال', 'غلاية بميزانية']) {
      const price = extractPrice(read(m));
      expect(price.intent, m).toBe('low');
      expect(price.maxCents, m).toBeUndefined();
    }
    expect(extractPrice(read('سماعات بسعر معقول')).intent).toBe('low');
    // an amount still wins: 'ميزانيتي ٣٠٠' is under 300, with Arabic-Indic digits
    expect(extractPrice(read('ميزانيتي ٣٠٠ درهم')).maxCents).toBe(30000);
  });
});

// ---- the assistant, on a catalogue of its own ---------------------------------------------------------------------

type Seed = { name: string; name_ar: string; categories: string[]; price: number; tags: string[]; description: string; description_ar: string };
const PRODUCTS: Seed[] = [
  { name: 'Volt Studio Tablet', name_ar: 'تابلت Volt للاستوديو', categories: ['Tablets'], price: 1_800, tags: ['tablet', 'drawing'], description: 'A 12-inch tablet for drawing and notes.', description_ar: 'تابلت مقاس 12 بوصة للرسم والملاحظات.' },
  { name: 'Volt Kids Tablet', name_ar: 'تابلت Volt للأطفال', categories: ['Tablets'], price: 400, tags: ['tablet', 'kids'], description: 'A rugged tablet for kids with parental controls.', description_ar: 'تابلت متين للأطفال مع رقابة أبوية.' },
  { name: 'Volt Reader Tablet', name_ar: 'تابلت Volt للقراءة', categories: ['Tablets'], price: 900, tags: ['tablet'], description: 'A light tablet for reading.', description_ar: 'تابلت خفيف للقراءة.' },
  { name: 'Bake Pro Convection Oven', name_ar: 'فرن Bake Pro بالحمل الحراري', categories: ['Kitchen'], price: 600, tags: ['oven', 'baking'], description: 'Bakes cakes and roasts with 50% less butter thanks to even hot air.', description_ar: 'يخبز الكيك ويشوي بزبدة أقل بنسبة 50% بفضل الهواء الساخن.' },
  { name: 'Classic Butter Dish', name_ar: 'صحن زبدة كلاسيكي', categories: ['Kitchen'], price: 40, tags: ['butter dish'], description: 'A ceramic dish that keeps butter soft for baking.', description_ar: 'صحن خزفي يبقي الزبدة طرية للخبز.' },
  { name: 'Thermo Lunch Flask', name_ar: 'حافظة طعام Thermo', categories: ['Outdoor'], price: 70, tags: ['flask', 'insulated'], description: 'An insulated flask that keeps soup hot or drinks cold for 12 hours.', description_ar: 'حافظة معزولة تبقي الشوربة حارة أو المشروبات باردة 12 ساعة.' },
  { name: 'Zen Yoga Mat', name_ar: 'سجادة يوغا Zen', categories: ['Sports'], price: 120, tags: ['yoga', 'mat'], description: 'A 6 mm cork yoga mat.', description_ar: 'سجادة يوغا من الفلين بسماكة 6 مم.' },
  { name: 'Trail Day Backpack', name_ar: 'حقيبة ظهر Trail', categories: ['Outdoor'], price: 250, tags: ['backpack', 'hiking'], description: 'A 20-litre backpack for day hikes.', description_ar: 'حقيبة ظهر سعة 20 لتراً لرحلات اليوم.' },
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  for (const p of PRODUCTS) {
    await ctx.app.services.catalogue.createProduct({
      name: p.name, nameAr: p.name_ar, brand: p.name.split(' ')[0]!, categories: p.categories, priceCents: p.price * 100, stock: 10,
      description: p.description, descriptionAr: p.description_ar, tags: p.tags,
    });
  }
});
afterAll(async () => ctx?.close());

type Reply = { response: string; mentionedProducts: { id: number; action: string }[] };
async function chat(message: string): Promise<Reply> {
  const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message, productContext: null, conversationHistory: [], lockedProductIds: [] } });
  expect(res.status, res.body).toBe(200);
  return res.json as Reply;
}
/** The catalogue's products the reply lists, in the reply's order (by either name, bold). */
const listed = (r: Reply) =>
  PRODUCTS.map((p) => ({ p, at: [r.response.indexOf(`**${p.name}**`), r.response.indexOf(`**${p.name_ar}**`)].filter((i) => i >= 0) }))
    .filter((x) => x.at.length > 0)
    .sort((a, b) => Math.min(...a.at) - Math.min(...b.at))
    .map((x) => x.p.name);

describe('the assistant applies them', () => {
  it('leaves out the products a request rules out, in English and Arabic', async () => {
    for (const m of ["a tablet that isn't for kids", 'a tablet, no kids one please', 'تابلت مو للأطفال', 'تابلت غير للأطفال']) {
      const names = listed(await chat(m));
      expect(names.length, m).toBeGreaterThan(0);
      expect(names, m).not.toContain('Volt Kids Tablet');
      for (const n of names) expect(n, m).toMatch(/Tablet/);
    }
  });

  it('answers a need with the listing that says it does the job (and does without what was ruled out), in English and Arabic', async () => {
    for (const m of ['I want to bake a cake without butter', 'أبي شي أخبز فيه الكيك بدون زبدة']) {
      expect(listed(await chat(m))[0], m).toBe('Bake Pro Convection Oven');
    }
    for (const m of ['something to keep my drinks cold on a hike', 'احتاج شي يخلي الماي بارد طول الرحلة']) {
      expect(listed(await chat(m))[0], m).toBe('Thermo Lunch Flask');
    }
  });

  it('does not call a kind the shop sells under a longer name of its own not sold (سجادة يوغا is no rug)', async () => {
    // 'سجادة' alone is a rug, which the shop does not sell; the catalogue's own name makes it a yoga mat
    const r = await chat('أبي سجادة يوغا');
    expect(r.response).not.toMatch(/لا نبيع/);
    expect(listed(r)[0]).toBe('Zen Yoga Mat');
    expect((await chat('أبي سجادة للصالة')).response).toMatch(/لا نبيع/);
  });

  it('says the shop does not sell a kind asked for in Arabic, naming no product', async () => {
    for (const m of ['عندكم غسالات؟', 'أبي كنبة للصالة', 'إطارات سيارة']) {
      const r = await chat(m);
      expect(r.response, m).toMatch(/لا نبيع|لا نوفر|لا يتوفر|ليس لدينا/);
      expect(listed(r), m).toEqual([]);
    }
  });

  it('searches a department named by its Arabic name, for the cheapest of it', async () => {
    for (const m of ['أرخص شي في قسم المطبخ', 'cheapest thing in the kitchen section']) expect(listed(await chat(m))[0], m).toBe('Classic Butter Dish');
  });

  it('puts the cheaper tablets first for a budget without an amount, in English and Arabic', async () => {
    for (const m of ['budget tablet', 'تابلت على قد الميزانية']) expect(listed(await chat(m))[0], m).toBe('Volt Kids Tablet');
  });
});
