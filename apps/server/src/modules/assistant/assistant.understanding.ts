import { PRODUCT_TYPE_GROUPS, productTypesIn, type ProductTypeGroup } from '@souq/shared/rules/product-types';
import { foldArabic } from '../search/search.arabic.js';
import { bareArabic, gulfToStandard } from '../search/query-understanding.js';
import { SYNONYM_GROUPS } from '../search/search.text.js';

// negation and the Gulf words moved to the search's query understanding (decision 0139), read there by search and assistant alike
export { bareArabic, gulfToStandard, readNegation, standardArabic, type Negation } from '../search/query-understanding.js';

// General rules of understanding a shopper's request, in English and Arabic (issue 37 item 2, decision 0135): what the
// shopper rules out ('not gaming', 'no soundbar', 'مو للقيمنق', 'بدون زيت'), the Gulf words the catalogue writes in
// Modern Standard Arabic, the kinds of product asked for in Arabic (broken plurals included), a request phrased as a
// need, and what a need asks a product to do. Pure functions of the text: the search's query analysis can adopt them
// as they are (they read the text the way the assistant hands it over: Arabic folded by readArabic).

/** Arabic in the spelling readArabic leaves (diacritics and hamza seats dropped, ة as ه, ى as ي): the tables below are
 * written as people spell and folded once. */
const fold = (text: string) => foldArabic(text.normalize('NFKD')).normalize('NFC');

/** Arabic words with their article, 'and' or an attached preposition, as a pattern (JavaScript's \\b knows no Arabic letters). */
const arabicWords = (words: string) => String.raw`(?:^|\s)(?:و|ف)?(?:ال|بال|لل|ب|ل)?(?:${fold(words)})(?=$|[\s,.;?!])`;

/**
 * Does a listing say the product needs less of (or none of) something ('up to 90% less oil', 'oil-free', 'بزيت أقل',
 * 'خالية من BPA')? The listing's text in either language; the words in their analysed (stemmed, folded) forms.
 */
export function saysItDoesWithout(listing: string, stems: (w: string) => string[], substance: string): boolean {
  const want = stems(substance)[0];
  if (!want) return false;
  const text = listing.toLowerCase();
  const near = String.raw`(?:\S+\s+){0,2}`;
  const patterns = [
    new RegExp(String.raw`\b(?:less|no|without|free of|free from|zero|low|little)\s+${near}(\S+)`, 'g'),
    new RegExp(String.raw`\b(\S+)-free\b`, 'g'),
    new RegExp(String.raw`(?:بدون|بلا|من غير|خالي من|خاليه من|خالية من|قليل|قليله)\s+${near}(\S+)`, 'g'),
    new RegExp(String.raw`(\S+)\s+(?:اقل|أقل)`, 'g'),
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) if (stems(bareArabic(m[1]!.replace(/[^\p{L}\p{N}-]/gu, ''))).includes(want)) return true;
  return false;
}

// ---- kinds of product asked for in Arabic ---------------------------------------------------------------------------

/**
 * Arabic names of the general retail kinds of product-types.ts (folded spelling, singular and plural, broken plurals
 * and Gulf words), each → the English kind of that table. A general vocabulary, the Arabic side of the same taxonomy.
 */
const ARABIC_KINDS: Record<string, string> = {
  // other makers' lines (decision 0187)
  'ماك بوك|ماكبوك|ماك': 'macbook',
  'ايفون|آيفون': 'iphone',
  'سامسونج|سامسونق|جالكسي|جالاكسي|قالكسي': 'samsung',
  'بلايستيشن|بلاي ستيشن|بلاستيشن|سوني بلايستيشن': 'playstation',
  'اكس بوكس|اكسبوكس': 'xbox',
  'نينتندو': 'nintendo',
  'غساله|غسالات|غساله ملابس|غسالات ملابس': 'washing machine',
  'ثلاجه|ثلاجات|براد|برادات|فريزر|فريزرات': 'refrigerator',
  'مايكرويف|ميكرويف|مايكروويف|ميكروويف': 'microwave',
  'فرن|افران': 'oven',
  'محمصه|محمصه خبز|توستر': 'toaster',
  'غساله صحون|غسالات صحون|جلايه|جلايات': 'dishwasher',
  'مكنسه كهربائيه|مكانس كهربائيه|مكنسه|مكانس': 'vacuum cleaner',
  'مكيف|مكيفات|مكيف هواء': 'air conditioner',
  'سخان|سخانات|سخان ماء': 'water heater',
  'ماكينه خياطه|مكينه خياطه': 'sewing machine',
  'كنبه|كنبات|كنب|اريكه|ارائك|صوفا': 'sofa',
  'مرتبه|مراتب|فرشه|دوشك': 'mattress',
  'دولاب|دواليب|خزانه ملابس|خزانات ملابس': 'wardrobe',
  'طاوله طعام|طاولات طعام': 'dining table',
  'سجاده|سجاد|زوليه|زوالي': 'rug',
  'ستاره|ستائر|ستاير': 'curtain',
  'عطر|عطور|برفان': 'perfume',
  'مزيل عرق|مزيلات عرق': 'deodorant',
  'فرشاه اسنان|فرش اسنان': 'toothbrush',
  'معجون اسنان': 'toothpaste',
  'شامبو': 'shampoo',
  'ماكينه حلاقه|موس حلاقه|شفره حلاقه': 'razor',
  'قلاده|قلائد': 'necklace',
  'اسواره|اساور|سوار': 'bracelet',
  'اقراط|قرط': 'earring',
  'عبايه|عبايات|عباءه|عباءات|عبايا': 'abaya',
  'كندوره|كنادير|دشداشه|دشاديش|ثوب رجالي': 'kandura',
  'شيله|شيلات|غتره|غتر': 'shayla',
  'نظاره سباحه|نظارات سباحه': 'swimming goggles',
  'جينز': 'jeans',
  'فستان|فساتين': 'dress',
  'تنوره|تنانير': 'skirt',
  'محفظه|محافظ': 'wallet',
  'حزام|احزمه': 'belt',
  'ربطه عنق|كرفته|كرافته': 'tie',
  'دراجه|دراجات|دراجه هوائيه|بسكليت|سيكل|سياكل': 'bicycle',
  'سكوتر|سكوترات': 'scooter',
  'جهاز مشي|مشايه|تريدميل': 'treadmill',
  'خوذه|خوذات': 'helmet',
  'سناره|سنارات|سناره صيد': 'fishing rod',
  'جزازه عشب|ماكينه قص العشب': 'lawn mower',
  'شوايه|شوايات|منقل|مناقل|باربكيو': 'barbecue',
  'طابعه|طابعات': 'printer',
  'ماسح ضوئي|سكانر': 'scanner',
  'بروجكتر|جهاز عرض': 'projector',
  'راوتر|راوترات': 'router',
  'هارد ديسك|قرص صلب|هارد': 'hard drive',
  'فلاشه|فلاشات|فلاش ميموري': 'usb stick',
  'تلفزيون|تلفزيونات|تلفاز|شاشه تلفزيون|تلفزيون ذكي': 'television',
  'راديو|مذياع': 'radio',
  'تابلت|جهاز لوحي|اجهزه لوحيه|ايباد': 'tablet',
  'كفر جوال|غطاء هاتف|جراب|جرابات': 'phone case',
  'باور بانك|شاحن متنقل': 'power bank',
  'عربه اطفال|عربات اطفال|عربيه اطفال|عربانه': 'stroller',
  'كرسي سياره للاطفال|مقعد سياره للاطفال|كرسي سياره': 'car seat',
  'حفاضات|حفاظات|بامبرز': 'diaper',
  'سرير اطفال|سرير طفل|مهد': 'crib',
  'دميه|دمي|عروسه|عرايس': 'doll',
  'لعبه اطفال|العاب اطفال|دبدوب': 'toy',
  'ليغو|ليجو': 'lego',
  'اطار سياره|اطارات سياره|اطارات|كفر سياره|كفرات|تواير': 'tyre',
  'بطاريه سياره|بطاريات سياره': 'car battery',
  'زيت محرك|زيت سياره': 'motor oil',
  'كاميرا سياره|داش كام': 'dash cam',
  'رز|حليب|خبز|شوكولاته|شوكولا|خضار|فواكه|طحين': 'groceries',
  'حوض سمك|احواض سمك': 'aquarium',
  'قفص|اقفاص|قفص طيور': 'bird cage',
  'ساكسفون|ترومبيت|فلوت|ناي|تشيلو|هارب|كلارينيت|هارمونيكا|اكورديون': 'saxophone',
  'حامل كاميرا|ترايبود': 'tripod',
  'منظار|ناظور|دربيل': 'binoculars',
  'تلسكوب|مقراب': 'telescope',
  'بطاقه ذاكره|كرت ذاكره|ميموري': 'memory card',
  'مجله|مجلات': 'magazine',
  'قلم|اقلام': 'pen',
  'دفتر|دفاتر|مفكره|اجنده': 'planner',
};

const groupOf = (type: string): ProductTypeGroup => PRODUCT_TYPE_GROUPS.find((g) => g.types.includes(type))!;

const ARABIC_PATTERNS = Object.entries(ARABIC_KINDS)
  .flatMap(([forms, type]) => fold(forms).split('|').map((form) => ({ form, type })))
  .sort((a, b) => b.form.length - a.form.length)
  .map(({ form, type }) => ({
    type,
    // the article and attached 'and', 'for', 'with' before it; the end of a word after it
    re: new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:و|ف)?(?:ال|بال|لل|ب|ل)?(${form.split(' ').join(String.raw`\s+(?:ال)?`)})(?=$|[\s,.;?!])`),
  }));

/**
 * The kinds of product a message asks about, in English (product-types.ts) and in Arabic (folded), longest first; an
 * Arabic kind carries the English kind of the taxonomy (what the shop's own fields are checked for), the words said and
 * the word after them.
 */
export function kindsAsked(text: string): { type: string; said: string; next?: string; group: ProductTypeGroup }[] {
  // 'to film my rides on my bike': a kind after 'on', 'by' or 'riding' is a circumstance, not what is asked for
  const found: { type: string; said: string; next?: string; group: ProductTypeGroup }[] = productTypesIn(text).filter(
    (k) => !new RegExp(String.raw`\b(?:on|by|riding|ride|while)\s+(?:(?:my|the|a|an|our|his|her)\s+)?${k.said}`, 'i').test(text),
  );
  let rest = text;
  for (const p of ARABIC_PATTERNS) {
    const m = p.re.exec(rest);
    if (!m) continue;
    // 'أصور رحلاتي بالدراجة', 'خوذة للدراجة': a kind after a preposition, following what is asked, is its circumstance
    if (/^\s*(?:و|ف)?(?:بال|لل|ب|ل)/.test(m[0]) && /[\u0600-\u06FF]/.test(rest.slice(0, m.index))) continue;
    // the word after it: with it, the kind may be a longer name ('سجادة يوغا' is a yoga mat, not a rug)
    const next = /^\s+([\u0600-\u06FF]{2,})/.exec(rest.slice(m.index + m[0].length))?.[1];
    if (!found.some((f) => f.type === p.type)) found.push({ type: p.type, said: m[1]!, ...(next ? { next } : {}), group: groupOf(p.type) });
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  return found;
}

// ---- needs -----------------------------------------------------------------------------------------------------------

/**
 * A request phrased as a need rather than a product: 'something to keep drinks cold', 'I want to fry without oil', 'my
 * back hurts', 'I'm setting up a home office', 'احتاج شي يخلي الماي بارد', 'ظهري يعورني', 'أريد أن أتعلم'. Read on the
 * text as readArabic leaves it (its 'show' / 'have' stand for أبي, أحتاج, عندكم).
 */
export function isNeed(text: string): boolean {
  return NEED_EN.test(text) || NEED_AR.test(text) || BODY_COMPLAINT.test(text);
}
// a part of the body said with how it feels ('her eyes are tired', 'my wrists get stiff', 'feet swollen by the evening'):
// a situation whose answer is what listings say they do for it, as a pain is (decision 0194); not hair or skin, whose
// complaints the situations table reads, and which often name the product that causes them ('blow drying leaves my hair
// frizzy' is the ionic dryer's)
const BODY_COMPLAINT = /\b(?:eyes?|back|neck|shoulders?|feet|foot|knees?|wrists?|hands?|legs?)\s+(?:(?:are|is|get|gets|getting|feel|feels|go|goes|always|so|very|really|too)\s+){0,3}(?:tired|strained|sore|dry|stiff|swollen|numb|achy|itchy|cracked|frizzy|burning|red)\b/i;
const NEED_EN = /\b(?:something|anything|a thing|stuff|a way|a gadget|a device)\s+(?:to|that|which|i can|so|for (?:when|while|if|whenever))\b|\b(?:want|need|would like|'d like|wanna|trying|like)\s+to\b|\b(?:hurts?|aches?|aching|pain(?:ful)?|sore|blurry|grainy|too (?:hot|cold|dark|loud|bright|heavy))\b|\b(?:setting up|set up|getting into|starting|learning|learn)\b|\bso (?:that )?(?:i|we) can\b|\bhelp me\s+\w+|\b(?:can'?t|cannot|can not|could ?n'?t|unable to) (?:see|sleep|hear|focus|concentrate|find|reach|carry|keep|stay)\b|\bwhat (?:would|could|can|should|will|do) (?:help|i (?:need|bring|take|pack|use|get))\b/i;
const NEED_AR = new RegExp(
  [
    // 'شي يخلي …', 'شي أقلي فيه', 'جهاز يساعدني': something that does, something to do with
    String.raw`(?:^|\s)(?:${fold('شي|شيء|اشي|حاجة|جهاز')})\s+(?:${fold('ل|عشان|حتى|كي|يخلي|يساعد|أقدر|ا|أ|ي|ت')})`,
    String.raw`(?:^|\s)(?:${fold('عشان|علشان|لكي|حتى')})\s`,
    arabicWords('يؤلمني|تؤلمني|ألم|وجع|تعبان|تعبانة|ما أشوف|ما اشوف|ما أقدر|ما اقدر|ما أنام|ما انام'),
    // 'what would help me', 'what do you advise': the shopper tells a situation and asks what answers it
    arabicWords('يفيدني|ينفعني|يساعدني|تنصحني|تنصحوني|انصحني|أحتاج له|احتاجه'),
    // 'أن أتعلم', 'أتعلم', 'أصور', 'أقلي': a verb of the first person is something the shopper wants to do
    arabicWords('أتعلم|أتمرن|أصور|أقلي|أطبخ|أخبز|أشوف|أرى|أسوي|أصنع'),
    // 'أبغى أتابع', 'أريد أن أنام': a verb of the first person after a wish (readArabic reads أبي, أبغى, أريد, أحتاج as
    // 'show') is something the shopper wants to do
    String.raw`(?:^|\s)show\s+(?:ان\s+)?ا[^\sا]\S{2,}`,
  ].join('|'),
);

/**
 * What a need asks a product to do, in the words listings use for it: a symptom or situation → the function that answers
 * it, in both languages. General everyday needs, each true of any catalogue ('pain' is answered by ergonomic support,
 * 'keep cold' by insulation, 'dark' by light, 'blurry' by sharp HD, 'underwater' by waterproof, 'learn' by beginner).
 */
const NEED_FUNCTIONS = [
  // (sore eyes are no back pain: the sun or the glare below answers them)
  // ('… is killing me' is pain said as an idiom: decision 0188)
  { en: String.raw`(?<!\beyes?\s)\b(?:hurts?|aches?|aching|pain(?:ful)?|sore|posture|kill(?:s|ing) me)\b(?!\s+eyes?\b)`, ar: 'يؤلمني|تؤلمني|ألم|وجع|ظهري|رقبتي', means: ['ergonomic', 'lumbar', 'support', 'posture', 'مريح', 'قطني', 'دعم'] },
  // something kept cold (drinks, water) is insulation; a shopper who gets cold needs warmth
  // (and a drink that goes warm: 'my water is always warm by noon'; decision 0191)
  { en: String.raw`\b(?:keeps?|keeping|stays?|stay)\b[^.?!]{0,30}\b(?:cold|cool|chilled|icy)\b|\b(?:water|drinks?)\b[^.?!]{0,40}\b(?:warm|lukewarm)\b|\b(?:cold|chilled|iced|icy) (?:drinks?|water)\b`, ar: 'بارد|باردة|برودة|مثلج|تحر|يحر|تسخن|يسخن|يحمى|تحمى', means: ['insulated', 'cold', 'معزولة', 'برودة', 'باردة'] },
  // a drink kept hot is the same insulation (decision 0184): 'keeps my coffee hot', «يخلي الشاي حار»
  { en: String.raw`\b(?:keeps?|keeping|stays?|stay)\b[^.?!]{0,30}\b(?:hot|warm)\b(?!\s+(?:me|us)\b)|\bhot (?:drinks?|coffee|tea)\b`, ar: 'حار|حارة|حاره|ساخن|ساخنة|ساخنه|سخونة|دافي', means: ['insulated', 'hot', 'معزولة', 'ساخنة'] },
  // the electricity bill: what saves energy and cooling (decision 0184)
  { en: String.raw`\b(?:(?:electricity|power|energy|electric|utility|cooling) bills?|bills?|save (?:on )?(?:energy|electricity|power)|eating (?:all )?(?:my |the )?(?:electricity|power)|energy use|(?:the )?(?:ac|a/c|aircon|air ?con(?:ditioning|ditioners?)?) (?:runs?|running|is on|on all)\b)\b`, ar: 'فاتورة|فاتوره|فواتير|الاستهلاك|استهلاك|توفير الكهرباء|توفير الطاقة|المكيفات|مكيفات|المكيف شغال|التكييف', means: ['energy saving', 'energy', 'bills', 'cooling', 'الطاقة', 'فواتير', 'التبريد', 'استهلاك'] },
  // charging a phone or a device away from a socket: a power bank (decision 0184); «تشحن» here is charging, not shipping
  { en: String.raw`\bcharg(?:e|ing) (?:my|the|our|a|your) (?:phones?|devices?|gadgets?|laptops?|tablets?)\b|\bpower ?banks?\b|\b(?:battery|batteries) (?:dies|die|runs? out|is low|dead)\b|\b(?:phones?|devices?|batter(?:y|ies)) (?:dying|dies|die|dead|running out|runs? out|going flat|goes flat)\b`, ar: 'أشحن|اشحن|نشحن|يشحن|تشحن|شاحن|بطاريتي|البطارية', means: ['power bank', 'rechargeable', 'بنك طاقة', 'شحن'] },
  // filming from above: the aerial camera (decision 0184)
  { en: String.raw`\b(?:from above|aerial|bird'?s[- ]eye|from the (?:sky|air)|overhead (?:shots?|views?))\b`, ar: 'من الأعلى|من الاعلى|من فوق|من الجو|جوية|جوي', means: ['aerial', 'drone', 'درون', 'طائرة'] },
  { en: String.raw`\b(?:(?:get|gets|getting|feel|feeling|am|i'm|im) (?:so |very |really )?cold|freezing|keep (?:me |us )?warm|warmth)\b`, ar: 'برد|البرد|أبرد|بردان|بردانة|أحس بالبرد|دفء|دافئ|يدفيني', means: ['warm', 'down', 'comfort rating', 'دافئ', 'الريش', 'مئوية'] },
  { en: String.raw`\b(?:dark(?!\s+(?:spots?|circles?|marks?|patches))|darkness|power cuts?|(?:power|electricity|lights) (?:goes|go|went|keeps going|cuts?) (?:off|out)|(?:power|electricity) outages?|blackouts?|nights?|night ?time|(?:can'?t|cannot|can not) see|pitch black|dim)\b`, ar: 'ظلام|ظلمة|مظلم|مظلمة|مظلمه|الليل|بالليل|ليل|ما أشوف|ما اشوف|ما نشوف|انقطاع الكهرباء|تنقطع الكهرباء|تنقطع الكهربا|الكهرباء تنقطع|الكهربا تنقطع|الكهربا تطفي|تطفي الكهربا', means: ['light', 'lumens', 'lantern', 'إضاءة', 'فانوس', 'لومن'] },
  // light itself ('lighting', «إضاءة، ضوء، إنارة»: the field, not a kind) means the words of one field — light, lamp, bulb,
  // lantern, «مصباح، مصابيح، فانوس» — each product that gives light, the other words of the request telling which (0184)
  { en: String.raw`\b(?:lighting|light)\b`, ar: 'إضاءة|اضاءة|ضوء|نور|إنارة|انارة', means: ['light', 'lamp', 'bulb', 'lantern', 'إضاءة', 'مصباح', 'مصابيح', 'فانوس'] },
  // light for a room, in colours: the words of one field — bulbs, lamps, «مصابيح، مصباح» (decision 0184)
  { en: String.raw`\b(?:lighting|lights?|lamps?|bulbs?)\b[^.?!]{0,30}\b(?:colou?rs?|colou?rful|mood|room|living room|bedroom)\b|\b(?:colou?red|colou?rful|mood) (?:lights?|lighting)\b`, ar: 'إضاءة ملونة|إضاءة ألوانها|إضاءة بألوان|مصابيح ملونة|لمبات ملونة|أنوار ملونة|ألوانها تتغير|تتغير ألوانها|تغير الألوان|تغير ألوانها', means: ['bulb', 'lamp', 'colours', 'مصابيح', 'مصباح', 'ملونة', 'لون'] },
  // the sun in one's eyes or on one's skin; the road ahead (glare, UV, SPF are what listings say)
  { en: String.raw`\b(?:sun|sunny|sunlight|sunshine|glare|glaring|squint\w*|bright light|uv|sunburn\w*|burn(?:s|ed)? easily)\b`, ar: 'الشمس|شمس|الوهج|وهج|تعمي|حر الشمس|أشعة', means: ['glare', 'uv', 'polarized', 'spf', 'الوهج', 'مستقطبة'] },
  { en: String.raw`\b(?:driving|drive (?:to|across|through|for|long|home|every|a lot)|(?:a|long|the) drives?|drove|road ?trips?|roads?|highways?|motorways?|car (?:ride|journey|trip)s?|behind the wheel|commut\w+)\b`, ar: 'أسوق|سواقة|السواقة|القيادة|قيادة|بالسيارة|السيارة|سيارتي|الطرق|مشوار|سفرة|خط سريع', means: ['roads', 'glare', 'polarized', 'cold', 'الطرق', 'الوهج', 'مستقطبة', 'برودة'] },
  // dry or sensitive skin: what hydrates and protects it
  // (and what shows on it: spots, a shine, dullness, wrinkles; decision 0191)
  { en: String.raw`\b(?:skin|face|cheeks?|spots|pigmentation|wrinkles?|acne|pimples?|oily|shiny|dull|pores)\b`, ar: 'بشرتي|بشرة|البشرة|وجهي|ناشفة|ناشفه|جافة|جافه|بقع|باهتة|باهته|تجاعيد|حبوب|دهنية|دهنيه|تلمع', means: ['skincare', 'hydrates', 'moisturiser', 'spf', 'ترطيب', 'يرطب', 'مرطب', 'البشرة'] },
  { en: String.raw`\b(?:work(?:ing)? out|workouts?|exercise|exercising|get fit|keep fit|train(?:ing)? at home|build muscle|lift(?:ing)? weights|weight ?lifting|get(?:ting)? strong(?:er)?|strength|lifting)\b`, ar: 'أتمرن|تمرين|تمارين|رياضة|لياقة|عضلات', means: ['fitness', 'gym', 'strength', 'training', 'workout', 'تمارين', 'القوة', 'لياقة'] },
  // (people or things making the noise — crying babies, snoring, a barking dog — are noise too: decision 0191)
  { en: String.raw`\b(?:loud|noise|noisy|neighbours?|neighbors?|concentrate|quiet|crying|cries|screaming|snor(?:e|es|ed|ing)|barking|chatter\w*|thin walls|paper[- ]thin)\b`, ar: 'مزعج|مزعجين|إزعاج|ضوضاء|ضجيج|يعزل|عزل|هدوء|بكاء|صياح|يصارخون|شخير|يشخر|صراخ|الجيران|جيراني', means: ['noise cancelling', 'noise', 'quiet', 'silently', 'الضوضاء', 'عزل', 'هادئة', 'بصمت'] },
  { en: String.raw`\b(?:blurry|grainy|fuzzy|pixelated|video calls?|zoom calls?|meetings?)\b`, ar: 'ضبابي|مشوش|مكالمات|مكالمة|اجتماعات', means: ['sharp', 'hd', 'focus', 'video call', 'webcam', 'بوضوح', 'تركيز', 'مكالمة'] },
  { en: String.raw`\b(?:underwater|dive|diving|snorkel\w*|swim\w*|surf\w*|rain)\b`, ar: 'أغوص|غوص|تحت الماء|أسبح|سباحة|مطر', means: ['waterproof', 'مقاومة', 'للماء'] },
  { en: String.raw`\b(?:door|doorstep|doorbell|bell|knocks?|knocking|visitors?|who is (?:at|outside)|away from home|parcels?)\b`, ar: 'باب|زوار|خارج|جرس|يدق|يطرق', means: ['doorbell', 'visitors', 'door', 'جرس', 'الباب', 'الزوار'] },
  // feeding (a pet, a baby): what serves meals; being away or travelling: what runs on its own, on a schedule
  { en: String.raw`\b(?:feed|feeds|feeding|fed|meals?)\b`, ar: 'أأكل|أوكل|أؤكل|أطعم|إطعام|يأكل|تأكل|وجبات|وجبة', means: ['feeder', 'meals', 'إطعام', 'وجبات'] },
  { en: String.raw`\b(?:while (?:i'?m|i am|we'?re|we are) (?:away|out|travell?ing|at work)|on (?:holiday|vacation)|travell?ing|when i'?m away|(?:nobody|no one|no-one|noone)(?:'s| is)? (?:at )?home|(?:the )?(?:house|flat|home|apartment) is empty)\b`, ar: 'مسافر|مسافرة|مسافرين|السفر|سفري|غيابي|غايب|محد في البيت|محد بالبيت|ما في احد في البيت|ما فيه احد بالبيت', means: ['automatic', 'schedule', 'app', 'أوتوماتيكي', 'التطبيق', 'غيابك'] },
  { en: String.raw`\b(?:learn|learning|beginners?|first time|start(?:ing)? out|never played)\b`, ar: 'أتعلم|تعلم|مبتدئ|مبتدئة|مبتدئين|عزف|أعزف', means: ['beginner', 'beginners', 'easy to play', 'first chords', 'مبتدئين', 'لتعلم', 'للعزف'] },
  // what the thing does, said of it too ('something that tracks', «شي يتابع، جهاز يراقب»), not only the shopper's own verb
  { en: String.raw`\b(?:track|tracks|tracking|monitor|monitors|monitoring|keep an eye on|keeps an eye on)\b`, ar: 'أتابع|تتبع|أراقب|مراقبة|متابعة|أتتبع|يتابع|تتابع|يراقب|تراقب|يتتبع', means: ['tracker', 'tracking', 'monitor', 'تتبع', 'مراقبة', 'يتتبع'] },
  { en: String.raw`\b(?:film|filming|record|recording|photograph\w*|take (?:photos|pictures)|vlog\w*)\b`, ar: 'أصور|تصوير|أوثق|أسجل', means: ['camera', 'video', 'كاميرا', 'تصور', 'فيديو'] },
  // everyday situations of decision 0191, each answered by what listings say: one's pace, speed or distance (what tracks
  // them by GPS), lights left on (what runs on a schedule or from the phone), standing while working (a standing
  // desk), teammates who can't hear one (a microphone), a night out in the desert or the mountains (camping)
  { en: String.raw`\b(?:my pace|pace per|(?:my )?distance|how far i (?:run|ran|walk|walked|cycle|cycled)|my speed|split times)\b`, ar: 'سرعتي|مسافتي|المسافة|المسافه|المسافات|كم مشيت|كم ركضت|كم جريت', means: ['gps', 'pace', 'distance', 'المسافة'] },
  { en: String.raw`\b(?:forget|forgot|forgetting) (?:to )?(?:turn|switch)|\b(?:lights?|lamps?|heater|ac|aircon|tv|fan|iron|oven|appliances?) (?:left |still )?on\b|\b(?:leave|leaving|left) (?:the |my )?(?:lights?|lamps?|heater|ac|aircon|tv|fan|iron|oven|appliances?) on\b`, ar: 'أنسى|انسى|نسيت|شغالة|شغاله|مفتوحة|مفتوحه', means: ['schedule', 'schedules', 'away mode', 'remote', 'جدولة', 'عن بعد'] },
  { en: String.raw`\bstand(?:ing)? (?:while|when|up (?:while|when)|and work)|\bsit(?:ting)? (?:all day|too (?:much|long))\b`, ar: 'أوقف|اوقف|واقف|الوقوف|وقوف|أقعد طول|اقعد طول', means: ['standing', 'stand', 'الوقوف', 'وقوف'] },
  { en: String.raw`\b(?:can'?t hear me|cannot hear me|hear me|my mic|microphone)\b`, ar: 'يسمعوني|يسمعونني|يسمعني|تسمعني|المايك|مايك', means: ['microphone', 'mic', 'ميكروفون'] },
  { en: String.raw`\b(?:camping|camp out|overnight|sleep(?:ing)? (?:outside|outdoors|under the stars)|desert trip)\b`, ar: 'البر|للبر|نبات|نخيم|تخييم|كشته|كشتة|مخيم', means: ['camping', 'tent', 'outdoor', 'تخييم', 'خيمة'] },
  // a screen too small to work on (a bigger screen: a monitor), and a pet's bad breath (what freshens it)
  { en: String.raw`\b(?:small|tiny|little) (?:laptop )?screen\b|\b(?:more|extra) (?:screen )?space\b|\b(?:second|bigger|extra) (?:screen|display)\b`, ar: 'شاشة صغيرة|شاشه صغيره|شاشة أكبر|شاشه اكبر|شاشة ثانية|شاشه ثانيه', means: ['monitor', 'display', 'شاشة'] },
  { en: String.raw`\b(?:bad|smelly|stinky) breath\b|\bbreath (?:smells|stinks|is (?:bad|terrible|awful))`, ar: 'ريحة فم|ريحه فم|رائحة فم|رائحه فم|ريحة فمه|نفسه', means: ['breath', 'dental', 'النفس', 'الأسنان'] },
  { en: String.raw`\b(?:fry|frying|fried|crispy|(?:less|reduce|cut(?:ting)? (?:down )?(?:on )?|lower) (?:the )?oil|oily food)\b`, ar: 'أقلي|قلي|مقلي|مقرمش|الزيت|زيت|بالزيت|الدهون', means: ['fryer', 'fries', 'crispy', 'oil', 'قلاية', 'المقرمشة', 'بزيت'] },
  // situations of decision 0198, each answered by what listings say they do: eyes strained by reading or a screen (the
  // eye-care, flicker-free light), sleep one wants to understand (what tracks it), running and races (running shoes, GPS
  // pace), losing weight and keeping track of it (a scale, a tracker), carrying one's things on foot (a backpack), a
  // hike said as the loanword («الهايكنج»), code and programming, something to read, a TV whose voices are hard to hear
  // (dialogue enhancement), a child who sits at a screen all day (activity, play), typing (keys, switches), and music to
  // listen to (a speaker's sound)
  { en: String.raw`\beyes?\s+(?:(?:are|is|get|gets|always|so|really|start to|start)\s+){0,2}(?:hurt\w*|ach\w*|strain\w*|sore|tired|burn\w*|water\w*)\b|\beye ?strain\b|\b(?:hurts?|strains?|tires?) (?:my |the )?eyes\b`, ar: 'عيوني|عيني تعورني|عيوني تعورني|تعب العين|إجهاد العين|اجهاد العين', means: ['eye', 'flicker', 'للعين', 'وميض'] },
  { en: String.raw`\b(?:wake|wakes|woke|waking) up (?:so |really |very )?(?:tired|exhausted|groggy)|\bsleep (?:badly|poorly|quality|better)|\b(?:bad|poor|light|broken) sleep|\binsomnia\b|\b(?:can'?t|cannot) sleep\b|\bhow (?:well )?i sleep\b`, ar: 'نومي|أصحى تعبان|اصحى تعبان|أقوم تعبان|اقوم تعبان|أصحى تعبانة|اصحى تعبانه|أرق|ارق|ما أنام زين|ما انام زين', means: ['sleep', 'readiness', 'النوم', 'الجاهزية'] },
  { en: String.raw`\b(?:marathons?|half[- ]marathon|running(?!\s+(?:out|low|shoes?|trainers?|sneakers?|watch(?:es)?|shorts|tights|belts?|socks|jackets?|gear))|jogging|jog|runners?|(?:go|goes|went) (?:for )?(?:a )?run)\b`, ar: 'ماراثون|مارثون|الماراثون|الجري|للجري|جري|أركض|اركض|الركض|ركض', means: ['running', 'runners', 'pace', 'gps', 'جري', 'الجري'] },
  { en: String.raw`\b(?:lose|losing|lost) (?:some )?weight\b|\bweight ?loss\b|\bslim(?:ming)? down\b|\b(?:my|track(?:ing)? (?:my )?) weight\b|\bbody fat\b`, ar: 'أنحف|انحف|النحافة|وزني|أخس|اخس|رجيم|دايت', means: ['weight', 'body fat', 'fitness', 'الوزن', 'الدهون', 'لياقة'] },
  { en: String.raw`\b(?:carry|carrying|haul|lug)\s+(?:all\s+)?(?:my|our|the)?\s*(?:stuff|things|gear|kit|belongings|essentials)\b`, ar: 'أشيل|اشيل|نشيل|أحمل|احمل|نحمل', means: ['backpack', 'bag', 'carry', 'حقيبة', 'الحمل'] },
  { en: String.raw`(?<!price\s)\b(?:hike|hikes|hiking|trek|treks|trekking)\b`, ar: 'هايكنج|الهايكنج|هايكنق|الهايكنق|هايكينج|الهايكينج|المشي الجبلي|مشي جبلي', means: ['hiking', 'trekking', 'للمشي', 'الجبلي'] },
  { en: String.raw`\b(?:(?:learn(?:ing)?|how) to code|coding|coder|programm(?:er|ers|ing)|developers?|software engineer\w*|(?:write|writing|writes) code)\b`, ar: 'برمجة|البرمجة|مبرمج|مبرمجة|مبرمجين|أبرمج|ابرمج|كودنق|كودينج', means: ['programming', 'software', 'code', 'البرمجة', 'مطور'] },
  { en: String.raw`\b(?:good|great|any|some|few|nice|light|easy) reads\b|\bsomething (?:good )?to read\b`, ar: 'شي أقراه|شي اقراه|شي اقرأه|شي للقراءة', means: ['book', 'pages', 'كتاب', 'صفحة'] },
  { en: String.raw`\b(?:can'?t|cannot|hard to|struggle to|barely) (?:hear|understand) (?:the )?(?:tv|telly|dialogue|voices|actors|what they say)|\b(?:tv|telly|television|movie|film)'?s? (?:sound|audio|volume|speakers?) (?:is |are )?(?:weak|low|bad|poor|quiet|muffled)|\bmuffled (?:voices|dialogue)\b`, ar: 'صوت التلفزيون|صوت التلفاز|صوت الشاشة|ما نسمع الكلام|ما اسمع الكلام|ما نسمع زين|الحوار', means: ['dialogue', 'voices', 'soundbar', 'home theater', 'الحوار', 'الأصوات'] },
  { en: String.raw`\b(?:doesn'?t|does not|don'?t|do not|never) (?:move|moves|exercise|go outside|play outside)\b|\bscreen time\b|\b(?:on|glued to) (?:the|his|her|their|my) (?:ipad|tablet|phone|screen|console) all day\b|\bcouch potato\b`, ar: 'ما يتحرك|ما تتحرك|ما يتحركون|ما يلعب برا|على الايباد|علي الايباد|على الآيباد|على التابلت|على الشاشة طول', means: ['activity', 'active', 'play', 'نشاط', 'النشط', 'للعب'] },
  { en: String.raw`\b(?:typing|type (?:faster|fast|quickly|a lot|all day|for hours|better)|touch[- ]typ\w+|keystrokes?|wpm)\b`, ar: 'أكتب أسرع|اكتب اسرع|الكتابة|كتابة|الطباعة|الازرار|الأزرار|بالازرار|بالأزرار', means: ['keyboard', 'switches', 'keys', 'مفاتيح', 'لوحة'] },
  { en: String.raw`\b(?:listen(?:ing)? to (?:music|songs|tunes|podcasts)|play(?:ing)? (?:music|songs|tunes)|(?:some )?music (?:outside|outdoors|by the|at the|around|on the beach))\b`, ar: 'أغاني|اغاني|الأغاني|الاغاني|شيلات|الشيلات', means: ['speaker', 'sound', 'bass', 'صوت', 'جهير'] },
].map(({ en, ar, means }) => ({ when: new RegExp(`${en}|${arabicWords(ar)}`, 'i'), means: means.map(fold) }));

/** The words a need adds to a search: what listings say a product does for it (none when the text states no need). */
export function needFunctions(text: string): string[] {
  return [...new Set(needFunctionGroups(text).flat())];
}

/** Each situation the text tells, as the words listings use for what answers it (one list per situation; decision 0191). */
export function needFunctionGroups(text: string): string[][] {
  // (a time of day said with how it feels — 'the nights get freezing', «والليل برد» — is when the need is felt, not the
  // dark; a face lit, filmed or shown is the object of what is asked, not skin: decision 0194)
  const read = text
    // (and a night said cold is the cold felt: warmth, not a drink kept cold)
    .replace(TIME_FELT, (m) => (/cold|chilly|freezing|icy|cool|برد|بارد/i.test(m) ? (/[\u0600-\u06FF]/.test(m) ? ' برد ' : ' feeling cold ') : m.replace(/\bnights?(?:time)?\b|(?:ال|بال)?(?:ليل|ليله|مساء)(?=$|\s)/g, ' ')))
    .replace(FACE_AS_OBJECT, (m) => m.replace(/\s+(?:up\s+)?\S+\s+faces?$/i, ' '));
  return NEED_FUNCTIONS.filter((n) => n.when.test(read)).map((n) => n.means);
}
const TEMPERATURE = String.raw`(?:cold|colder|chilly|freezing|icy|cool|hot|warm|humid)`;
const TIME_FELT = new RegExp(
  [
    String.raw`\b(?:the |at )?nights?(?:time)?\s+(?:(?:are|is|get|gets|getting|can be|become|turn)\s+)?(?:so |very |really |quite |too )?${TEMPERATURE}\b`,
    String.raw`\b${TEMPERATURE}\s+(?:at |in the |during the )?nights?\b`,
    String.raw`(?:^|\s)(?:و|ف)?(?:ال|بال)?(?:ليل|ليله|مساء)\s+(?:(?:يصير|تصير|يكون|تكون|فيه|فيها)\s+)?(?:برد|بارد|بارده|حر|حار|حاره|دافي)(?=$|[\s,.;?!])`,
    String.raw`(?:^|\s)(?:برد|بارد|بارده|حر|حار)\s+(?:في\s+|ب)?(?:ال)?(?:ليل|الليل)(?=$|[\s,.;?!])`,
  ].join('|'),
  'gi',
);
const FACE_AS_OBJECT = /\b(?:light|lights|lighting|lit|film|filming|show|showing|see|record|recording|frame|framing)\s+(?:up\s+)?(?:my|your|his|her|our|their|the)\s+faces?\b/gi;

// ---- what the shopper already has ---------------------------------------------------------------------------------

/** Words that end what a possessive names ('my bike for …', 'my phone while …'). */
const AFTER_POSSESSED = /^(?:for|to|in|on|at|with|while|when|from|by|and|or|so|because|is|are|was|has|keeps|gets|of|that|which|i|me)$/;

/**
 * The nouns a request says the shopper already has, written with a possessive (decision 0184): 'charge my phone', 'film
 * my mountain bike rides', «أشحن جوالي», «سيارتي». What one has is the object of the need, not the product asked for:
 * a request for something to charge my phone asks for no phone, and 'my bike' asks for no bike the shop does not sell.
 * English: up to three words after my, our, his, her, their; Arabic (folded): a word without the article ending in the
 * possessive «ي» or «نا», as its Gulf word reads in MSA ('جوالي' → هاتف) or without the ending ('سيارتي' → سيارة).
 */
/**
 * The shopper's own things a message tells of (possessedWords), without a verb written with its object 'me' («تنصحني،
 * يساعدني», read without the ending as «تنصحن»): a sentence about them that asks for nothing tells a situation, a need
 * (decision 0188).
 */
export function ownThingsTold(text: string): string[] {
  // (what the sentence is about: the thing it opens with — 'my dog's breath …', «شعري يصير …» — not a companion or an
  // owner said later: 'going camping with my family')
  const opening = text.trim().split(/\s+/).slice(0, 3).join(' ');
  if (!/^(?:my|our)\b/i.test(opening) && !/^[\u0600-\u06FF]/.test(opening)) return [];
  const first = opening.split(/\s+/).slice(0, /^(?:my|our)\b/i.test(opening) ? 3 : 1).join(' ');
  return possessedWords(first).filter((w) => !/^[يتنأا][\u0621-\u064A]+ني?$/u.test(w));
}

export function possessedWords(text: string): string[] {
  const out: string[] = [];
  // (what one is doing something on or with — 'working on a small laptop screen', 'gaming on an old tv' — one has too;
  // not 'on a budget': decision 0194)
  for (const m of text.toLowerCase().matchAll(/\b[a-z]{3,}ing\s+(?:[a-z]+\s+){0,3}?(?:on|with|using)\s+(?:a|an|my|this|that)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})/g)) {
    for (const w of m[1]!.split(/\s+/)) {
      if (AFTER_POSSESSED.test(w) || /^(?:budget|whim|tight|shoestring|daily|regular|weekly)$/.test(w)) break;
      out.push(w);
    }
  }
  for (const m of text.toLowerCase().matchAll(/\b(?:my|our|his|her|their)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})/g)) {
    for (const w of m[1]!.split(/\s+/)) {
      if (AFTER_POSSESSED.test(w)) break;
      out.push(w);
    }
  }
  for (const raw of fold(text).split(/[^\p{L}]+/u)) {
    if (raw.length < 4 || /^(?:و|ف|ب|ل)?ال/.test(raw) || !/(?:ي|نا)$/.test(raw)) continue;
    const std = gulfToStandard(raw);
    if (std !== raw) out.push(std);
    else out.push(raw.replace(/(?:ي|نا)$/, '').replace(/ت$/, 'ه'));
  }
  return [...new Set(out)];
}

// ---- the catalogue's departments, named in Arabic: read by the search box too (search/query-department.ts) ----------

export { departmentNamed, isPurpose, namesNoKind } from '../search/query-department.js';

// ---- other names of a product word -------------------------------------------------------------------------------------

/**
 * Arabic transliterations of English product words as Gulf shoppers write them (folded): the English word a catalogue's
 * English names use. Loanwords of the trade, not any catalogue's products.
 */
const LOANWORDS: Record<string, string> = Object.fromEntries(Object.entries<string>({
  ساوندبار: 'soundbar', سبيكر: 'speaker', 'سماعه بلوتوث': 'speaker', 'سمارت واتش': 'smartwatch', سمارتواتش: 'smartwatch', بروجكتر: 'projector', بروجيكتر: 'projector',
  راوتر: 'router', ويبكام: 'webcam', 'ويب كام': 'webcam', تريدمل: 'treadmill', سكوتر: 'scooter', ستاند: 'stand',
  // (makeup, as everyone says it from the French: decision 0191)
  مكياج: 'makeup', ميكب: 'makeup', 'ميك اب': 'makeup',
  جيمنج: 'gaming', قيمنق: 'gaming', لابتوب: 'laptop', تابلت: 'tablet', ايربودز: 'earbuds', هيدفون: 'headphones', هيدسيت: 'headset',
}).map(([k, v]) => [fold(k), v]));

/**
 * Does the shopper name a product's kind in the plural ('smartwatches', 'smart watches', «ساعات ذكية») where the product's
 * own name says it in the singular? Then they ask for the kind's products, not about that one product. English: a word
 * ending in -s / -es whose singular (not the word itself) is a word of the name; Arabic (folded): a sound feminine plural
 * in «ات» whose singular («ة», folded «ه», or the bare stem) is a word of the Arabic name.
 */
export function namesKindInPlural(text: string, product: { name: string; name_ar: string }): boolean {
  const words = (s: string) => fold(s.toLowerCase()).split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => bareArabic(w));
  const own = new Set([...words(product.name), ...words(product.name_ar)]);
  return words(text).some((w) => {
    if (own.has(w)) return false;
    const en = /^[a-z]{3,}$/.test(w) ? [w.replace(/es$/, ''), w.replace(/s$/, ''), w.replace(/ies$/, 'y')].filter((x) => x !== w) : [];
    const ar = /^[\u0600-\u06FF]{2,}ات$/.test(w) ? [`${w.slice(0, -2)}ه`, w.slice(0, -2)] : [];
    // 'smart watches': the plural's singular may be the end of a compound word of the name ('smartwatch')
    return [...en, ...ar].some((x) => own.has(x) || (x.length >= 4 && [...own].some((o) => o.length > x.length && o.endsWith(x) && text.toLowerCase().includes(o.slice(0, o.length - x.length)))));
  });
}

/** The English trade word a Gulf transliteration stands for ('سبيكر' → speaker), if it is one. */
export function loanwordOf(word: string): string | undefined {
  const w = fold(word);
  // written apart or joined ('ساوند بار', 'ساوندبار'): one loanword
  const joined = w.replace(/\s+/g, '');
  return LOANWORDS[w] ?? LOANWORDS[bareArabic(w)] ?? LOANWORDS[joined] ?? LOANWORDS[bareArabic(joined)];
}

/** Equivalent names of a kind (the search's synonym groups), by each of their one-word names. */
let equivalents: Map<string, string[]> | null = null;
export function equivalentsOf(word: string): string[] {
  if (!equivalents) {
    equivalents = new Map();
    for (const group of SYNONYM_GROUPS) for (const name of group) if (!name.includes(' ')) equivalents.set(name, [...(equivalents.get(name) ?? []), ...group.filter((g) => g !== name)]);
  }
  return equivalents.get(word) ?? [];
}

/** The other names of a product word: its English when it is a loanword, and the other names of its kind (the search's synonym groups). */
export function otherNames(word: string): string[] {
  const w = fold(word);
  const out = new Set<string>();
  const loan = loanwordOf(w);
  if (loan) out.add(loan);
  for (const x of [w, bareArabic(w), ...(loan ? [loan] : [])]) for (const e of equivalentsOf(x)) out.add(e);
  // a term of several words: each word by its other name ('هيدسيت الالعاب' → 'headset الالعاب')
  if (/\s/.test(w)) {
    const each = w.split(/\s+/).map((x) => loanwordOf(x) ?? x).join(' ');
    if (each !== w) out.add(each);
  }
  out.delete(w);
  return [...out];
}
