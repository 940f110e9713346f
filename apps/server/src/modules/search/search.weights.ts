// Every tuned number of the search engine, in one place, each beside the decision record that set it (or measured
// it and kept it). Changing one changes rankings: measure it with `npm run bench:search` (both data sets, the
// 'tune' half only) and `bench:engine -- --check`, and write down why in a new record.
//
// Who reads what: the index (search.index.ts) the field weights; the query analysis (query-analysis.ts) the
// weights of a query word's readings; the ranking (search.ranking.ts) the scoring, re-ranking and 'similar' ones.
// A weight read in a hot loop (per posting, per candidate) is copied into a local const first: an imported binding
// is read through its module on every use (K1 read so in the postings walk cost ~5 % CPU per query, decision 0134).

// ---- Fields (BM25F) ----

export type FieldKey = 'name' | 'head' | 'brand' | 'category' | 'tags' | 'description' | 'nameAr' | 'descriptionAr';

/**
 * Field weight and length normalisation (BM25F): the name counts most, the description least (0004). The head noun
 * counts 3, was 1.5 (0020); other b values measured and left (0020).
 */
export const FIELDS: Record<FieldKey, { w: number; b: number }> = {
  name: { w: 3.0, b: 0.55 },
  // the word naming what the product is gets extra weight: 'laptop' finds laptops before laptop bags
  head: { w: 3.0, b: 0 },
  brand: { w: 2.0, b: 0.2 },
  category: { w: 1.8, b: 0.3 },
  tags: { w: 1.2, b: 0.5 },
  description: { w: 0.35, b: 0.75 },
  // the Arabic name and description weigh as the English ones, in fields of their own: a bilingual product's English
  // name keeps its length (and so its score), and a product named in one language only is not held short (0100)
  nameAr: { w: 3.0, b: 0.55 },
  descriptionAr: { w: 0.35, b: 0.75 },
};
/** Vector weights per field for the semantic side (0004; the Arabic fields as the English ones, 0100). */
export const VEC_FIELD_W: Record<FieldKey, number> = { name: 3, head: 1, brand: 1, category: 2, tags: 1.5, description: 0.4, nameAr: 3, descriptionAr: 0.4 };
/** BM25's term-frequency saturation (0004; 0.9 and 1.6 measured and left, 0021). */
export const K1 = 1.2;

// ---- A query word's readings (query analysis) ----

/** At most this many words of a query are read (0004). */
export const MAX_QUERY_TOKENS = 24;
/** a synonym of the word or phrase ('sneakers' → running shoes) (0004) */
export const W_SYNONYM = 0.9;
/** a related kind ('headphones' → earbuds, headset; 'laptop' → tablet) (0004) */
export const W_RELATED = 0.3;
/** an Arabic word's English word by the catalogue's own bilingual vocabulary ('تخييم' → camping) (0184) */
export const W_TRANSLATED = 0.5;
/** two query words written together as the catalogue writes them ('head phones' → headphones) (0004) */
export const W_JOINED = 0.9;
/** ... and the same two words read apart, when they were joined (0004) */
export const W_JOINED_APART = 0.8;
/** 'wiremesh' read as 'wire mesh' (0020) */
export const W_SPLIT = 0.9;
/** a correction by 0, 1 or 2 edits (0020) */
export const W_TYPO = [1, 0.6, 0.4];
/** a correction of a word the catalogue knows (rare, towards a much more used one) weighs this share (0020) */
export const W_TYPO_OF_KNOWN = 0.8;
/** a known word this rare is also read as a correction towards a word RARE_RATIO times more used ('heather') (0020) */
export const RARE_DF = 10;
export const RARE_RATIO = 10;
/** ... and used at least this many times (0020) */
export const RARE_FIX_MIN_USES = 5;
/**
 * Completion of the last word: weight of its completions when the word is unknown (open) or a word of the catalogue
 * (closed) (0004; 0 / 0.15 and 0.5 measured and left, 0021); the PREFIX_SCAN words beginning with it are looked at,
 * the PREFIX_TERMS most common kept (0004).
 */
export const W_PREFIX_OPEN = 0.8;
export const W_PREFIX_CLOSED = 0.3;
export const PREFIX_SCAN = 400;
export const PREFIX_TERMS = 5;
/**
 * A known word before the last also finds the words it begins ('adjust' → adjustable, 'pex' → pexa…), at this weight,
 * from PREFIX_INNER_MIN letters (chosen on the dev set's tuning half, 0072; shorter words pulled in noise)
 */
export const W_PREFIX_INNER = 0.3;
export const PREFIX_INNER_MIN = 4;
/**
 * The index keeps words apart that differ by more than a plural ending (0072), so a word's kin by Porter's stemmer
 * ('painting' → paint, painted, paints; 'light' → lighting) is a reading of its own at this weight (chosen on the dev
 * set's tuning half, 0072: 0.2 … 0.5 alike); at most KIN_SCAN vocabulary words are looked at.
 */
export const W_KIN = 0.2;
export const KIN_SCAN = 50;
/**
 * With prefix matching on, a word of SUFFIX_MIN+ letters also finds the catalogue's compounds that end with it after
 * a known word of 3+ letters ('bench' → workbench, 'board' → baseboard, 'tub' → bathtub), at this weight (0078:
 * 0.1 … 0.3 alike on the dev set's tuning half); the SUFFIX_SCAN words ending with it are looked at, the SUFFIX_TERMS
 * most common kept
 */
export const W_SUFFIX = 0.2;
export const SUFFIX_MIN = 3;
export const SUFFIX_SCAN = 400;
export const SUFFIX_TERMS = 5;
/** a word's British or American spelling ('moulding' → molding, 'colour' → color) weighs as a synonym (0078) */
export const W_SPELLING = 0.9;
/** the catalogue's word written with a one-letter Arabic particle ('لكرسي' for 'كرسي'): nearly the same word (0100) */
export const W_PARTICLE = 0.8;
/** '12x24x1' read as 12x24 and 24x1 (0020) */
export const W_SIZE_PARTS = 0.9;
/** '4x8' read as the numbers 4 and 8, '10ft' as 10 (0020) */
export const W_NUMBERS_ONLY = 0.5;
/** a length in whole feet also reads as the same length in inches, and back ('8 ft.' ↔ '96 in.', 0075) */
export const W_UNIT_CONVERTED = 0.9;

// ---- Scoring ----
// A candidate's lexical score is its concepts' best readings summed, times coverage² (the share of the query's
// concepts it answers, squared: exponents 1, 1.5 and 3 measured and left, 0021). The exponent stays written as
// `s * coverage * coverage` in search.ranking.ts: a power would round differently.

/**
 * Above SCORER_MIN_POSTINGS postings, and SCORER_CHEAPEST_RATIO times the cheapest concept's, a common concept only
 * scores the candidates the rarer concepts found (0004).
 */
export const SCORER_MIN_POSTINGS = 3000;
export const SCORER_CHEAPEST_RATIO = 4;
/** bonus for each pair of neighbouring query words that stand side by side in the name, in order (0020; 0.2 / 0.6 measured, 0021) */
export const W_ADJ = 0.4;
/** the readings that count for the side-by-side bonus: one word, at least this weight; over the first ADJ_MAX_CONCEPTS concepts (0020) */
export const ADJ_MIN_WEIGHT = 0.5;
export const ADJ_MAX_CONCEPTS = 30;

// ---- Re-ranking ----

/** how many of the best lexical candidates are re-ranked (0004; 100 / 400 measured and left, 0021) */
export const RERANK_DEPTH = 200;
/** the best hits whose centroid joins the query vector (pseudo-relevance feedback, 0004) */
export const FEEDBACK_DOCS = 5;
/**
 * weight of the best hits' centroid against the query's own terms in the re-ranking vector (per hit, scaled by its
 * lexical score): 1 puts the best hit level with the query (was 0.5; chosen on the dev set's tuning half, 0020/0021)
 */
export const W_FEEDBACK = 1;
/** share of the semantic (vector) side in the re-ranking (0004; 0.15 / 0.35 measured and left, 0021) */
export const W_SEM = 0.25;
/** the popularity tie-breaker's share in the re-ranking (0004) */
export const W_POPULARITY = 0.02;
/** reviews past which popularity no longer grows (log scale, 0004) */
export const POPULARITY_REVIEWS = 1000;
/**
 * re-ranking bonus for the share of the query's concepts found in the name in the very words read (before stemming):
 * 'logs' prefers '… Fireplace Logs' to '… Log Set' among equal stems (chosen on the dev set's tuning half, 0070)
 */
export const W_SURFACE = 0.3;
/** A one-word concept this long also counts when the name writes it as two words (0075). */
export const SPLIT_SURFACE_MIN = 6;
/**
 * re-ranking bonus for the share of the query's word pairs around a stop word that the name has as written, side by
 * side: stop words are not indexed, so 'trash can', 'sink and faucet', 'walk in' would otherwise only find 'trash',
 * 'sink' 'faucet', 'walk' (chosen on the dev set's tuning half, 0075)
 */
export const W_STOP_PAIRS = 0.2;
/**
 * A price intent ('cheap laptop') re-orders by price only the good matches, those scoring at least this share of the
 * best ('cheap laptop' prefers cheap laptops, not cheap laptop sleeves), with this weight (0004).
 */
export const PRICE_INTENT_MIN_LEX = 0.4;
export const W_PRICE_INTENT = 0.2;

// ---- Similar products ----

/** candidates share one of the product's SIMILAR_SEED_TERMS strongest terms, up to SIMILAR_MAX_CANDIDATES looked at (0004) */
export const SIMILAR_SEED_TERMS = 6;
export const SIMILAR_MAX_CANDIDATES = 4000;
/** bonus for sharing a category, and the popularity tie-breaker's share (0004) */
export const W_SIMILAR_SAME_CATEGORY = 0.15;
export const W_SIMILAR_POPULARITY = 0.01;
