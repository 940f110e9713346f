import type { MSG } from '@souq/shared/messages';
import { ARABIC_PARTICLES, arabicBase } from '../search/search.arabic.js';
import { normalize } from '../search/search.text.js';

/**
 * The topics of the AI chatbot section's "most asked topics": a fixed keyword list per topic, matched against the
 * shoppers' messages as word prefixes ('phone' matches 'phones' and 'phone's', not 'headphone'). Deterministic on
 * purpose: the same messages always give the same counts, and no model is involved. A message may count under
 * several topics ("a cheap phone" is a phone question and a price question).
 * Arabic questions count too (issue 26 item 1): a message with Arabic letters is read here rather than in SQL, folded
 * as the search folds Arabic (diacritics, hamza and ta marbuta forms, Arabic-Indic digits: normalize()), each word
 * also without its article or one attached particle ('بالهاتف', 'لهاتفي' → هاتف…), and matched by word prefix against
 * the topic's Arabic keywords as well as its English ones (a Latin brand inside an Arabic question).
 */

/** A topic's key: its name in each language is MSG.chatTopics[id]. */
export type ChatTopicId = keyof typeof MSG.chatTopics;
export const CHAT_TOPICS: readonly { id: ChatTopicId; keywords: readonly string[] }[] = [
  { id: 'phones', keywords: ['phone', 'smartphone', 'iphone', 'android', 'tablet', 'ipad', 'galaxy', 'pixel'] },
  { id: 'laptops', keywords: ['laptop', 'notebook', 'computer', 'macbook', 'pc', 'monitor', 'keyboard', 'mouse'] },
  { id: 'audio', keywords: ['headphone', 'earbud', 'earphone', 'speaker', 'audio', 'soundbar', 'airpods'] },
  { id: 'tv', keywords: ['tv', 'television', 'console', 'gaming', 'game', 'playstation', 'xbox', 'controller'] },
  { id: 'home', keywords: ['kitchen', 'coffee', 'espresso', 'blender', 'fryer', 'vacuum', 'lamp', 'furniture', 'chair', 'desk', 'home'] },
  { id: 'fashion', keywords: ['shirt', 'dress', 'shoe', 'sneaker', 'jacket', 'bag', 'fashion', 'beauty', 'makeup', 'lipstick', 'skincare', 'perfume', 'sunglass'] },
  { id: 'sports', keywords: ['sport', 'fitness', 'running', 'gym', 'yoga', 'bike', 'watch', 'tracker', 'dumbbell'] },
  { id: 'books', keywords: ['book', 'novel', 'toy', 'kid', 'children', 'lego', 'puzzle'] },
  { id: 'prices', keywords: ['price', 'cheap', 'cheapest', 'budget', 'cost', 'afford', 'discount', 'deal', 'under', 'expensive', 'worth'] },
  { id: 'comparisons', keywords: ['compare', 'comparison', 'vs', 'versus', 'difference', 'better', 'which'] },
  { id: 'gifts', keywords: ['gift', 'present', 'recommend', 'suggest', 'best', 'idea'] },
  { id: 'orders', keywords: ['order', 'delivery', 'deliver', 'shipping', 'ship', 'track', 'return', 'refund', 'cart', 'checkout'] },
];

/**
 * The topics' Arabic keywords, as shoppers write them (folded at load: أ/ا, ة/ه, ى/ي are one letter each). Broken
 * plurals are listed beside their singular (هاتف, هواتف): a prefix does not reach them.
 */
const ARABIC_KEYWORDS: Record<ChatTopicId, readonly string[]> = {
  phones: ['هاتف', 'هواتف', 'جوال', 'موبايل', 'تلفون', 'تليفون', 'آيفون', 'ايفون', 'جالكسي', 'أندرويد', 'تابلت', 'آيباد', 'لوحي'],
  laptops: ['لابتوب', 'حاسوب', 'حواسيب', 'كمبيوتر', 'حاسب', 'ماكبوك', 'شاشة', 'كيبورد', 'لوحة مفاتيح', 'ماوس'],
  audio: ['سماعة', 'سماعات', 'مكبر', 'صوت', 'ساوند', 'إيربودز', 'ايربودز'],
  tv: ['تلفاز', 'تلفزيون', 'تليفزيون', 'بلايستيشن', 'بلاي ستيشن', 'إكس بوكس', 'ألعاب', 'لعبة', 'جيمنج', 'يد تحكم'],
  home: ['مطبخ', 'قهوة', 'إسبريسو', 'خلاط', 'قلاية', 'مكنسة', 'مصباح', 'مصابيح', 'أثاث', 'كرسي', 'كراسي', 'مكتب', 'منزل', 'بيت'],
  fashion: ['قميص', 'قمصان', 'فستان', 'فساتين', 'حذاء', 'أحذية', 'سنيكرز', 'جاكيت', 'سترة', 'حقيبة', 'حقائب', 'شنطة', 'شنط', 'أزياء', 'موضة', 'جمال', 'مكياج', 'أحمر شفاه', 'بشرة', 'عطر', 'عطور', 'نظارة', 'نظارات'],
  sports: ['رياضة', 'رياضي', 'لياقة', 'جري', 'ركض', 'جيم', 'يوغا', 'يوجا', 'دراجة', 'ساعة', 'ساعات', 'متتبع', 'دمبل', 'أثقال'],
  books: ['كتاب', 'كتب', 'رواية', 'قصة', 'دمية', 'ألعاب أطفال', 'أطفال', 'طفل', 'ليغو', 'ليجو', 'بازل', 'أحجية'],
  prices: ['سعر', 'أسعار', 'رخيص', 'أرخص', 'ميزانية', 'تكلفة', 'كلفة', 'بكم', 'خصم', 'تخفيض', 'عرض', 'عروض', 'أقل من', 'غالي', 'أغلى', 'يستحق'],
  comparisons: ['قارن', 'مقارنة', 'مقابل', 'فرق', 'أفضل', 'أحسن', 'أيهما', 'أيّهما'],
  gifts: ['هدية', 'هدايا', 'اقترح', 'اقتراح', 'انصح', 'تنصح', 'نصيحة', 'رشح', 'ترشيح', 'فكرة', 'أفكار'],
  orders: ['طلب', 'طلبي', 'طلبات', 'توصيل', 'شحن', 'تتبع', 'إرجاع', 'ارجاع', 'مرتجع', 'استرجاع', 'استرداد', 'سلة', 'دفع'],
};

/** Any letter of the Arabic script: the messages the SQL count leaves to topicsOfArabicMessage. */
export const ARABIC_LETTER = '[\u0600-\u06ff]';

const FOLDED_ARABIC = new Map(CHAT_TOPICS.map((t) => [t.id, [...new Set(ARABIC_KEYWORDS[t.id].map(normalize))]]));
const ENGLISH = new Map(CHAT_TOPICS.map((t) => [t.id, new RegExp(`(?<![\\p{L}\\p{N}_])(${t.keywords.join('|')})`, 'iu')]));

/** A folded word as written, without its article or wa-, and without one attached particle (ب ل ف ك و). */
function wordForms(word: string): string[] {
  const forms = [word, arabicBase(word)];
  if (ARABIC_PARTICLES.includes(word[0]!) && word.length > 3) forms.push(word.slice(1), arabicBase(word.slice(1)));
  return forms;
}

/** The topics a message with Arabic letters counts under: its Arabic words by keyword prefix, its Latin ones as SQL does. */
export function topicsOfArabicMessage(text: string): ChatTopicId[] {
  const folded = normalize(text);
  const words = folded.split(' ').filter(Boolean);
  const forms = words.map(wordForms);
  return CHAT_TOPICS.filter((t) => {
    if (ENGLISH.get(t.id)!.test(text)) return true;
    return FOLDED_ARABIC.get(t.id)!.some((keyword) =>
      // a two-word keyword ('لوحة مفاتيح') is found in the folded message as it is
      keyword.includes(' ') ? ` ${folded} `.includes(` ${keyword}`) : forms.some((f) => f.some((form) => form.startsWith(keyword))),
    );
  }).map((t) => t.id);
}

/** The PostgreSQL regular expression of a topic: any keyword at the start of a word, case folded by the caller. */
export function topicPattern(keywords: readonly string[]): string {
  const words = keywords.map((k) => k.toLowerCase().replace(/[^a-z0-9]/g, '')).filter(Boolean);
  return `\\m(${words.join('|')})`;
}

