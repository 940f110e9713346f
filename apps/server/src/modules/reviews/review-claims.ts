import { foldArabic } from '../search/search.arabic.js';
import {
  AT_FIRST, BY_ASPECT, CONTRAST, ENDED, INTENSIFIERS, LIMITING, NEGATIONS, NEGATIVE, PHRASES, POSITIVE, TERMS, TOO, type AspectKey, type Term,
} from './review-lexicon.js';

// What one review sentence claims, clause by clause (issue 37 item 4, decision 0129). A sentence is cut into clauses at
// commas, contrast words ('but', 'لكن', 'بس') and at 'and'/'و' between two things judged; each clause's aspect comes from
// its own words — the noun it is about ('sound quality' is the sound, 'the smell of plastic' the smell), else the
// adjective or verb that names one — and its polarity from its own judgement words: a negation in the three words before
// turns one around, 'too' makes a complaint, a word like 'cheap' judges a price and a material differently. Across
// clauses: a later clause about the same aspect after 'but' or after an 'at first' overrides the earlier one; a clause
// with no aspect of its own speaks of the one before ('good, but not the best' keeps the praise and its reservation).
// Every claim carries its quote: the clauses it was read from, verbatim, so a contrast that changes its meaning stays.

export type Sentiment = 'positive' | 'negative';
export type SentenceClaim = { aspect: AspectKey; sentiment: Sentiment; quote: string };

type Tok = { word: string; forms: string[]; start: number; end: number };
type Found = { term: Term; at: number; len: number };

const ARABIC = /[\u0600-\u06FF]/;
/** Arabic article and attached particles, and the attached pronouns a judged noun may carry ('سعره': its price). */
const AR_PREFIX = /^(?:وال|بال|فال|كال|لل|ال|و|ف|ب|ل)(?=\S{2})/;

/** The forms a word may match the lexicon in: itself; for Arabic, without its article, particles, pronoun, feminine ending. */
function formsOf(word: string): string[] {
  if (!ARABIC.test(word)) return [word.replace(/’/g, "'")];
  const forms = new Set([word]);
  const bare = word.replace(AR_PREFIX, '');
  for (const w of [word, bare]) {
    forms.add(w);
    // 'مشكلتي' (my problem) → مشكله; 'سعره' (its price) → سعر; 'طعمها' → طعم
    // 'مشكلتي' (my problem) → مشكله; 'سعره' (its price) → سعر; 'ضايقتني' (it bothered me) → ضايق
    for (const noPronoun of [w.replace(/ت(?:ي|ني|ه|ها|هم|ك)$/, 'ه'), w.replace(/(?:ها|هم|ني|ه|ي|ك)$/, ''), w.replace(/ت(?:ني|ه|ها|هم|ك)$/, '')]) {
      if (noPronoun.length >= 2) forms.add(noPronoun);
    }
    if (w.endsWith('ت') && w.length > 3) forms.add(`${w.slice(0, -1)}ه`);
    if (w.endsWith('ه') && w.length > 3) forms.add(w.slice(0, -1));
  }
  return [...forms];
}

function tokensOf(sentence: string): Tok[] {
  const out: Tok[] = [];
  for (const m of sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const raw = m[0];
    const word = ARABIC.test(raw) ? foldArabic(raw.normalize('NFKD')).normalize('NFC') : raw.toLowerCase();
    out.push({ word, forms: formsOf(word), start: m.index!, end: m.index! + raw.length });
  }
  return out;
}

const has = (set: Set<string>, t: Tok) => t.forms.some((f) => set.has(f));
/** Function words match as written (with 'و' attached at most): 'البس' is not 'بس', 'فلم' is not 'لم'. */
const exact = (set: Set<string>, t: Tok) => set.has(t.word) || (t.word.startsWith('و') && set.has(t.word.slice(1)));
const isNegation = (t: Tok) => exact(NEGATIONS, t) || /n't$/.test(t.word);

/** The aspect words of the sentence, longest phrases first, each token used once. */
function termsIn(toks: Tok[]): Found[] {
  const used = new Set<number>();
  const found: Found[] = [];
  for (const term of TERMS) {
    for (let i = 0; i + term.words.length <= toks.length; i++) {
      if (term.words.some((w, k) => used.has(i + k) || !toks[i + k]!.forms.includes(w))) continue;
      for (let k = 0; k < term.words.length; k++) used.add(i + k);
      found.push({ term, at: i, len: term.words.length });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

type Clause = { from: number; to: number; terms: Found[]; contrast: boolean };

/** Clauses: at punctuation, at contrast words, and at 'and'/'و' between two judged things. */
function clausesIn(sentence: string, toks: Tok[], terms: Found[]): Clause[] {
  const cuts = new Set<number>([0]);
  for (let i = 1; i < toks.length; i++) {
    const between = sentence.slice(toks[i - 1]!.end, toks[i]!.start);
    if (/[,;،؛:—–]/.test(between) || exact(CONTRAST, toks[i]!)) cuts.add(i);
  }
  // 'and' joins two clauses when each side names what it judges ('quiet and easy to clean', 'مريح وخفيف')
  const termAt = (i: number) => terms.some((f) => f.at <= i && i < f.at + f.len);
  const ordered = () => [...cuts].sort((a, b) => a - b);
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i]!;
    const and = t.word === 'and' || t.word === 'و';
    const attached = ARABIC.test(t.word) && t.word.startsWith('و') && t.word.length > 3 && (termAt(i) || has(POSITIVE, { ...t, forms: formsOf(t.word.slice(1)) }) || has(NEGATIVE, { ...t, forms: formsOf(t.word.slice(1)) }));
    if (!and && !attached) continue;
    const start = ordered().filter((c) => c <= i).pop()!;
    const end = ordered().find((c) => c > i) ?? toks.length;
    const side = (from: number, to: number) => terms.filter((f) => f.at >= from && f.at < to);
    const left = side(start, i);
    const right = side(and ? i + 1 : i, end);
    const named = (list: Found[]) => list.some((f) => f.term.kind === 'noun' || f.term.kind === 'own');
    // two things each with its name ('quiet and easy to clean'), or two judgements of no named thing ('comfortable and
    // light'); not two adjectives of one noun ('the leather feels soft and expensive') nor a verb of it ('… وتدوم')
    if (left.length && right.length && (named(right) || (!named(left) && !named(right) && right.some((f) => f.term.kind === 'adj')))) cuts.add(and ? i + 1 : i);
  }
  const list = ordered();
  return list.map((from, k) => {
    const to = list[k + 1] ?? toks.length;
    return { from, to, terms: terms.filter((f) => f.at >= from && f.at < to), contrast: exact(CONTRAST, toks[from]!) };
  });
}

const GENERIC = new Set(['quality', 'جوده']);
/** Words after which a clause says when, for what or compared with what — not what it judges ('after the first wash'). */
const CIRCUMSTANCE = new Set(['after', 'before', 'during', 'when', 'while', 'within', 'for', 'than', 'from', 'like', 'بعد', 'قبل', 'وقت', 'عند', 'لما', 'خلال', 'عن', 'مثل', 'زي', 'كانه', 'كانها', 'علي']);
const OF = new Set(['of', 'on', 'in', 'the']);
/** Verbs of an impression ('feels', 'looks'): a price word after one judges how it is made or looks. */
const SENSES = new Set(['feels', 'feel', 'looks', 'look', 'seems', 'seem']);
/** 'I bought it for the battery': why it was bought, not a judgement of it. */
const PURPOSE = /\b(bought|got|chose|picked|ordered) (it|this|them|these)( \w+)? for\b|(اشتريته|اشتريتها|اخذته) (بسبب|عشان|ل)/;
/** What tells delivery apart from charging ('الشحن' is both): days, weeks, arriving. */
const DELIVERY_CUE = /(اسبوع|اسابيع|ايام|وصل|طرد|التوصيل|البائع|مجاني)/;

/** Where a clause turns to its circumstances: the first circumstance word (an Arabic noun with 'ل' attached too). */
function circumstanceAt(toks: Tok[], c: Clause): number {
  for (let i = c.from + 1; i < c.to; i++) {
    const w = toks[i]!.word;
    if (CIRCUMSTANCE.has(w) || (ARABIC.test(w) && /^ل(?!ل)\S{3}/.test(w) && !NEGATIONS.has(w))) return i;
  }
  return c.to;
}

/** The aspects a clause is about, by its own words. */
function aspectsOf(toks: Tok[], c: Clause, sentence: string): AspectKey[] {
  let terms = c.terms;
  // a noun after 'after', 'when', 'for', 'than' … is when, why or compared with what, not what is judged, when the
  // clause judges something before it ('pills after the first wash', 'bigger than the photos', 'lags when I open the camera')
  const turn = circumstanceAt(toks, c);
  if (terms.some((f) => f.at < turn)) terms = terms.filter((f) => f.at < turn);
  terms = terms.map((f) => (f.term.words[0] === 'شحن' && DELIVERY_CUE.test(sentence) ? { ...f, term: { ...f.term, aspect: 'delivery' as AspectKey } } : f));
  // so is an Arabic noun with a preposition attached, beside another ('تخلص بسرعة': quickly, 'بالبلوتوث') — a word
  // that begins with the letter itself ('بطارية', 'لون') is matched as written, not through a stripped preposition
  const withPreposition = (f: Found) => {
    const w = toks[f.at]!.word;
    return f.term.words.length === 1 && w !== f.term.words[0] && /^(?:ب|ل|بال|لل)/.test(w) && w.replace(/^(?:بال|لل|ب|ل)/, '').replace(/^ال/, '') === f.term.words[0];
  };
  if (terms.length > 1) terms = terms.filter((f) => !(f.term.kind === 'noun' && withPreposition(f) && terms.some((g) => g !== f)));
  const own = terms.filter((f) => f.term.kind === 'own');
  // 'easy to clean' is about cleaning: how easy yields to what is done
  const specific = own.filter((f) => f.term.aspect !== 'ease');
  if (own.length) return [...new Set((specific.length && specific.length < own.length ? specific : own).map((f) => f.term.aspect))];
  let nouns = terms.filter((f) => f.term.kind === 'noun');
  // two nouns in one phrase: 'sound quality', 'the smell of plastic', 'جودة الصوت', 'ريحة البلاستيك', 'colours on the screen'
  const drop = new Set<Found>();
  for (let k = 0; k + 1 < nouns.length; k++) {
    const a = nouns[k]!;
    const b = nouns[k + 1]!;
    const gap = toks.slice(a.at + a.len, b.at);
    if (gap.length > 2 || !gap.every((t) => OF.has(t.word))) continue;
    const generic = (f: Found) => f.term.words.some((w) => GENERIC.has(w));
    const picture = (f: Found) => f.term.aspect === 'screen' || f.term.aspect === 'camera';
    if (generic(a)) drop.add(a);
    else if (generic(b)) drop.add(b);
    else if (a.term.aspect === 'design' && picture(b)) drop.add(a);
    // English names the thing last in a compound ('camera app'), Arabic and 'of' phrases first ('smell of plastic')
    else if (gap.length === 0 && !ARABIC.test(toks[a.at]!.word)) drop.add(a);
    else drop.add(b);
  }
  nouns = nouns.filter((f) => !drop.has(f));
  // the subject: a clause judges its first noun ('the seller sent the wrong colour' is about the seller) — but how easy a
  // thing is to use is its ease of use ('the app is confusing'), unless it is its looks ('a simple design')
  const ease = terms.some((f) => f.term.kind === 'adj' && f.term.aspect === 'ease');
  // (an activity judged easy is that activity: 'سهل التنظيف' is cleaning)
  if (nouns.length) return [ease && !['design', 'cleaning'].includes(nouns[0]!.term.aspect) ? 'ease' : nouns[0]!.term.aspect];
  // 'feels cheap', 'looks expensive': an impression of how it is made or looks, not of its price
  const impression = terms.find((f) => f.term.aspect === 'value' && f.at > c.from && SENSES.has(toks[f.at - 1]!.word));
  if (impression) return [toks[impression.at - 1]!.word.startsWith('look') ? 'design' : 'quality'];
  const rest = terms.filter((f) => f.term.kind === 'adj' || f.term.kind === 'pred');
  return [...new Set(rest.map((f) => f.term.aspect))];
}

/** The judgement of a clause about an aspect: +1, -1 or 0. */
function polarityOf(toks: Tok[], c: Clause, aspect: AspectKey | null, text: string): number {
  if (/\bcould (have )?be(en)? (better|improved)\b/.test(text)) return -1;
  // judgement words in the circumstances ('after two weeks of light use') count only when nothing else judges
  const main = score(toks, c, aspect, c.from, circumstanceAt(toks, c), text);
  return main !== 0 ? main : score(toks, c, aspect, c.from, c.to, text);
}

function score(toks: Tok[], c: Clause, aspect: AspectKey | null, from: number, to: number, text: string): number {
  let score = PHRASES.reduce((n, [re, v]) => n + (re.test(text) ? v : 0), 0);
  for (let i = from; i < to; i++) {
    const t = toks[i]!;
    const byAspect = t.forms.map((f) => BY_ASPECT[f]).find(Boolean);
    let v: number = byAspect ? (aspect && byAspect[aspect] !== undefined ? byAspect[aspect]! : byAspect.default ?? 0) : has(POSITIVE, t) ? 1 : has(NEGATIVE, t) ? -1 : 0;
    // 'feels expensive' is praise of how it feels, 'feels cheap' a complaint
    if (i > c.from && SENSES.has(toks[i - 1]!.word) && /^(expensive|pricey|premium|luxurious|cheap)$/.test(t.word)) v = t.word === 'cheap' ? -1 : 1;
    if (v === 0) continue;
    const before = toks.slice(Math.max(c.from, i - 3), i);
    // 'drains fast', 'scratches easily': the adverb makes the complaint stronger
    if (has(INTENSIFIERS, t) && before.slice(-2).some((b) => has(NEGATIVE, b) && !has(POSITIVE, b))) continue;
    if (before.slice(-2).some((b) => exact(TOO, b))) v = -1;
    const farFrom = before.some((b, k) => b.word === 'far' && before[k + 1]?.word === 'from');
    if (before.some(isNegation) || farFrom) v = -v;
    score += v;
  }
  return Math.sign(score);
}

/**
 * The claims of one sentence: each aspect it judges, with the judgement, and the quote it was read from. A question
 * claims nothing.
 */
export function claimsOf(sentence: string): SentenceClaim[] {
  if (/[?؟]\s*$/.test(sentence)) return [];
  const toks = tokensOf(sentence);
  if (toks.length === 0) return [];
  const clauses = clausesIn(sentence, toks, termsIn(toks));
  type Read = { polarity: number; first: number; last: number; earlier: boolean };
  const read = new Map<AspectKey, Read>();
  let previous: AspectKey[] = [];
  clauses.forEach((c, k) => {
    const text = toks.slice(c.from, c.to).map((t) => t.word).join(' ');
    if (PURPOSE.test(text)) return;
    const own = aspectsOf(toks, c, sentence);
    const earlier = AT_FIRST.test(text);
    if (own.length) {
      for (const aspect of own) {
        let polarity = polarityOf(toks, c, aspect, text);
        // the quote starts where the judgement is read: here, or in the clause it turns around
        let first = k;
        // 'the camera is excellent, the battery is not': the judgement before, turned around (quoted with it, so the
        // quote read on its own makes the same claim)
        if (polarity === 0 && isNegation(toks[c.to - 1]!) && k > 0) {
          const before = [...read.values()].find((r) => r.last === k - 1);
          if (before) {
            polarity = -before.polarity;
            first = before.first;
          }
        }
        if (polarity === 0) continue;
        const was = read.get(aspect);
        // the same aspect again: after 'but', or after an earlier state, the later judgement is the buyer's verdict
        if (!was) read.set(aspect, { polarity, first, last: k, earlier });
        else if (was.earlier || c.contrast) read.set(aspect, { polarity, first: was.first, last: k, earlier });
        // the same judgement in the next clause ('feel flimsy and wobble a little'): one claim, quoted whole
        else if (was.last === k - 1 && was.polarity === polarity) read.set(aspect, { ...was, last: k });
      }
      previous = own;
      return;
    }
    // no aspect of its own: it speaks of the one before ('good, but not the best I have tried')
    if (!c.contrast && !earlier) return;
    for (const aspect of previous) {
      const was = read.get(aspect);
      if (!was) continue;
      const polarity = polarityOf(toks, c, aspect, text);
      if (LIMITING.test(text)) read.set(aspect, { ...was, last: k });
      // 'the smell was strong at first, but now it is gone': the complaint ended
      else if (was.polarity < 0 && ENDED.test(text)) read.set(aspect, { polarity: 1, first: was.first, last: k, earlier: false });
      else if (polarity !== 0 && polarity !== was.polarity) read.set(aspect, { polarity, first: was.first, last: k, earlier: false });
    }
  });
  const end = (k: number) => (k + 1 < clauses.length ? toks[clauses[k + 1]!.from - 1]!.end : sentence.length);
  return [...read].map(([aspect, r]) => ({
    aspect,
    sentiment: r.polarity > 0 ? 'positive' : 'negative',
    // verbatim: from the first clause read to the end of the last (with the sentence's own ending when it is the last)
    quote: sentence.slice(toks[clauses[r.first]!.from]!.start, end(r.last)).replace(/[\s,;،؛:—–]+$/u, '').trim(),
  }));
}
