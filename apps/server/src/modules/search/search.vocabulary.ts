import { firstNotBefore, lowerBound } from '../../platform/sorted.js';
import { arabicBase, isArabic } from './search.arabic.js';
import { LOANWORD_MIN_SKELETON, latinSkeleton } from './query-loanwords.js';
import { STOPWORDS, stem, tokenize, trigrams } from './search.text.js';

/**
 * What the query analysis may know of the index (decision 0134): how many products hold an analysed term, and the
 * catalogue's words as products write them (not stemmed), for corrections, completions and word kin. Nothing else:
 * no postings, no products, no scores.
 */
export interface Vocabulary {
  /** products holding this analysed term; 0 when none */
  df(term: string): number;
  /** how many times products used this word when they were added (never decremented: a ranking hint); 0 for none */
  uses(word: string): number;
  /** the analysed term of one of the catalogue's words (undefined for a word it never used) */
  termOf(word: string): string | undefined;
  /** the catalogue's words holding this trigram (search.text `trigrams`) */
  wordsWithTrigram(gram: string): readonly string[];
  /** the catalogue's words beginning with `prefix`, in sorted order, at most `max` */
  wordsStartingWith(prefix: string, max: number): string[];
  /** the catalogue's words ending with `suffix`, in the order of the words read backwards, at most `max` */
  wordsEndingWith(suffix: string, max: number): string[];
  /** the catalogue's Latin words whose consonant skeleton (query-loanwords.ts) is this one, most used first */
  wordsSounding?(skeleton: string): readonly string[];
  /** the English terms of listings' names and tags an Arabic term stands for (search.bilingual.ts), best first */
  englishFor?(arabicTerm: string): readonly string[];
}

/**
 * The shoppers' words as products write them (not stemmed), for typo correction and completion: a misspelling is
 * closer to the word than to its stem ('florescent' → 'fluorescent', whose stem is 'fluoresc'). Arabic words are kept
 * without their article ('السماعات' as سماعات): typos and completions compare the word itself.
 */
export class WordList {
  /** word → its stem */
  private wordStem = new Map<string, string>();
  /** word → how many products used it when they were added (never decremented: a ranking hint only) */
  private wordCount = new Map<string, number>();
  private trigramIndex = new Map<string, string[]>();
  private sortedWords: string[] | null = null;
  /** positions in `sortedWords`, ordered by the words read backwards (wordsEndingWith): 4 bytes a word, no second list of strings */
  private suffixOrder: Int32Array | null = null;
  /** Latin words by consonant skeleton (loanwords written in Arabic letters), made on first use after a change */
  private skeletons: Map<string, string[]> | null = null;

  /** Remembers the words of a product's texts. */
  add(texts: string[]): void {
    for (const text of texts) {
      for (const word of tokenize(text)) {
        const w = isArabic(word) ? arabicBase(word) : word;
        if (w.length < 3 || !/^\p{L}+$/u.test(w) || STOPWORDS.has(w)) continue;
        const n = this.wordCount.get(w);
        if (n !== undefined) {
          this.wordCount.set(w, n + 1);
          continue;
        }
        this.wordCount.set(w, 1);
        this.wordStem.set(w, stem(w));
        for (const g of trigrams(w)) {
          const list = this.trigramIndex.get(g);
          if (list) list.push(w);
          else this.trigramIndex.set(g, [w]);
        }
        this.sortedWords = null;
        this.suffixOrder = null;
        if (this.skeletons && /^[a-z]+$/.test(w)) this.skeletons = null;
      }
    }
  }

  uses(word: string): number {
    return this.wordCount.get(word) ?? 0;
  }

  termOf(word: string): string | undefined {
    return this.wordStem.get(word);
  }

  wordsWithTrigram(gram: string): readonly string[] {
    return this.trigramIndex.get(gram) ?? NONE;
  }

  wordsStartingWith(prefix: string, max: number): string[] {
    const vocab = this.sorted();
    const out: string[] = [];
    for (let i = lowerBound(vocab, prefix); i < vocab.length && vocab[i]!.startsWith(prefix) && out.length < max; i++) out.push(vocab[i]!);
    return out;
  }

  wordsEndingWith(suffix: string, max: number): string[] {
    const vocab = this.sorted();
    if (!this.suffixOrder) this.suffixOrder = Int32Array.from(vocab.keys()).sort((a, b) => compareBackwards(vocab[a]!, vocab[b]!));
    const order = this.suffixOrder;
    // the first word not before `suffix` read backwards
    const out: string[] = [];
    for (let i = firstNotBefore(order.length, (k) => compareBackwards(vocab[order[k]!]!, suffix) < 0); i < order.length && out.length < max; i++) {
      const w = vocab[order[i]!]!;
      if (!w.endsWith(suffix)) break;
      out.push(w);
    }
    return out;
  }

  wordsSounding(skeleton: string): readonly string[] {
    if (!this.skeletons) {
      const map = new Map<string, string[]>();
      const put = (key: string, w: string) => {
        const list = map.get(key);
        if (!list) map.set(key, [w]);
        else if (!list.includes(w)) list.push(w);
      };
      for (const w of this.wordStem.keys()) {
        if (w.length < 4 || !/^[a-z]+$/.test(w)) continue;
        const k = latinSkeleton(w);
        if (k.length < LOANWORD_MIN_SKELETON) continue;
        put(k, w);
        // a plural is written singular in Arabic letters ('speakers' is سبيكر too)
        if (k.endsWith('s') && k.length > LOANWORD_MIN_SKELETON) put(k.slice(0, -1), w);
      }
      for (const list of map.values()) list.sort((a, b) => this.uses(b) - this.uses(a) || (a < b ? -1 : 1));
      this.skeletons = map;
    }
    return this.skeletons.get(skeleton) ?? NONE;
  }

  /** The words in sorted order, made on first use after a change. */
  private sorted(): string[] {
    this.sortedWords ??= [...this.wordStem.keys()].sort();
    return this.sortedWords;
  }
}

const NONE: readonly string[] = [];

/** Compares two words read from their last letter (the order of the reversed strings), for suffix look-ups. */
export function compareBackwards(a: string, b: string): number {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    const d = a.charCodeAt(i) - b.charCodeAt(j);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
