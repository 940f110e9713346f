import { isArabic } from './search.arabic.js';

// The catalogue's own bilingual vocabulary (decision 0184): which English words of the listings' own fields (name and
// tags) an Arabic word of their Arabic texts (name, description, bullet points) stands for, learned from the listings
// that say both. «تخييم» is in the Arabic texts of the tent and the lantern, and 'camping' is in the English name or
// tags of the tent, the lantern and the sleeping bag: «تخييم» reads as 'camping' too, so an Arabic request finds the
// sleeping bag, whose Arabic text never says the word. Counted when products are added (a ranking hint, never
// decremented, like the word list); nothing is read per query but the counts of the query's own words.

/** An Arabic word counts towards its English words on at most this many products: past it, it is common enough. */
export const ALIGN_CAP = 64;
/** The fewest products that must say both words. */
export const ALIGN_MIN_BOTH = 2;
/** More than this share of the products saying either word must say the other too (both ways). */
export const ALIGN_MIN_SHARE = 0.5;

export class BilingualVocabulary {
  /** Arabic term → products that said it (counted up to ALIGN_CAP) */
  private arabic = new Map<string, number>();
  /** English term → products with an Arabic text that said it in their name or tags */
  private english = new Map<string, number>();
  /** Arabic term → English term → products that said both */
  private both = new Map<string, Map<string, number>>();

  /**
   * Remembers one listing's words: the analysed terms of its English name and tags, and of its Arabic texts. A
   * listing without Arabic says nothing of what Arabic words mean.
   */
  add(englishTerms: readonly string[], arabicTerms: readonly string[]): void {
    const ar = new Set(arabicTerms.filter((t) => t.length >= 3 && isArabic(t)));
    if (ar.size === 0) return;
    const en = new Set(englishTerms.filter((t) => t.length >= 3 && /^[a-z]+$/.test(t)));
    for (const e of en) this.english.set(e, (this.english.get(e) ?? 0) + 1);
    for (const a of ar) {
      const n = this.arabic.get(a) ?? 0;
      if (n >= ALIGN_CAP) continue;
      this.arabic.set(a, n + 1);
      if (en.size === 0) continue;
      let pairs = this.both.get(a);
      if (!pairs) this.both.set(a, (pairs = new Map()));
      for (const e of en) pairs.set(e, (pairs.get(e) ?? 0) + 1);
    }
  }

  /**
   * The English terms an Arabic term stands for: said together on at least ALIGN_MIN_BOTH listings, and on more than
   * ALIGN_MIN_SHARE of the listings saying either. None for a word past ALIGN_CAP (too common to tell a kind).
   */
  englishFor(arabicTerm: string): string[] {
    const n = this.arabic.get(arabicTerm) ?? 0;
    const pairs = this.both.get(arabicTerm);
    if (!pairs || n < ALIGN_MIN_BOTH || n >= ALIGN_CAP) return [];
    const out: [string, number][] = [];
    for (const [e, c] of pairs) {
      if (c < ALIGN_MIN_BOTH || c <= ALIGN_MIN_SHARE * n || c <= ALIGN_MIN_SHARE * (this.english.get(e) ?? 0)) continue;
      out.push([e, c]);
    }
    return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([e]) => e);
  }
}
