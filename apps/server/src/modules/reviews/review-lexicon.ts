import { MSG } from '@souq/shared/messages';
import { foldArabic } from '../search/search.arabic.js';

// The words a review summary reads (decisions 0093, 0129), in English and Arabic: what each aspect is called, and how
// a buyer says it is good or bad. Written for a general marketplace — whatever shoppers say about batteries, fit, smell
// or a seller — not for one catalogue's reviews. Arabic words are in folded spelling (one alef, ه for ة, ي for ى, no
// diacritics), without the article or attached particles: the reader strips those from the review's words first.

export type AspectKey = keyof typeof MSG.reviewAspects;

/**
 * How a word names an aspect:
 * - noun: names the aspect ('battery', 'the price');
 * - adj: an adjective that names the aspect and judges it ('comfortable', 'heavy') — yields to a noun of the clause
 *   ('loud bass' is about the sound);
 * - pred: a verb telling something about its subject ('lasts', 'drains', 'looks') — takes the aspect of a noun of the
 *   clause, else its own;
 * - own: a word whose aspect wins over the noun it tells about ('the screen scratches': durability; 'easy to clean':
 *   cleaning; 'not easy to use': ease of use).
 */
export type TermKind = 'noun' | 'adj' | 'pred' | 'own';

type Entry = [AspectKey, TermKind, string];

/** Aspect words: [aspect, kind, words or phrases separated by commas]. English first, then Arabic. */
const ENTRIES: Entry[] = [
  ['battery', 'noun', 'battery, batteries, battery life, charge, charger, charging, charges'],
  ['battery', 'pred', 'lasts, lasted, last, drains, drained, drain, dies, died'],
  ['battery', 'noun', 'runtime, battery life'],
  ['screen', 'noun', 'screen, screens, display, brightness, resolution, touchscreen, panel, viewing angles'],
  ['screen', 'pred', 'flickers, flicker'],
  ['sound', 'noun', 'sound, audio, bass, treble, highs, mids, volume, speaker, speakers, microphone, mic, music, call quality, calls'],
  ['sound', 'pred', 'sounds'],
  ['noise', 'noun', 'noise, noise cancelling, noise canceling, noise cancellation, noise isolation, anc, fan, motor'],
  ['noise', 'adj', 'quiet, quieter, silent, noisy, loud, louder'],
  ['noise', 'pred', 'hums, hum, whisper'],
  ['quality', 'noun', 'quality, build, build quality, craftsmanship, workmanship, construction'],
  ['quality', 'adj', 'sturdy, solid, flimsy, well made, cheaply made, well built, built, robust, rugged, shoddy, fragile, brittle'],
  ['quality', 'own', 'wobble, wobbles, wobbly'],
  ['durability', 'noun', 'durability'],
  ['durability', 'adj', 'durable'],
  ['durability', 'own', 'broke, broken, breaks, break, wear out, wore out, worn, tear, torn, ripped, frayed, dented, long-lasting, scratches, scratched, scratch, peeled, peeling, cracking, '
    + 'peels, cracked, cracks, fell apart, falls apart, pills, pilled, going strong, like new, still works'],
  ['value', 'noun', 'price, pricing, priced, value, money, value for money, deal, bargain, cost, costs, dirham, dirhams'],
  ['value', 'adj', 'expensive, overpriced, pricey, cheap, affordable, inexpensive, worth, costly, reasonable'],
  ['size', 'noun', 'size, sizing, fit, length, width'],
  ['size', 'adj', 'small, smaller, big, bigger, large, larger, tight, loose, roomy, short, shorter'],
  ['size', 'pred', 'fits, runs'],
  ['comfort', 'noun', 'comfort, padding, cushioning, cushion'],
  ['comfort', 'adj', 'comfortable, uncomfortable, ergonomic, comfy, itchy, scratchy'],
  ['comfort', 'pred', 'hurts, hurt, aches, ache, pinches'],
  ['weight', 'noun', 'weight'],
  ['weight', 'pred', 'weighs'],
  ['weight', 'adj', 'light, lighter, lightweight, heavy, heavier, bulky'],
  ['design', 'noun', 'design, style, colour, color, colours, colors, finish, appearance'],
  ['design', 'adj', 'stylish, ugly, elegant, sleek'],
  ['design', 'pred', 'looks'],
  ['performance', 'noun', 'performance, speed, processor'],
  ['performance', 'adj', 'fast, slow, slower, powerful, laggy, sluggish, snappy, buggy, glitchy'],
  ['performance', 'pred', 'lags, lag, overheats, overheat, heat up, heats up, freezes, froze, performs, crashes'],
  ['ease', 'noun', 'setup, set up, instructions, assembly, installation, controls, interface'],
  // how easy a thing is to use is the ease of use, whatever the thing but its looks ('the app is confusing'; 'a simple design')
  ['ease', 'adj', 'easy, simple, intuitive, complicated, confusing, difficult, straightforward, user-friendly, user friendly, fiddly, clunky, awkward'],
  ['ease', 'own', 'to use, to set up, to assemble, to install, to understand'],
  ['connectivity', 'noun', 'bluetooth, wifi, wi-fi, app, connection, connectivity, signal, pairing, range, reception'],
  ['connectivity', 'pred', 'connects, connect, disconnects, disconnecting, pairs, paired, syncs, sync, drops'],
  ['camera', 'noun', 'camera, photos, photo, pictures, picture, video, videos, lens, zoom, images, shots, footage, selfies, autofocus'],
  ['material', 'noun', 'material, materials, fabric, leather, plastic, metal, stitching, cotton, wood, glass, steel, rubber, silicone, canvas, wool'],
  ['cleaning', 'noun', 'cleaning, dishwasher, wash'],
  ['cleaning', 'adj', 'washable'],
  ['cleaning', 'own', 'to clean, to wash, wash off, dishwasher safe'],
  ['smell', 'noun', 'smell, scent, fragrance, perfume, taste, flavour, flavor, aftertaste, odour, odor'],
  ['smell', 'pred', 'stinks, smelled'],
  ['smell', 'pred', 'smells, tastes, fades'],
  ['delivery', 'noun', 'delivery, shipping, shipment, package, packaging, box, parcel, courier'],
  ['delivery', 'pred', 'arrived, arrives, delivered, shipped'],
  ['service', 'noun', 'seller, service, customer service, customer support, support, warranty, refund, replacement, staff, agent'],

  ['battery', 'noun', 'بطاريه, بطاريات, شاحن, عمر البطاريه, شحن'],
  ['battery', 'pred', 'تدوم, يدوم, تخلص, يخلص, تكفي, تكفيني, يكفي'],
  ['screen', 'noun', 'شاشه, شاشات, سطوع, الدقه'],
  ['sound', 'noun', 'صوت, بيس, مايك, ميكروفون, سماعات, مكبر'],
  ['noise', 'noun', 'ضوضاء, ضجيج, ضجه, ازعاج, مروحه, عزل الضوضاء'],
  ['noise', 'adj', 'هادئ, هادي, اهدا, مزعج'],
  ['quality', 'noun', 'جوده, تصنيع, صنع, صنعه'],
  ['quality', 'adj', 'متين, هش, مصنوع'],
  ['quality', 'own', 'تتحرك, يتحرك'],
  ['durability', 'own', 'انكسر, ينكسر, مكسور, يتخدش, تتخدش, تقشر, يتقشر, يتحمل, الجديد, يتوبر, خرب, يخرب, تعطل, يتعطل, تمزق, يتمزق, ينفك, بهت, يبهت, يتشقق, تشقق'],
  ['value', 'noun', 'سعر, ثمن, قيمه, فلوس, درهم'],
  ['value', 'adj', 'غالي, رخيص, مبالغ, يستاهل, يستحق, تستاهل'],
  ['size', 'noun', 'مقاس, حجم'],
  ['size', 'adj', 'ضيق, واسع, صغير, كبير, قصير'],
  ['size', 'pred', 'يناسب, مضبوط'],
  ['comfort', 'noun', 'راحه'],
  ['comfort', 'adj', 'مريح, مريحه'],
  ['comfort', 'pred', 'يوجع, يتعب, يعور'],
  ['weight', 'noun', 'وزن'],
  ['weight', 'adj', 'خفيف, اخف, ثقيل, اثقل'],
  ['design', 'noun', 'شكل, تصميم, لون, الوان, شكله, مظهر'],
  ['design', 'adj', 'انيق, عصري'],
  ['performance', 'noun', 'اداء, سرعه, معالج'],
  ['performance', 'adj', 'سريع, بطيء, ابطا, قوي'],
  ['performance', 'pred', 'يعلق, يسخن, ياخذ وقت, يهنج, يعلق'],
  ['ease', 'noun', 'تركيب, استخدام, تعليمات, اعدادات'],
  ['ease', 'adj', 'سهل, صعب, معقد, محير'],
  ['connectivity', 'noun', 'بلوتوث, واي فاي, اتصال, اقتران, تطبيق, شبكه, النت'],
  ['connectivity', 'pred', 'يفصل, ينقطع, يتصل, يطفي, ازامن'],
  ['camera', 'noun', 'كاميرا, صور, صوره, فيديو, عدسه, تصوير, زوم'],
  ['material', 'noun', 'خامه, قماش, جلد, بلاستيك, خياطه, معدن, خشب, زجاج'],
  ['cleaning', 'noun', 'تنظيف, غساله الصحون, غساله'],
  ['cleaning', 'own', 'ينغسل, التنظيف, ينظف, انظف, غسيل'],
  ['smell', 'noun', 'ريحه, رائحه, عطر, طعم, نكهه, طعمها'],
  ['smell', 'pred', 'يختفي, تختفي'],
  ['delivery', 'noun', 'توصيل, طرد, تغليف, كرتون, مندوب'],
  ['delivery', 'pred', 'وصل'],
  ['service', 'noun', 'بائع, خدمه العملاء, خدمه, دعم, الدعم الفني, ضمان, بديل, متجر, تعامل'],
];

export type Term = { aspect: AspectKey; kind: TermKind; words: string[] };

/** An Arabic word as the reader folds a review's words (decision 0100): 'رائع' is read 'رايع', 'هادئ' 'هادي'. */
const fold = (w: string) => (/[\u0600-\u06FF]/.test(w) ? foldArabic(w.normalize('NFKD')).normalize('NFC') : w);

/** Every aspect word or phrase, its words in order, longest phrases first (a phrase wins over its own words). */
export const TERMS: readonly Term[] = ENTRIES.flatMap(([aspect, kind, list]) =>
  list.split(',').map((t) => ({ aspect, kind, words: t.trim().split(/\s+/).map(fold) })),
).sort((a, b) => b.words.length - a.words.length);

/** Aspects in the order the summary breaks ties (MSG.reviewAspects). */
export const ASPECT_ORDER = Object.keys(MSG.reviewAspects) as AspectKey[];

const set = (words: string) => new Set(words.split(/[\s,]+/).filter(Boolean).map(fold));

export const POSITIVE = set(`
  good great excellent amazing awesome love loved loves perfect perfectly fantastic brilliant nice best happy pleased impressive impressed
  superb solid sturdy comfortable easy easily fast quick quickly bright clear crisp reliable recommend recommended worth bargain beautiful
  beautifully stylish smooth quiet quieter light lightweight powerful durable intuitive simple well strong soft fine generous helpful lovely
  gorgeous decent outstanding flawless rich accurate responsive stable secure premium sharp vivid long plenty fits stunning elegant sleek
  neat earlier early instantly instant unreal incredible special enjoy enjoyed works affordable inexpensive okay ok better lasts last lasted
  exceptional wonderful superior satisfied satisfying pleasant spacious roomy vibrant punchy immersive seamless seamlessly effortless
  straightforward handy convenient efficient consistent robust rugged tough reasonable promptly prompt courteous friendly fresh delicious
  tasty comfy snappy speedy detailed balanced deep reasonably sturdy user-friendly breeze kind free lighter
  ممتاز ممتازه رائع رائعه حلو حلوه زين جميل جميله جيد جيده مريح مريحه خفيف سريع سريعه قوي قويه واضح واضحه نقي مذهل مذهله رهيب ناعم
  ناعمه متين متينه مرتب مرتبه محكم انيق سهل ثابت يستاهل يستحق تستاهل راضي مقبول غني غنيه طبيعيه طبيعي فاخر يدوم تدوم تكفي تكفيني يكفي
  خرافي فخم يجنن روعه تحفه ممتع مرضي عملي سلس نظيف لذيذ دقيق بسرعه يشتغل شغال راقي
  احببت حبيت احب عجبني يعجبني انبسطت مجاني اخف لطيف لطيفين
  يتحمل مناسب مضبوط معقول عصري احسن افضل اعجبني انصح متعاون حل اهدا هادئ هادي بوضوح راحه
`);

export const NEGATIVE = set(`
  bad poor terrible awful horrible worst hate hated disappointed disappointing broke broken flimsy slow slower uncomfortable difficult hard
  complicated confusing expensive overpriced pricey noisy loud heavy bulky dim weak short late damaged faulty defective useless problem
  problems issue issues fails failed stopped died drains drained tight small loose leaks leaked scratched scratches scratch ugly laggy lag
  lags annoying mediocre dull unreliable unstable disconnects disconnecting drops rough thin wobbly wobble wobbles missing waste muddy harsh
  bothered bother bothers muffled disappointment cheaply fragile brittle shoddy junk rubbish garbage sluggish buggy glitchy unresponsive
  dead failing malfunction malfunctions leaking leak stiff itchy scratchy costly steep weird strange odd stinks stink smelly musty bland
  tasteless delayed delay lost dented ripped frayed discoloured stained cramped narrow shorter inaccurate unclear distorted crackling
  static hiss buzz rattles rattle squeaks squeaky clunky awkward fiddly unusable painful sore ignored incomplete freezes froze
  distorts distortion wet soaked burnt bitter cracking heavier
  tinny flat washed blurry grainy pills pilled peeled peeling cracked crushed rude unhelpful nightmare pain sticks chemical fades
  overheats hurts hurt aches pinches crashes crash crashed fuss average struggles bigger smaller wrong tear torn worn regret
  سيئ سيء سيئه ضعيف ضعيفه بطيء مزعج مزعجه باهت باهته مشوش غالي هش صعب معقد معقده مغبش مغبشه ثقيل ضيق يوجع يتعب انكسر ينكسر تالف مكسور
  متاخر مضروب يعلق يفصل ينقطع تقشر يتوبر يلصق متعب مبالغ مختلف رديء رديئه يتخدش تتخدش تخلص يخلص يطفي يسخن كيماويه تختفي يختفي عادي
  يعور مشكله مشاكل غلط سيئه محير تتحرك يتحرك اسوا تعقيد ابطا ضايق يضايق
  خايس زفت تعبان خربان خرب تعطل معطل عطلان يقطع متقطع خشن رقيق قصير مخيب خيبه ندمت فاشل مقلد مغشوش تاخر ناقص مفقود وسخ بهت يبهت تمزق يهنج
  يتشوه تشوه وقف مبلول ضعف يتشقق اثقل
`);

/** Words that turn what follows around ('not comfortable', 'ما ينقطع', 'غير مريح'). */
export const NEGATIONS = set(`
  not no never nothing none nor hardly barely without cannot can't won't isn't wasn't doesn't didn't don't aren't weren't haven't hasn't
  couldn't shouldn't wouldn't
  لا ما مو مش ليس ليست لم لن غير بدون بلا مب مافي ماكو ماهو مهو
`);

/** 'too' turns any judgement of a size, a weight or a level into a complaint ('too small', 'too light', 'زيادة'). */
export const TOO = set('too زياده');

/** An adverb right after a complaint makes it stronger, not praise ('drains fast', 'scratches easily', 'تخلص بسرعة'). */
export const INTENSIFIERS = set('fast quickly quick easily badly completely constantly بسرعه');

/** Phrases that judge by themselves ('wore out', 'going strong', 'like new', 'a waste of money'). */
export const PHRASES: [RegExp, 1 | -1][] = [
  // how long it lasts is praise, how long it takes a complaint
  [/\b(lasts?|lasted|goes|runs) forever\b/, 1],
  [/\b(takes?|took|taking|wait|waited) (almost |nearly )?forever\b/, -1],
  [/\b(wear|wears|wore|worn) out\b|\b(fell|falls) apart\b|\bwaste of money\b|\bstopped working\b/, -1],
  [/\bgoing strong\b|\blike new\b|\bno complaints\b|مثل الجديد/, 1],
];

/** The end of an earlier complaint ('it is gone', 'اختفت'): said after 'at first', it is praise. */
export const ENDED = /\b(gone|disappeared|went away|faded|vanished|no longer)\b|(اختفت|اختفي|راحت|راح|زالت|زال)/;

/** How a buyer says an earlier state that may have changed ('at first', 'في البداية'). */
export const AT_FIRST = /\b(at first|initially|in the beginning|at the start|first few days)\b|(في البدايه|بالبدايه|في الاول|اول ما)/;

/** Contrast words that start a clause ('but', 'لكن', 'بس'). */
export const CONTRAST = set('but though although however yet except whereas لكن لكنه لكنها ولكن بس الا بينما رغم بالرغم');

/**
 * A clause that only limits the praise before it ('… but not the best I have heard', '… though not as strong as I
 * hoped', '… بس مو قوي'): it leaves the praise, with its reservation in the quote.
 */
export const LIMITING = /^(?:but |though |although |yet |بس |لكن |ولكن )?(?:it'?s |it is |its |هو |هي )?(?:not|no|مو|ليس|ليست|مش) (?:the |as |quite |that |so |الـ?)?(?:best|most|as|quite|perfect|great|strong|good|الافضل|قوي|قويه|مثالي|كامل|ممتاز)/;

/** Words whose judgement depends on the aspect they are about ('cheap' is praise of a price, a complaint of a material). */
export const BY_ASPECT: Record<string, Partial<Record<AspectKey | 'default', 1 | -1 | 0>>> = Object.fromEntries(Object.entries({
  cheap: { value: 1, default: -1 },
  رخيص: { value: 1, default: -1 },
  loud: { sound: 1, default: -1 },
  louder: { sound: 1, default: -1 },
  عالي: { sound: 1, value: -1, default: 0 },
  high: { value: -1, default: 0 },
  low: { value: 1, default: 0 },
  strong: { smell: -1, default: 1 },
  قويه: { smell: -1, default: 1 },
  قوي: { smell: -1, default: 1 },
  long: { battery: 1, smell: 1, delivery: -1, default: 0 },
  small: { size: -1, default: 0 },
  smaller: { size: -1, default: 0 },
  big: { size: -1, default: 0 },
  bigger: { size: -1, default: 0 },
  large: { size: -1, default: 0 },
  صغير: { size: -1, default: 0 },
  كبير: { size: -1, default: 0 },
  light: { weight: 1, screen: 0, camera: 0, default: 1 },
  soft: { default: 1 },
  fast: { default: 1 },
  سريع: { default: 1 },
} as Record<string, Partial<Record<AspectKey | 'default', 1 | -1 | 0>>>).map(([w, v]) => [fold(w), v]));
