// bench/search-engine-scale.ts
import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";

// apps/server/src/modules/search/search.text.ts
import porterStem from "wink-porter2-stemmer";
function normalize(text) {
  return fold(text).replace(/[^\p{L}\p{N}./]+/gu, " ").replace(/(?<!\d)[./]+|[./]+(?!\d)/g, " ").replace(/\s+/g, " ").trim();
}
function fold(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/(\d),(\d{3})\b/g, "$1$2");
}
var UNITS = {};
for (const [canon, words] of Object.entries({
  in: ["in", "inch", "inches"],
  ft: ["ft", "foot", "feet"],
  yd: ["yd", "yard", "yards"],
  mm: ["mm", "millimeter", "millimeters", "millimetre", "millimetres"],
  cm: ["cm", "centimeter", "centimeters", "centimetre", "centimetres"],
  m: ["m", "meter", "meters", "metre", "metres"],
  lb: ["lb", "lbs", "pound", "pounds"],
  oz: ["oz", "ounce", "ounces"],
  kg: ["kg", "kilo", "kilos", "kilogram", "kilograms"],
  g: ["g", "gram", "grams"],
  gal: ["gal", "gallon", "gallons"],
  qt: ["qt", "quart", "quarts"],
  pt: ["pt", "pint", "pints"],
  l: ["l", "liter", "liters", "litre", "litres"],
  ml: ["ml", "milliliter", "milliliters", "millilitre", "millilitres"],
  v: ["v", "volt", "volts", "vac", "vdc"],
  w: ["w", "watt", "watts"],
  kw: ["kw", "kilowatt", "kilowatts"],
  a: ["a", "amp", "amps", "ampere", "amperes"],
  ah: ["ah"],
  mah: ["mah"],
  hp: ["hp"],
  cc: ["cc"],
  btu: ["btu", "btus"],
  psi: ["psi"],
  gpm: ["gpm"],
  gpf: ["gpf"],
  cfm: ["cfm"],
  rpm: ["rpm"],
  k: ["k", "kelvin"],
  hz: ["hz"],
  mp: ["mp", "megapixel", "megapixels"],
  gb: ["gb"],
  tb: ["tb"],
  mb: ["mb"],
  pk: ["pk", "pack", "packs"],
  pc: ["pc", "pcs", "piece", "pieces"],
  ct: ["ct", "count"],
  ga: ["ga", "gauge"],
  gang: ["gang"],
  light: ["light", "lights"],
  tier: ["tier", "tiers"],
  cuft: ["cuft"],
  sqft: ["sqft"],
  cu: ["cu"],
  sq: ["sq"]
})) for (const w of words) UNITS[w] = canon;
var AREA_VOLUME = /* @__PURE__ */ new Set(["cu", "sq"]);
var LOOSE_UNIT_OK = (word) => word.length > 1 || word === "v" || word === "w";
var NUMBER = /^\d+(?:[./]\d+)?$/;
var NUMBER_THEN_LETTERS = /^(\d+(?:[./]\d+)?)([a-z]+)$/;
function tokenize(text, opts = {}) {
  const marked = fold(text).replace(/(\d)\s*(?:''|"|\u201d|\u2033)/g, "$1 in ").replace(/(\d)\s*(?:'|\u2019|\u2032)(?![a-wyz])/g, "$1 ft ").replace(/(\d(?:\s*[a-wyz]{1,6}\.?\s*|\s+))x(?=\d)/g, "$1x ").replace(/(\d)\s*[*\u00d7]\s*(?=\d)/g, "$1 x ").replace(/(^|\s)\.(\d)/g, "$10.$2").replace(/\b(\d+)[-\s]+(\d+)\/(\d+)\b/g, (m, whole, a, b) => mixedNumber(whole, a, b) ?? m).replace(/(\d)-([a-z]+)\b/g, (m, d, word) => UNITS[word] ? d + word : `${d} ${word}`);
  const words = normalize(marked).split(" ").filter(Boolean).map(canonicalNumber);
  const out = [];
  const measureAt = (at) => {
    const w = words[at];
    if (w === void 0) return null;
    const glued = NUMBER_THEN_LETTERS.exec(w);
    if (glued && UNITS[glued[2]]) return withArea(glued[1], UNITS[glued[2]], at + 1);
    if (!NUMBER.test(w)) return null;
    const next = words[at + 1];
    if (next !== void 0 && UNITS[next] && LOOSE_UNIT_OK(next)) return withArea(w, UNITS[next], at + 2);
    return { num: w, unit: "", next: at + 1 };
  };
  const withArea = (num, unit, next) => {
    if (AREA_VOLUME.has(unit) && ["ft", "in", "yd", "m"].includes(UNITS[words[next] ?? ""] ?? "")) return { num, unit: unit + UNITS[words[next]], next: next + 1 };
    return { num, unit, next };
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const parts = splitSize(w);
    if (parts) {
      out.push(parts.join("x"));
      if (opts.index) out.push(...subSizes(parts), ...parts);
      continue;
    }
    const first = measureAt(i);
    if (!first) {
      out.push(w);
      continue;
    }
    const dims = [first];
    let j = first.next;
    while (words[j] === "x") {
      const m = measureAt(j + 1);
      if (!m) break;
      dims.push(m);
      j = m.next;
    }
    i = j - 1;
    const measures = dims.map((d) => d.num + d.unit);
    if (dims.length === 1) {
      out.push(measures[0]);
      if (opts.index && first.unit) out.push(first.num);
      continue;
    }
    const nums = dims.map((d) => d.num);
    out.push(nums.join("x"));
    if (opts.index) out.push(...subSizes(nums), ...measures.filter((m, k) => m !== nums[k]), ...nums);
  }
  return out;
}
var subSizes = (nums) => nums.length > 2 ? nums.slice(1).map((n, k) => `${nums[k]}x${n}`) : [];
function canonicalNumber(word) {
  const frac = /^(\d+)\/(\d+)$/.exec(word);
  if (frac) return fraction(0, Number(frac[1]), Number(frac[2])) ?? word;
  if (/^\d+\.\d+$/.test(word)) return word.replace(/0+$/, "").replace(/\.$/, "");
  return word;
}
function mixedNumber(whole, a, b) {
  return fraction(Number(whole), Number(a), Number(b));
}
function fraction(whole, a, b) {
  if (!(a > 0 && a < b && (b === 10 || b <= 64 && (b & b - 1) === 0))) return null;
  return String(Math.round((whole + a / b) * 1e6) / 1e6);
}
function splitSize(token) {
  if (!/^\d[\d./]*x\d/.test(token)) return null;
  const parts = token.split("x");
  return parts.every((p) => NUMBER.test(p)) ? parts : null;
}
function splitMeasure(token) {
  const m = NUMBER_THEN_LETTERS.exec(token);
  return m && UNITS[m[2]] === m[2] ? { num: m[1], unit: m[2] } : null;
}
var STEM_CACHE_MAX = 2e5;
var stemCache = /* @__PURE__ */ new Map();
function stem(token) {
  if (token.length <= 2 || /\d/.test(token)) return token;
  let s = stemCache.get(token);
  if (s === void 0) {
    s = porterStem(token);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(token, s);
  }
  return s;
}
var STOPWORDS = /* @__PURE__ */ new Set([
  "a",
  "an",
  "the",
  "for",
  "with",
  "and",
  "or",
  "of",
  "in",
  "on",
  "to",
  "my",
  "me",
  "i",
  "im",
  "want",
  "wanna",
  "need",
  "looking",
  "look",
  "show",
  "find",
  "search",
  "some",
  "any",
  "please",
  "is",
  "are",
  "that",
  "this",
  "it",
  "get",
  "buy",
  "best",
  "good",
  "great",
  "nice",
  "what",
  "which",
  "do",
  "does",
  "you",
  "have",
  "has",
  "can",
  "could",
  "would",
  "like",
  "something",
  "products",
  "product",
  "items",
  "item",
  "stuff",
  "thing",
  "things",
  "got",
  "by",
  "from",
  "at",
  "your",
  "our",
  "us",
  "we",
  "there",
  "about",
  "all",
  "one",
  "ones",
  "let",
  "see",
  "give",
  "recommend",
  "suggest",
  "options"
]);
var SYNONYM_GROUPS = [
  ["phone", "smartphone", "mobile", "mobile phone", "cellphone", "cell phone"],
  ["headphones", "headphone", "over ear headphones", "cans"],
  ["earbuds", "earphones", "ear buds", "in ear headphones", "earpods", "buds"],
  ["headset", "gaming headset"],
  ["laptop", "notebook computer", "notebook", "ultrabook"],
  ["tv", "television", "smart tv"],
  ["sneakers", "running shoes", "trainers", "sneaker"],
  ["sofa", "couch", "settee"],
  ["fridge", "refrigerator"],
  ["smartwatch", "smart watch", "fitness watch"],
  ["fitness tracker", "activity tracker", "fitness band"],
  ["speaker", "loudspeaker"],
  ["monitor", "display", "screen"],
  ["bike", "bicycle", "cycle"],
  ["backpack", "rucksack", "knapsack"],
  ["trousers", "pants"],
  ["hoodie", "sweatshirt"],
  ["tshirt", "t shirt", "tee"],
  ["perfume", "fragrance", "cologne", "eau de parfum"],
  ["vacuum", "vacuum cleaner", "hoover"],
  ["coffee maker", "coffee machine", "espresso machine"],
  ["sunglasses", "shades"],
  ["wireless", "bluetooth", "cordless"],
  ["kids", "children", "child"],
  ["puppy", "dog"],
  ["kitten", "cat"],
  ["pan", "skillet", "frying pan"],
  ["mug", "cup"],
  ["jacket", "coat"],
  ["dumbbells", "weights", "dumbbell"],
  ["yoga mat", "exercise mat", "workout mat"],
  ["console", "gaming console", "game console"],
  ["charger", "charging adapter", "power adapter"],
  ["power bank", "portable charger", "powerbank"],
  ["moisturizer", "moisturiser", "face cream"],
  ["shampoo", "hair wash"],
  ["blender", "smoothie maker"],
  ["novel", "fiction book"],
  ["guitar", "acoustic guitar"],
  ["keyboard", "keypad"],
  ["mouse", "computer mouse"],
  ["tablet", "ipad"],
  ["camera", "camcorder"],
  ["drone", "quadcopter"],
  ["watch", "wristwatch"],
  ["lamp", "light"],
  ["kettle", "electric kettle"],
  ["stroller", "pram", "pushchair"]
];
var RELATED_GROUPS = [
  ["headphones", "earbuds", "headset"],
  ["smartwatch", "fitness tracker"],
  ["laptop", "tablet"],
  ["sneakers", "shoes"],
  ["speaker", "soundbar"]
];
function headNoun(name) {
  const core = name.replace(/\([^)]*\)/g, " ").split(/\s(?:for|with|by|from|in|-)\s|:|,/i)[0] ?? name;
  const tokens = tokenize(core).filter((t) => !/\d/.test(t));
  return tokens.length ? tokens[tokens.length - 1] : null;
}
var CUR = String.raw`(?:\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks|\$))?`;
var NUM = String.raw`\$?\s*(\d+(?:\.\d+)?)\s*(k)?`;
var toCents = (n, k) => Math.round(parseFloat(n) * (k ? 1e3 : 1) * 100);
var RANGE_RES = [
  new RegExp(String.raw`\b(?:between|from)\s+${NUM}${CUR}\s*(?:and|to|-)\s*${NUM}${CUR}`, "g"),
  new RegExp(String.raw`\$\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:-|to)\s*\$?\s*(\d+(?:\.\d+)?)\s*(k)?`, "g"),
  new RegExp(String.raw`\b(\d+(?:\.\d+)?)\s*(k)?\s*(?:-|to)\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks)\b`, "g")
];
var END = String.raw`(?![a-z0-9])`;
var MAX_RE = new RegExp(
  String.raw`(?:\b(?:under|below|less than|cheaper than|up to|upto|maximum|within|no more than|at most|not more than|budget(?: of| is)?)|<=?)\s*${NUM}${CUR}${END}`,
  "g"
);
var MIN_RE = new RegExp(
  String.raw`(?:\b(?:over|above|more than|at least|minimum|starting at|from|pricier than)|>=?)\s*${NUM}${CUR}${END}`,
  "g"
);
var AROUND_RE = new RegExp(String.raw`\b(?:around|about|approximately|roughly|circa|~)\s*${NUM}${CUR}${END}`, "g");
var LOW_WORDS = /\b(?:cheap|cheapest|cheaper|budget|affordable|inexpensive|low cost|low priced|bargain|economical)\b/g;
var HIGH_WORDS = /\b(?:premium|luxury|luxurious|expensive|high end|highend|top end|flagship|priciest|high quality)\b/g;
function extractPrice(raw) {
  let text = raw.toLowerCase().replace(/(\d),(\d{3})\b/g, "$1$2");
  let minCents;
  let maxCents;
  for (const re of RANGE_RES) {
    text = text.replace(re, (_m, a, ak, b, bk) => {
      const lo = toCents(a, ak);
      const hi = toCents(b, bk);
      minCents = Math.min(lo, hi);
      maxCents = Math.max(lo, hi);
      return " ";
    });
  }
  text = text.replace(MAX_RE, (_m, a, k) => {
    maxCents = Math.min(maxCents ?? Infinity, toCents(a, k));
    return " ";
  });
  text = text.replace(MIN_RE, (_m, a, k) => {
    minCents = Math.max(minCents ?? 0, toCents(a, k));
    return " ";
  });
  text = text.replace(AROUND_RE, (_m, a, k) => {
    const c = toCents(a, k);
    minCents = Math.round(c * 0.75);
    maxCents = Math.round(c * 1.25);
    return " ";
  });
  let intent = null;
  text = text.replace(LOW_WORDS, () => (intent = "low", " "));
  text = text.replace(HIGH_WORDS, () => (intent = intent ?? "high", " "));
  return { minCents, maxCents, intent, text: text.replace(/\s+/g, " ").trim() };
}
function editDistance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prev2 = new Array(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] > max ? max + 1 : prev[n];
}
var maxEditsFor = (token) => token.length <= 3 ? 0 : token.length <= 5 ? 1 : 2;
function trigrams(term) {
  const padded = `^${term}$`;
  const out = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

// apps/server/src/modules/search/search.engine.ts
var FIELDS = {
  name: { w: 3, b: 0.55 },
  // the word naming what the product is gets extra weight: 'laptop' finds laptops before laptop bags
  head: { w: 3, b: 0 },
  brand: { w: 2, b: 0.2 },
  category: { w: 1.8, b: 0.3 },
  tags: { w: 1.2, b: 0.5 },
  description: { w: 0.35, b: 0.75 }
};
var FIELD_KEYS = Object.keys(FIELDS);
var VEC_FIELD_W = { name: 3, head: 1, brand: 1, category: 2, tags: 1.5, description: 0.4 };
var TERM_W_SCALE = 10;
var TF_PART = Float64Array.from({ length: 256 }, (_, w) => 1 + Math.log(w / TERM_W_SCALE));
var K1 = 1.2;
var W_SYNONYM = 0.9;
var W_RELATED = 0.3;
var W_JOINED = 0.9;
var W_SEM = 0.25;
var W_ADJ = 0.4;
var RARE_DF = 10;
var RARE_RATIO = 10;
var W_SPLIT = 0.9;
var W_PREFIX_OPEN = 0.8;
var W_PREFIX_CLOSED = 0.3;
var W_TYPO = [1, 0.6, 0.4];
var W_SIZE_PARTS = 0.9;
var W_NUMBERS_ONLY = 0.5;
var MAX_QUERY_TOKENS = 24;
var RERANK_DEPTH = 200;
var FEEDBACK_DOCS = 5;
var W_FEEDBACK = 1;
var SCORER_MIN_POSTINGS = 3e3;
var SIMILAR_MAX_CANDIDATES = 4e3;
var Columns = class {
  /** slots used (live or removed) */
  n = 0;
  id = new Float64Array(1024);
  alive = new Uint8Array(1024);
  price = new Float64Array(1024);
  stock = new Float64Array(1024);
  /** NaN for no rating */
  rating = new Float64Array(1024);
  reviews = new Float64Array(1024);
  brand = new Int32Array(1024);
  brandKey = new Int32Array(1024);
  categories = new Int32Array(1024);
  categoryKeys = new Int32Array(1024);
  /** where its field lengths (one per FieldKey) and then its distinct term ids sit in the index's `ints` pool */
  intAt = new Int32Array(1024);
  termN = new Int32Array(1024);
  /** then the term ids of its name, in order (for the adjacent-words bonus) */
  nameN = new Int32Array(1024);
  strings = [];
  lists = [];
  /** Room for slot `slot`. */
  ensure(slot) {
    if (slot < this.id.length) return;
    for (const k of ["id", "alive", "price", "stock", "rating", "reviews", "brand", "brandKey", "categories", "categoryKeys", "intAt", "termN", "nameN"]) {
      this[k] = grown(this[k], slot + 1);
    }
  }
};
var Doc = class {
  constructor(c, slot) {
    this.c = c;
    this.slot = slot;
  }
  c;
  slot;
  get id() {
    return this.c.id[this.slot];
  }
  get alive() {
    return this.c.alive[this.slot] === 1;
  }
  get priceCents() {
    return this.c.price[this.slot];
  }
  get stock() {
    return this.c.stock[this.slot];
  }
  get rating() {
    const r = this.c.rating[this.slot];
    return Number.isNaN(r) ? null : r;
  }
  get reviewCount() {
    return this.c.reviews[this.slot];
  }
  get brand() {
    return this.c.strings[this.c.brand[this.slot]];
  }
  get brandKey() {
    return this.c.strings[this.c.brandKey[this.slot]];
  }
  get categories() {
    return this.c.lists[this.c.categories[this.slot]];
  }
  get categoryKeys() {
    return this.c.lists[this.c.categoryKeys[this.slot]];
  }
  get intAt() {
    return this.c.intAt[this.slot];
  }
  get termN() {
    return this.c.termN[this.slot];
  }
  get nameN() {
    return this.c.nameN[this.slot];
  }
};
var Pool = class {
  constructor(data) {
    this.data = data;
  }
  data;
  length = 0;
  /** Room for n more values; returns where they start (read `data` afterwards: it may have been replaced). */
  reserve(n) {
    const at = this.length;
    if (at + n > this.data.length) this.data = grown(this.data, at + n);
    this.length += n;
    return at;
  }
};
var pause = () => new Promise((resolve) => setImmediate(resolve));
function grown(a, min) {
  const more = a.length < 1 << 22 ? a.length * 2 : Math.ceil(a.length * 1.125);
  const b = new a.constructor(Math.max(min, more, 16));
  b.set(a);
  return b;
}
var SYNONYMS = /* @__PURE__ */ new Map();
var MAX_PHRASE = 1;
var analyzeContent = (text) => tokenize(text).filter((t) => !STOPWORDS.has(t)).map(stem);
for (const group of SYNONYM_GROUPS) {
  const analysed = group.map(analyzeContent).filter((p) => p.length > 0);
  for (const p of analysed) {
    const key = p.join(" ");
    const existing = SYNONYMS.get(key) ?? [];
    for (const q of analysed) if (!existing.some((e) => e.join(" ") === q.join(" "))) existing.push(q);
    SYNONYMS.set(key, existing);
    MAX_PHRASE = Math.max(MAX_PHRASE, p.length);
  }
}
var RELATED = /* @__PURE__ */ new Map();
for (const group of RELATED_GROUPS) {
  const analysed = group.map(analyzeContent);
  for (const p of analysed) {
    const others = analysed.filter((q) => q.join(" ") !== p.join(" "));
    const expanded = others.flatMap((o) => SYNONYMS.get(o.join(" ")) ?? [o]);
    for (const syn of SYNONYMS.get(p.join(" ")) ?? [p]) RELATED.set(syn.join(" "), expanded);
  }
}
var SearchIndex = class _SearchIndex {
  cols = new Columns();
  /** products analysed by addBulk, waiting for finishBulk: per product its field lengths, then its fields' term ids */
  pending = null;
  ints = new Pool(new Int32Array(1024));
  /**
   * parallel to `ints`: for each distinct term of a product, its field-weighted count (VEC_FIELD_W, in tenths), from
   * which the product's TF-IDF vector is computed when needed (a stored vector cost 8 bytes × 48 terms per product)
   */
  termW = new Pool(new Uint8Array(1024));
  /** document frequency by term id (the vectors' idf) */
  dfById = new Int32Array(1024);
  /** the number in `cols.strings` of each distinct brand or category spelling (and in `cols.lists` of each category list) */
  interned = /* @__PURE__ */ new Map();
  internedLists = /* @__PURE__ */ new Map();
  /** query vector by term id for the semantic re-ranking, zero outside the current query */
  qDense = new Float64Array(1024);
  /** concept bit masks by term id for the adjacency bonus, zero outside the current query */
  adjMask = new Int32Array(1024);
  /**
   * the vectors' idf part by term id, computed once per index version rather than for every term of every
   * re-ranked product (valid where idfEpoch has the current epoch)
   */
  idfPart = new Float64Array(1024);
  idfStamp = new Int32Array(1024);
  idfEpoch = 0;
  idfVersion = -1;
  /** product id → slot */
  byId = /* @__PURE__ */ new Map();
  postings = /* @__PURE__ */ new Map();
  df = /* @__PURE__ */ new Map();
  termIds = /* @__PURE__ */ new Map();
  termById = [];
  // The shoppers' words as products write them (not stemmed), for typo correction and completion: a misspelling
  // is closer to the word than to its stem ('florescent' → 'fluorescent', whose stem is 'fluoresc').
  /** word → its stem */
  wordStem = /* @__PURE__ */ new Map();
  /** word → how many products used it when they were added (never decremented: a ranking hint only) */
  wordCount = /* @__PURE__ */ new Map();
  trigramIndex = /* @__PURE__ */ new Map();
  sortedWords = null;
  fieldLenSum = { name: 0, head: 0, brand: 0, category: 0, tags: 0, description: 0 };
  dead = 0;
  facetCache = null;
  categoryCache = null;
  /** bumps on every change, so callers can cache derived facts */
  version = 0;
  get size() {
    return this.byId.size;
  }
  has(id) {
    return this.byId.has(id);
  }
  get(id) {
    const slot = this.byId.get(id);
    return slot === void 0 ? void 0 : new Doc(this.cols, slot);
  }
  /**
   * Fills an empty index with the whole catalogue (addBulk, then finishBulk). Yields to the event loop between
   * chunks so a large catalogue never stalls other requests (build a new index, then swap).
   */
  async load(docs, chunk = 2e3) {
    await this.addBulk(docs, chunk);
    await this.finishBulk(chunk);
  }
  /**
   * Bulk load, first step (any number of pages, then finishBulk): each product is analysed once and kept as term
   * ids, so the caller can drop a page of products as soon as it is added (at 1,000,000 products the products
   * themselves held ~500 MB until the end of a build). Postings need the field length averages over the whole
   * set, so finishBulk writes them.
   */
  async addBulk(docs, chunk = 2e3) {
    if (!this.pending) {
      if (this.cols.n) throw new Error("load() fills a new, empty index");
      this.pending = new Pool(new Int32Array(1 << 16));
    }
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      const fields = analyseFields(d);
      this.addWords(d);
      for (const f of FIELD_KEYS) this.fieldLenSum[f] += fields[f].length;
      this.place(d);
      const at = this.pending.reserve(FIELD_KEYS.reduce((n, f) => n + 1 + fields[f].length, 0));
      const data = this.pending.data;
      let k = at;
      for (const f of FIELD_KEYS) data[k++] = fields[f].length;
      for (const f of FIELD_KEYS) for (const t of fields[f]) data[k++] = this.termId(t);
      if (i % chunk === chunk - 1) await pause();
    }
  }
  /** Bulk load, last step: the postings and vectors of every product added, with the averages over all of them. */
  async finishBulk(chunk = 2e3) {
    const pending = this.pending?.data ?? new Int32Array(0);
    this.pending = null;
    const avg = this.averages(this.cols.n);
    let at = 0;
    for (let slot = 0; slot < this.cols.n; slot++) {
      const fields = {};
      let from = at + FIELD_KEYS.length;
      FIELD_KEYS.forEach((f, i) => {
        fields[f] = pending.subarray(from, from + pending[at + i]);
        from += pending[at + i];
      });
      at = from;
      this.writeTerms(slot, fields, avg);
      if (slot % chunk === chunk - 1) await pause();
    }
    for (const p of this.postings.values()) {
      p.slots = p.slots.slice(0, p.n);
      p.tf = p.tf.slice(0, p.n);
    }
    this.ints.data = this.ints.data.slice(0, this.ints.length);
    this.termW.data = this.termW.data.slice(0, this.termW.length);
    this.version++;
  }
  /** Adds or replaces one product. */
  upsert(d) {
    this.remove(d.id);
    const fields = analyseFields(d);
    this.addWords(d);
    for (const f of FIELD_KEYS) this.fieldLenSum[f] += fields[f].length;
    const avg = this.averages(this.byId.size + 1);
    const ids = {};
    for (const f of FIELD_KEYS) ids[f] = fields[f].map((t) => this.termId(t));
    this.writeTerms(this.place(d), ids, avg);
    this.version += 2;
  }
  /** A stock move (orders): only the in-stock filter depends on it, so the version moves when that flips. */
  setStock(id, stock) {
    const slot = this.byId.get(id);
    if (slot === void 0) return;
    if (this.cols.stock[slot] > 0 !== stock > 0) this.version++;
    this.cols.stock[slot] = stock;
  }
  remove(id) {
    const slot = this.byId.get(id);
    if (slot === void 0) return;
    const doc = new Doc(this.cols, slot);
    this.cols.alive[slot] = 0;
    this.byId.delete(id);
    this.dead++;
    const ints = this.ints.data;
    const termsAt = doc.intAt + FIELD_KEYS.length;
    for (let i = termsAt; i < termsAt + doc.termN; i++) {
      const t = this.termById[ints[i]];
      this.dfById[ints[i]]--;
      const n = (this.df.get(t) ?? 1) - 1;
      if (n <= 0) this.df.delete(t);
      else this.df.set(t, n);
    }
    FIELD_KEYS.forEach((f, i) => this.fieldLenSum[f] -= ints[doc.intAt + i]);
    this.version++;
    if (this.dead > 64 && this.dead > this.byId.size / 3) this.compact();
  }
  compact() {
    for (const p of this.postings.values()) {
      let n = 0;
      for (let i = 0; i < p.n; i++) {
        if (this.cols.alive[p.slots[i]] !== 1) continue;
        p.slots[n] = p.slots[i];
        p.tf[n++] = p.tf[i];
      }
      p.n = n;
    }
    const ints = new Pool(new Int32Array(Math.max(1024, this.ints.length)));
    const termW = new Pool(new Uint8Array(Math.max(1024, this.termW.length)));
    const { intAt, termN, nameN } = this.cols;
    for (const slot of this.byId.values()) {
      const n = FIELD_KEYS.length + termN[slot] + nameN[slot];
      const at = ints.reserve(n);
      termW.reserve(n);
      ints.data.set(this.ints.data.subarray(intAt[slot], intAt[slot] + n), at);
      termW.data.set(this.termW.data.subarray(intAt[slot], intAt[slot] + n), at);
      intAt[slot] = at;
    }
    this.ints = ints;
    this.termW = termW;
    this.dead = 0;
  }
  /** Ranked ids for a free-text query with filters. */
  search(query, opts) {
    const price = extractPrice(query);
    const filters = {
      ...opts,
      minCents: maxDefined(opts.minCents, price.minCents),
      maxCents: minDefined(opts.maxCents, price.maxCents)
    };
    const accept = this.filterFn(filters);
    const concepts = this.parseConcepts(price.text, opts.prefix ?? true);
    const priceInfo = { minCents: price.minCents, maxCents: price.maxCents, intent: price.intent };
    const offset = opts.offset ?? 0;
    if (concepts.length === 0) {
      if (price.minCents === void 0 && price.maxCents === void 0 && !price.intent) {
        return { ids: [], total: 0, price: priceInfo, interpreted: [] };
      }
      const all = this.liveDocs().filter(accept);
      all.sort(price.intent === "high" ? (a, b) => b.priceCents - a.priceCents || a.id - b.id : price.intent === "low" ? (a, b) => a.priceCents - b.priceCents || a.id - b.id : (a, b) => popularity(b) - popularity(a) || a.id - b.id);
      return { ids: all.slice(offset, offset + opts.limit).map((d) => d.id), total: all.length, price: priceInfo, interpreted: [] };
    }
    const N = Math.max(1, this.byId.size);
    const sc = this.scratchFor(this.cols.n);
    const cheapAccept = this.slotFilterFn({ minCents: filters.minCents, maxCents: filters.maxCents, inStock: filters.inStock });
    const { touchedTotal, touchedBest, touchedAlt } = sc;
    let nTotal = 0;
    const cost = concepts.map((c) => c.alternatives.reduce((n, a) => n + a.terms.reduce((m, t) => m + (this.postings.get(t)?.n ?? 0), 0), 0));
    const cheapest = Math.min(...cost);
    const scorerOnly = concepts.map((_, i) => concepts.length > 1 && cost[i] > SCORER_MIN_POSTINGS && cost[i] > 4 * cheapest);
    const order = [...concepts.keys()].sort((a, b) => Number(scorerOnly[a]) - Number(scorerOnly[b]));
    for (const ci of order) {
      const onlyFound = scorerOnly[ci];
      const alternatives = concepts[ci].alternatives;
      const direct = alternatives.length === 1 && alternatives[0].terms.length === 1;
      let nBest = 0;
      for (const alt of alternatives) {
        const multi = alt.terms.length > 1;
        let nAlt = 0;
        for (const term of alt.terms) {
          const p = this.postings.get(term);
          if (!p) continue;
          const df = this.df.get(term) ?? 0;
          const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
          const slots = p.slots;
          const tfs = p.tf;
          for (let i = 0; i < p.n; i++) {
            const slot = slots[i];
            if (onlyFound && sc.matched[slot] === 0 || !cheapAccept(slot)) continue;
            const tf = tfs[i];
            if (!multi) {
              const v = idf * tf / (K1 + tf) * alt.weight;
              if (direct) {
                if (v <= 0) continue;
                if (sc.matched[slot] === 0) touchedTotal[nTotal++] = slot;
                sc.total[slot] = sc.total[slot] + v;
                sc.matched[slot]++;
                continue;
              }
              if (v <= sc.best[slot]) continue;
              if (sc.best[slot] === 0) touchedBest[nBest++] = slot;
              sc.best[slot] = v;
              continue;
            }
            if (sc.alt[slot] === 0) touchedAlt[nAlt++] = slot;
            sc.alt[slot] = sc.alt[slot] + idf * tf / (K1 + tf);
            sc.hits[slot]++;
          }
        }
        if (!multi) continue;
        const scale = 1 / Math.sqrt(alt.terms.length);
        for (let k = 0; k < nAlt; k++) {
          const slot = touchedAlt[k];
          const v = sc.alt[slot] * alt.weight * scale;
          const complete = sc.hits[slot] === alt.terms.length;
          sc.alt[slot] = 0;
          sc.hits[slot] = 0;
          if (!complete || v <= sc.best[slot]) continue;
          if (sc.best[slot] === 0) touchedBest[nBest++] = slot;
          sc.best[slot] = v;
        }
      }
      for (let k = 0; k < nBest; k++) {
        const slot = touchedBest[k];
        if (sc.matched[slot] === 0) touchedTotal[nTotal++] = slot;
        sc.total[slot] = sc.total[slot] + sc.best[slot];
        sc.matched[slot]++;
        sc.best[slot] = 0;
      }
    }
    const acceptSlot = this.slotFilterFn(filters);
    const candSlot = new Int32Array(nTotal);
    const candLex = new Float64Array(nTotal);
    let total = 0;
    for (let k = 0; k < nTotal; k++) {
      const slot = touchedTotal[k];
      const s = sc.total[slot];
      const coverage = sc.matched[slot] / concepts.length;
      sc.total[slot] = 0;
      sc.matched[slot] = 0;
      if (!acceptSlot(slot)) continue;
      candSlot[total] = slot;
      candLex[total++] = s * coverage * coverage;
    }
    const keep = Math.max(RERANK_DEPTH, offset + opts.limit);
    const threshold = total > keep * 2 ? kthLargest(candLex.slice(0, total), keep) : -Infinity;
    const adjacency = this.adjacencyFn(concepts);
    const keptSlot = new Int32Array(total);
    const keptLex = new Float64Array(total);
    let kept = 0;
    for (let i = 0; i < total; i++) {
      let lex = candLex[i];
      if (lex < threshold) continue;
      if (adjacency) lex *= 1 + W_ADJ * adjacency.score(candSlot[i]);
      keptSlot[kept] = candSlot[i];
      keptLex[kept++] = lex;
    }
    adjacency?.release();
    const cut = kept > keep * 2 ? this.cutOff(keptSlot.subarray(0, kept), keptLex.subarray(0, kept), keep) : null;
    const cands = [];
    for (let i = 0; i < kept; i++) {
      const lex = keptLex[i];
      const doc = new Doc(this.cols, keptSlot[i]);
      if (cut && (lex < cut.lex || lex === cut.lex && doc.id > cut.id)) continue;
      cands.push({ doc, lex, score: lex });
    }
    cands.sort((a, b) => b.lex - a.lex || a.doc.id - b.doc.id);
    const head = cands.slice(0, RERANK_DEPTH);
    this.rerank(head, concepts, price.intent);
    const ranked = head.concat(cands.slice(RERANK_DEPTH));
    return {
      ids: ranked.slice(offset, offset + opts.limit).map((c) => c.doc.id),
      total,
      price: priceInfo,
      interpreted: concepts.map((c) => c.label)
    };
  }
  /**
   * The last (score, id) of the first `k` in the order 'score descending, then id ascending', without sorting all
   * of them.
   */
  cutOff(slots, lex, k) {
    const kth = kthLargest(lex.slice(), k);
    let above = 0;
    const tiedIds = [];
    for (let i = 0; i < lex.length; i++) {
      if (lex[i] > kth) above++;
      else if (lex[i] === kth) tiedIds.push(this.cols.id[slots[i]]);
    }
    const ids = Float64Array.from(tiedIds).sort();
    return { lex: kth, id: ids[k - above - 1] };
  }
  scratch = _SearchIndex.newScratch(0);
  static newScratch(n) {
    return {
      alt: new Float64Array(n),
      best: new Float64Array(n),
      total: new Float64Array(n),
      hits: new Uint8Array(n),
      matched: new Uint8Array(n),
      touchedAlt: new Int32Array(n),
      touchedBest: new Int32Array(n),
      touchedTotal: new Int32Array(n)
    };
  }
  scratchFor(size) {
    if (this.scratch.alt.length < size) this.scratch = _SearchIndex.newScratch(Math.max(size, Math.ceil(this.scratch.alt.length * 1.5), 1024));
    return this.scratch;
  }
  /** Products most like the given one (vector cosine, same-category bonus), best first. */
  similar(id, limit, filters = {}) {
    const slotOf = this.byId.get(id);
    if (slotOf === void 0) return [];
    const doc = new Doc(this.cols, slotOf);
    const accept = this.filterFn(filters);
    const q = /* @__PURE__ */ new Map();
    this.eachVectorEntry(doc, (id2, w) => q.set(id2, w));
    const dense = this.denseQuery(q);
    const strongest = [...q.keys()].sort((a, b) => q.get(b) - q.get(a)).slice(0, 6);
    const seen = this.scratchFor(this.cols.n).hits;
    const visited = [];
    const scored = [];
    for (const termId of strongest) {
      const p = this.postings.get(this.termById[termId]);
      if (!p) continue;
      for (const slot of p.slots.subarray(0, p.n)) {
        if (seen[slot]) continue;
        seen[slot] = 1;
        visited.push(slot);
        const other = new Doc(this.cols, slot);
        if (!other.alive || other.id === id || !accept(other)) continue;
        const sameCat = other.categoryKeys.some((c) => doc.categoryKeys.includes(c)) ? 0.15 : 0;
        scored.push({ doc: other, s: this.cosine(other, dense) + sameCat + 0.01 * popularity(other) });
      }
      if (visited.length >= SIMILAR_MAX_CANDIDATES) break;
    }
    for (const slot of visited) seen[slot] = 0;
    for (const k of q.keys()) dense[k] = 0;
    scored.sort((a, b) => b.s - a.s || a.doc.id - b.doc.id);
    return scored.slice(0, limit).map((x) => x.doc.id);
  }
  /** Prices (minor units, ascending) and ratings of the live products of a category, for value judgements. */
  categoryPrices(category) {
    if (this.categoryCache?.version !== this.version) {
      const all = /* @__PURE__ */ new Map();
      for (const d of this.liveDocs()) {
        for (const key of new Set(d.categoryKeys)) {
          let e = all.get(key);
          if (!e) all.set(key, e = { prices: [], ratings: [] });
          e.prices.push(d.priceCents);
          if (d.rating !== null) e.ratings.push(d.rating);
        }
      }
      for (const e of all.values()) e.prices.sort((a, b) => a - b);
      this.categoryCache = { version: this.version, all };
    }
    return this.categoryCache.all.get(normalize(category)) ?? { prices: [], ratings: [] };
  }
  /** Brands and categories with their product counts (display spelling of the first one seen). */
  facets() {
    if (this.facetCache?.version === this.version) return this.facetCache.facets;
    const brands = /* @__PURE__ */ new Map();
    const categories = /* @__PURE__ */ new Map();
    for (const d of this.liveDocs()) {
      if (d.brandKey) {
        const b = brands.get(d.brandKey) ?? { name: d.brand, count: 0 };
        b.count++;
        brands.set(d.brandKey, b);
      }
      d.categories.forEach((c, i) => {
        const k = d.categoryKeys[i];
        if (!k) return;
        const e = categories.get(k) ?? { name: c, count: 0 };
        e.count++;
        categories.set(k, e);
      });
    }
    this.facetCache = { version: this.version, facets: { brands, categories } };
    return { brands, categories };
  }
  /** The analysed terms a text would match in this index, with typo correction (for the assistant). */
  correct(token) {
    const word = normalize(token);
    const t = stem(word);
    if (!t) return null;
    if (this.df.has(t)) return t;
    return this.fuzzy(word)[0]?.term ?? null;
  }
  // ---- internals ----
  averages(n) {
    const out = {};
    for (const f of FIELD_KEYS) out[f] = Math.max(1, this.fieldLenSum[f] / Math.max(1, n));
    return out;
  }
  /** A new slot for a product, with its price, stock, rating, brand and categories (no terms yet). */
  place(d) {
    const cols = this.cols;
    const slot = cols.n++;
    cols.ensure(slot);
    cols.id[slot] = d.id;
    cols.alive[slot] = 1;
    cols.price[slot] = d.priceCents;
    cols.stock[slot] = d.stock;
    cols.rating[slot] = d.rating ?? NaN;
    cols.reviews[slot] = d.reviewCount;
    cols.brand[slot] = this.intern(d.brand);
    cols.categories[slot] = this.internList(d.categories);
    cols.brandKey[slot] = this.intern(normalize(d.brand));
    cols.categoryKeys[slot] = this.internList(d.categories.map(normalize));
    this.byId.set(d.id, slot);
    return slot;
  }
  /** A term's id, made on first sight. */
  termId(t) {
    let id = this.termIds.get(t);
    if (id === void 0) {
      id = this.termById.length;
      this.termIds.set(t, id);
      this.termById.push(t);
      if (id >= this.dfById.length) this.dfById = grown(this.dfById, id + 1);
    }
    return id;
  }
  /** A placed product's postings, document frequencies, field lengths and vector weights, from its fields' term ids. */
  writeTerms(slot, fields, avg) {
    const cols = this.cols;
    const tf = /* @__PURE__ */ new Map();
    for (const f of FIELD_KEYS) {
      const { w, b } = FIELDS[f];
      const len = fields[f].length;
      if (len === 0) continue;
      const norm = w / (1 - b + b * len / avg[f]);
      const terms = f === "description" ? fields[f] : new Set(fields[f]);
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + norm);
    }
    for (const [id, v] of tf) {
      const t = this.termById[id];
      let p = this.postings.get(t);
      if (!p) {
        p = { slots: new Int32Array(4), tf: new Float32Array(4), n: 0 };
        this.postings.set(t, p);
      }
      if (p.n === p.slots.length) {
        p.slots = grown(p.slots, p.n + 1);
        p.tf = grown(p.tf, p.n + 1);
      }
      p.slots[p.n] = slot;
      p.tf[p.n++] = v;
      const n = this.df.get(t) ?? 0;
      this.df.set(t, n + 1);
      this.dfById[id]++;
    }
    const intAt = this.ints.reserve(FIELD_KEYS.length + tf.size + fields.name.length);
    cols.termN[slot] = tf.size;
    cols.nameN[slot] = fields.name.length;
    cols.intAt[slot] = intAt;
    this.termW.reserve(FIELD_KEYS.length + tf.size + fields.name.length);
    const ints = this.ints.data;
    FIELD_KEYS.forEach((f, i) => ints[intAt + i] = fields[f].length);
    let at = intAt + FIELD_KEYS.length;
    const vw = /* @__PURE__ */ new Map();
    for (const f of FIELD_KEYS) for (const t of fields[f]) vw.set(t, (vw.get(t) ?? 0) + VEC_FIELD_W[f]);
    const termW = this.termW.data;
    for (const id of tf.keys()) {
      termW[at] = Math.max(1, Math.min(255, Math.round((vw.get(id) ?? 0) * TERM_W_SCALE)));
      ints[at++] = id;
    }
    for (const id of fields.name) ints[at++] = id;
  }
  /** The live products, in slot order (the order they were added). */
  liveDocs() {
    const out = [];
    for (let slot = 0; slot < this.cols.n; slot++) if (this.cols.alive[slot] === 1) out.push(new Doc(this.cols, slot));
    return out;
  }
  /**
   * A product's TF-IDF vector, entry by entry (term id, weight; unit length), computed from its terms' stored
   * field-weighted counts and the current document frequencies.
   */
  eachVectorEntry(doc, visit) {
    const from = doc.intAt + FIELD_KEYS.length;
    const len = Math.sqrt(this.vectorDot(doc, null)) || 1;
    const n = Math.max(1, this.byId.size);
    for (let k = from; k < from + doc.termN; k++) visit(this.ints.data[k], this.termWeight(k, n) / len);
  }
  /** The weight of the term at `k` of the pools (before normalisation): (1 + ln count) × ln(1 + n / df). */
  termWeight(k, n) {
    return TF_PART[this.termW.data[k]] * this.idfOf(this.ints.data[k], n);
  }
  /** ln(1 + n / df) of a term, cached until the index changes (the same value as computing it each time). */
  idfOf(id, n) {
    if (this.idfVersion !== this.version || this.idfPart.length < this.termById.length) {
      if (this.idfPart.length < this.termById.length) {
        this.idfPart = new Float64Array(Math.max(this.termById.length, this.idfPart.length * 2));
        this.idfStamp = new Int32Array(this.idfPart.length);
      }
      this.idfVersion = this.version;
      this.idfEpoch++;
    }
    if (this.idfStamp[id] === this.idfEpoch) return this.idfPart[id];
    const v = Math.log(1 + n / Math.max(1, this.dfById[id]));
    this.idfPart[id] = v;
    this.idfStamp[id] = this.idfEpoch;
    return v;
  }
  /** The dot product of a product's (unnormalised) vector with a dense query vector, or with itself when null. */
  vectorDot(doc, q) {
    const from = doc.intAt + FIELD_KEYS.length;
    const n = Math.max(1, this.byId.size);
    let s = 0;
    for (let k = from; k < from + doc.termN; k++) {
      const w = this.termWeight(k, n);
      s += q ? q[this.ints.data[k]] * w : w * w;
    }
    return s;
  }
  /** The number of a string in `cols.strings` (one entry per distinct spelling). */
  intern(s) {
    let v = this.interned.get(s);
    if (v === void 0) this.interned.set(s, v = this.cols.strings.push(s) - 1);
    return v;
  }
  /** The number of a shared, never-modified list in `cols.lists` (most products have the same one or two categories). */
  internList(list) {
    const key = list.join("\0");
    let v = this.internedLists.get(key);
    if (v === void 0) this.internedLists.set(key, v = this.cols.lists.push(list.map((s) => this.cols.strings[this.intern(s)])) - 1);
    return v;
  }
  filterFn(f) {
    const cat = f.category ? normalize(f.category) : "";
    const brand = f.brand ? normalize(f.brand) : "";
    return (d) => (f.minCents === void 0 || d.priceCents >= f.minCents) && (f.maxCents === void 0 || d.priceCents <= f.maxCents) && (f.inStock === void 0 || (f.inStock ? d.stock > 0 : d.stock === 0)) && (!f.only || f.only.has(d.id)) && (!cat || d.categoryKeys.includes(cat)) && (!brand || d.brandKey === brand) && (!f.exclude || !f.exclude.has(d.id));
  }
  /** filterFn by slot: liveness, price and stock from the typed arrays, the rest (rarely set) from the product. */
  slotFilterFn(f) {
    const onDoc = f.category || f.brand || f.only || f.exclude ? this.filterFn(f) : null;
    const { minCents, maxCents, inStock } = f;
    return (slot) => {
      if (this.cols.alive[slot] !== 1) return false;
      const price = this.cols.price[slot];
      if (minCents !== void 0 && price < minCents || maxCents !== void 0 && price > maxCents) return false;
      if (inStock !== void 0 && !(inStock ? this.cols.stock[slot] > 0 : this.cols.stock[slot] === 0)) return false;
      return !onDoc || onDoc(new Doc(this.cols, slot));
    };
  }
  /** Splits the query into concepts (a word or a known phrase), each with its readings. */
  parseConcepts(text, prefix) {
    const raw = tokenize(text).slice(0, MAX_QUERY_TOKENS);
    const content2 = raw.filter((t) => !STOPWORDS.has(t));
    const tokens = content2.length > 0 ? content2 : raw;
    const stems = tokens.map(stem);
    const concepts = [];
    for (let i = 0; i < tokens.length; i++) {
      const isLast = i === tokens.length - 1;
      let phraseLen = 0;
      for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 2; n--) {
        if (SYNONYMS.has(stems.slice(i, i + n).join(" "))) {
          phraseLen = n;
          break;
        }
      }
      if (phraseLen) {
        const key = stems.slice(i, i + phraseLen).join(" ");
        const alternatives2 = SYNONYMS.get(key).map((terms) => ({ terms, weight: terms.join(" ") === key ? 1 : W_SYNONYM }));
        for (const terms of RELATED.get(key) ?? []) alternatives2.push({ terms, weight: W_RELATED });
        concepts.push({ alternatives: this.known(alternatives2), label: tokens.slice(i, i + phraseLen).join(" ") });
        i += phraseLen - 1;
        continue;
      }
      const t = stems[i];
      const alternatives = [];
      let label = tokens[i];
      const exact = this.df.has(t);
      if (exact) alternatives.push({ terms: [t], weight: 1 });
      for (const syn of SYNONYMS.get(t) ?? []) if (syn.join(" ") !== t) alternatives.push({ terms: syn, weight: W_SYNONYM });
      for (const rel of RELATED.get(t) ?? []) alternatives.push({ terms: rel, weight: W_RELATED });
      const size = splitSize(t);
      if (size) {
        if (size.length > 2) alternatives.push({ terms: subSizes(size), weight: W_SIZE_PARTS });
        alternatives.push({ terms: size, weight: W_NUMBERS_ONLY });
      }
      const measure = splitMeasure(t);
      if (measure) alternatives.push({ terms: [measure.num], weight: W_NUMBERS_ONLY });
      const next = tokens[i + 1];
      if (next && /^\p{L}+$/u.test(tokens[i]) && /^\p{L}+$/u.test(next)) {
        const joined = stem(tokens[i] + next);
        if (this.df.has(joined)) {
          alternatives.push({ terms: [joined], weight: W_JOINED });
          concepts.push({ alternatives: this.known(alternatives.concat({ terms: [t, stems[i + 1]], weight: 0.8 })), label: `${tokens[i]} ${next}` });
          i++;
          continue;
        }
      }
      const df = this.df.get(t) ?? 0;
      if (!exact || df <= RARE_DF) {
        const split = this.splitCompound(tokens[i]);
        if (split) {
          alternatives.push({ terms: split.terms, weight: W_SPLIT });
          if (!exact) label = split.words.join(" ");
        }
        const fixes = this.fuzzy(tokens[i]).filter((f) => !exact || f.count >= Math.max(5, RARE_RATIO * (this.wordCount.get(tokens[i]) ?? df)));
        for (const fix of fixes) {
          alternatives.push({ terms: [fix.term], weight: W_TYPO[fix.dist] * (exact ? 0.8 : 1) });
          for (const syn of SYNONYMS.get(fix.term) ?? []) alternatives.push({ terms: syn, weight: W_TYPO[fix.dist] * W_SYNONYM });
        }
        if (!exact && !split && fixes[0]) label = fixes[0].word;
      }
      if (prefix && isLast && tokens[i].length >= 2) {
        for (const term of this.prefixTerms(tokens[i], t)) alternatives.push({ terms: [term], weight: exact ? W_PREFIX_CLOSED : W_PREFIX_OPEN });
      }
      const known = this.known(alternatives);
      if (known.length > 0) concepts.push({ alternatives: known, label });
    }
    return concepts;
  }
  known(alts) {
    return alts.filter((a) => a.terms.every((t) => this.df.has(t)));
  }
  /** Remembers the words of a product for corrections and completion. */
  addWords(d) {
    for (const text of [d.name, d.brand, ...d.categories, ...d.tags, d.description]) {
      for (const w of tokenize(text)) {
        if (w.length < 3 || !/^\p{L}+$/u.test(w) || STOPWORDS.has(w)) continue;
        const n = this.wordCount.get(w);
        if (n !== void 0) {
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
      }
    }
  }
  /** Known words within the typo budget of a typed word, closest first, then most used; with their stems. */
  fuzzy(word) {
    const max = maxEditsFor(word);
    if (max === 0 || !/^\p{L}+$/u.test(word)) return [];
    const grams = trigrams(word);
    const counts = /* @__PURE__ */ new Map();
    for (const g of grams) for (const w of this.trigramIndex.get(g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    const need = Math.max(1, grams.length - 3 * max);
    const out = [];
    for (const [w, c] of counts) {
      if (c < need || w === word) continue;
      const term = this.wordStem.get(w);
      if (!this.df.has(term)) continue;
      const dist = editDistance(word, w, max);
      if (dist <= max) out.push({ term, word: w, dist, count: this.wordCount.get(w) });
    }
    out.sort((a, b) => a.dist - b.dist || b.count - a.count || (a.word < b.word ? -1 : 1));
    const best = out[0]?.dist;
    const seen = /* @__PURE__ */ new Set();
    return out.filter((o) => o.dist === best && !seen.has(o.term) && seen.add(o.term)).slice(0, 3);
  }
  /**
   * A word written together that the catalogue writes as two ('wiremesh' → wire mesh, '4shelves' → 4 shelves):
   * the split whose rarer half is most common, when both halves are known words (or a number and a word).
   */
  splitCompound(word) {
    let best = null;
    for (let i = 1; i < word.length; i++) {
      if (/\d/.test(word[i - 1]) && /\d/.test(word[i])) continue;
      const a = word.slice(0, i);
      const b = word.slice(i);
      const support = Math.min(this.partSupport(a), this.partSupport(b));
      if (support >= 2 && (!best || support > best.support)) best = { terms: [stem(a), stem(b)], words: [a, b], support };
    }
    return best && { terms: best.terms, words: best.words };
  }
  /** How much a piece of a split word looks like a real word: its use count (letters, 3+), or its df (a number). */
  partSupport(part) {
    if (/^\d+$/.test(part)) return this.df.get(part) ?? 0;
    if (part.length < 3 || !/^\p{L}+$/u.test(part) || STOPWORDS.has(part)) return 0;
    return this.df.has(stem(part)) ? this.wordCount.get(part) ?? 0 : 0;
  }
  /** Frequent terms of the words that begin like the word being typed. */
  prefixTerms(raw, stemmed) {
    if (!this.sortedWords) this.sortedWords = [...this.wordStem.keys()].sort();
    const vocab = this.sortedWords;
    let lo = 0;
    let hi = vocab.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (vocab[mid] < raw) lo = mid + 1;
      else hi = mid;
    }
    const found = /* @__PURE__ */ new Map();
    for (let i = lo, n = 0; i < vocab.length && vocab[i].startsWith(raw) && n < 400; i++, n++) {
      const t = this.wordStem.get(vocab[i]);
      const df = this.df.get(t) ?? 0;
      if (t !== stemmed && df > 0) found.set(t, df);
    }
    return [...found].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([t]) => t);
  }
  /** Cosine of a product's vector and a query vector held densely by term id (zero for terms not in the query). */
  cosine(doc, q) {
    const from = doc.intAt + FIELD_KEYS.length;
    const n = Math.max(1, this.byId.size);
    let self = 0;
    let dot = 0;
    for (let k = from; k < from + doc.termN; k++) {
      const w = this.termWeight(k, n);
      self += w * w;
      dot += q[this.ints.data[k]] * w;
    }
    const len = Math.sqrt(self);
    return len ? dot / len : 0;
  }
  /** The query vector written into the dense scratch array (the caller zeroes its terms again afterwards). */
  denseQuery(q) {
    if (this.qDense.length < this.termById.length) this.qDense = new Float64Array(Math.max(this.termById.length, this.qDense.length * 2));
    for (const [k, v] of q) this.qDense[k] = v;
    return this.qDense;
  }
  /**
   * The share of neighbouring query concepts that stand side by side, in the query's order, in a product's name
   * ('chair rail moulding' prefers '… Chair Rail Moulding' to '… Rail … Chair …'); null for one concept.
   */
  adjacencyFn(concepts) {
    if (concepts.length < 2) return null;
    if (this.adjMask.length < this.termById.length) this.adjMask = new Int32Array(Math.max(this.termById.length, this.adjMask.length * 2));
    const masks = this.adjMask;
    const ids = [];
    concepts.slice(0, 30).forEach((c, ci) => {
      for (const a of c.alternatives) {
        if (a.terms.length !== 1 || a.weight < 0.5) continue;
        const id = this.termIds.get(a.terms[0]);
        if (id === void 0) continue;
        masks[id] |= 1 << ci;
        ids.push(id);
      }
    });
    const pairs = Math.min(concepts.length, 30) - 1;
    const { intAt, termN, nameN } = this.cols;
    const score = (slot) => {
      const ints = this.ints.data;
      const from = intAt[slot] + FIELD_KEYS.length + termN[slot];
      let found = 0;
      let prev = 0;
      for (let k = from; k < from + nameN[slot]; k++) {
        const m = masks[ints[k]];
        found |= prev & m >>> 1;
        prev = m;
      }
      let n = 0;
      for (let b = found; b; b &= b - 1) n++;
      return n / pairs;
    };
    return { score, release: () => ids.forEach((id) => masks[id] = 0) };
  }
  /**
   * Semantic re-ranking: a query vector (the query's own terms) plus the centroid of the best lexical hits
   * (pseudo-relevance feedback); each candidate's cosine to it is blended with its lexical score.
   */
  rerank(head, concepts, intent) {
    if (head.length === 0) return;
    const top = head[0].lex || 1;
    const q = /* @__PURE__ */ new Map();
    for (const c of concepts) {
      for (const a of c.alternatives) {
        for (const t of a.terms) {
          const id = this.termIds.get(t);
          if (id !== void 0) q.set(id, Math.max(q.get(id) ?? 0, a.weight));
        }
      }
    }
    for (const c of head.slice(0, FEEDBACK_DOCS)) {
      const f = c.lex / top * W_FEEDBACK;
      this.eachVectorEntry(c.doc, (id, w) => q.set(id, (q.get(id) ?? 0) + f * w));
    }
    const qLen = Math.sqrt([...q.values()].reduce((s, v) => s + v * v, 0)) || 1;
    for (const [k, v] of q) q.set(k, v / qLen);
    const dense = this.denseQuery(q);
    let priceRank = null;
    if (intent) {
      const sorted = head.filter((c) => c.lex >= 0.4 * top).sort((a, b) => a.doc.priceCents - b.doc.priceCents);
      priceRank = new Map(sorted.map((c, i) => [c.doc, sorted.length > 1 ? i / (sorted.length - 1) : 0]));
    }
    for (const c of head) {
      let s = (1 - W_SEM) * (c.lex / top) + W_SEM * this.cosine(c.doc, dense) + 0.02 * popularity(c.doc);
      const r = priceRank?.get(c.doc);
      if (r !== void 0) s += 0.2 * (intent === "low" ? 1 - r : r);
      c.score = s;
    }
    for (const k of q.keys()) dense[k] = 0;
    head.sort((a, b) => b.score - a.score || a.doc.id - b.doc.id);
  }
};
var content = (text) => tokenize(text, { index: true }).filter((t) => !STOPWORDS.has(t)).map(stem);
function analyseFields(d) {
  return {
    name: content(d.name),
    head: [headNoun(d.name)].filter((h) => !!h).map(stem),
    brand: content(d.brand),
    category: d.categories.flatMap(content),
    tags: d.tags.flatMap(content),
    description: content(d.description)
  };
}
function kthLargest(a, k) {
  let lo = 0;
  let hi = a.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = a[lo + hi >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] > pivot) i++;
      while (a[j] < pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return a[target];
}
function popularity(d) {
  const r = d.rating ?? 0;
  return r / 5 * Math.min(1, Math.log1p(d.reviewCount) / Math.log(1e3));
}
var maxDefined = (a, b) => a === void 0 ? b : b === void 0 ? a : Math.max(a, b);
var minDefined = (a, b) => a === void 0 ? b : b === void 0 ? a : Math.min(a, b);

// bench/lib/random.ts
function seededRng(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

// bench/lib/catalogue-gen.ts
var DEPARTMENTS = [
  { category: "smartphones", types: ["Smartphone", "Phone", "Mobile Phone", "Phone Case", "Screen Protector"], features: ["5G", "OLED display", "128GB storage", "fast charging", "triple camera"], price: [15, 1500] },
  { category: "laptops", types: ["Laptop", "Notebook", "Gaming Laptop", "Ultrabook", "Laptop Sleeve"], features: ["16GB RAM", "512GB SSD", "backlit keyboard", "14 inch screen", "long battery life"], price: [30, 2500] },
  { category: "audio", types: ["Headphones", "Earbuds", "Bluetooth Speaker", "Soundbar", "Headset"], features: ["noise cancelling", "wireless", "30 hour battery", "deep bass", "waterproof"], price: [15, 600] },
  { category: "tv", types: ["Smart TV", "Television", "Projector", "TV Mount", "Streaming Stick"], features: ["4K", "HDR", "OLED", "55 inch", "voice remote"], price: [25, 3e3] },
  { category: "smart home", types: ["Smart Plug", "Smart Bulb", "Video Doorbell", "Security Camera", "Robot Vacuum"], features: ["Wi-Fi", "app control", "voice assistant", "motion detection", "night vision"], price: [10, 900] },
  { category: "wearables", types: ["Smartwatch", "Fitness Tracker", "Running Watch", "Smart Ring", "Watch Strap"], features: ["heart rate", "GPS", "sleep tracking", "AMOLED", "7 day battery"], price: [10, 900] },
  { category: "gaming", types: ["Game Console", "Controller", "Gaming Mouse", "Mechanical Keyboard", "Gaming Chair"], features: ["RGB", "wireless", "low latency", "ergonomic", "programmable buttons"], price: [20, 800] },
  { category: "kitchen", types: ["Coffee Machine", "Air Fryer", "Blender", "Kettle", "Frying Pan"], features: ["stainless steel", "non-stick", "1.7L", "auto shut-off", "dishwasher safe"], price: [10, 900] },
  { category: "outdoor", types: ["Tent", "Sleeping Bag", "Hiking Backpack", "Water Bottle", "Camping Stove"], features: ["waterproof", "lightweight", "insulated", "4 person", "compact"], price: [10, 700] },
  { category: "beauty", types: ["Moisturizer", "Perfume", "Hair Dryer", "Shampoo", "Electric Toothbrush"], features: ["for dry skin", "fragrance free", "ionic", "organic", "travel size"], price: [5, 400] },
  { category: "pets", types: ["Dog Food", "Cat Food", "Dog Bed", "Cat Tree", "Dog Leash"], features: ["grain free", "orthopedic", "washable", "durable", "for puppies"], price: [5, 300] },
  { category: "home office", types: ["Office Chair", "Standing Desk", "Monitor", "Desk Lamp", "Webcam"], features: ["ergonomic", "height adjustable", "27 inch", "USB-C", "1080p"], price: [20, 1500] },
  { category: "musical instruments", types: ["Acoustic Guitar", "Electric Guitar", "Digital Piano", "Ukulele", "Drum Kit"], features: ["beginner", "full size", "88 keys", "with case", "solid top"], price: [30, 2e3] },
  { category: "books", types: ["Novel", "Cookbook", "Children Book", "Biography", "Self-Help Book"], features: ["paperback", "hardcover", "bestseller", "illustrated", "large print"], price: [5, 60] },
  { category: "sports", types: ["Running Shoes", "Sneakers", "Yoga Mat", "Dumbbells", "Football"], features: ["lightweight", "cushioned", "non-slip", "adjustable", "breathable"], price: [10, 400] },
  { category: "fashion", types: ["Jacket", "Jeans", "Hoodie", "T-Shirt", "Sunglasses"], features: ["cotton", "slim fit", "waterproof", "polarized", "unisex"], price: [10, 500] }
];
var BRANDS = ["Sonex", "Veltra", "Orbis", "Kairo", "Lumen", "Nexa", "Tavor", "Zenith", "Aurex", "Brio", "Corvo", "Delta", "Elara", "Fyra", "Gala", "Helix", "Istra", "Juno", "Kova", "Lyra"];
var SERIES = ["Aurora", "Pulse", "Nova", "Edge", "Prime", "Flex", "Core", "Max", "Air", "Pro", "Lite", "Ultra", "Neo", "Zen", "Arc"];
var ADJECTIVES = ["Compact", "Premium", "Classic", "Portable", "Advanced", "Essential", "Deluxe", "Smart", "Pro", "Everyday"];
function* generateBatches(n, batch = 5e3) {
  const r = seededRng(42);
  for (let from = 0; from < n; from += batch) yield generateRange(r, from, Math.min(n, from + batch));
}
function generateRange(r, from, to) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const rows = [];
  for (let i = from; i < to; i++) {
    const d = DEPARTMENTS[i % DEPARTMENTS.length];
    const type = pick(d.types);
    const brand = pick(BRANDS);
    const f1 = pick(d.features);
    const f2 = pick(d.features);
    const name = `${brand} ${pick(SERIES)} ${String.fromCharCode(65 + Math.floor(r() * 26))}${100 + Math.floor(r() * 900)} ${pick(ADJECTIVES)} ${type}`;
    const [lo, hi] = d.price;
    const price = Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))) * 100);
    rows.push({
      name,
      slug: `p-${i}`,
      description: `${pick(ADJECTIVES)} ${type.toLowerCase()} with ${f1} and ${f2}. Great for everyday use, backed by ${brand} support.`,
      priceCents: price,
      stock: r() < 0.1 ? 0 : Math.floor(r() * 200),
      brand,
      category: d.category,
      tags: [f1, f2].join(","),
      rating: Math.round((3 + r() * 2) * 10) / 10,
      reviews: Math.floor(r() * 2e3),
      sku: `GEN-${i}`
    });
  }
  return rows;
}
function queries() {
  const out = [];
  for (const d of DEPARTMENTS) {
    for (const t of d.types) {
      const lower = t.toLowerCase();
      out.push(lower, `${BRANDS[out.length % BRANDS.length].toLowerCase()} ${lower}`, `${lower} under ${Math.round(d.price[1] / 3)}`, `${d.features[0]} ${lower}`);
      if (lower.length > 5) out.push(lower.slice(0, 2) + lower[3] + lower[2] + lower.slice(4));
    }
  }
  out.push("wirelss hedphones", "cheap laptop", "premium smartwatch", "sneakers", "tv", "headph", "running shoes between 50 and 150");
  return out;
}
function coldQueries(n) {
  const out = [];
  const types = DEPARTMENTS.flatMap((d) => d.types.map((t) => ({ t: t.toLowerCase(), hi: d.price[1] })));
  for (let i = 0; out.length < n; i++) {
    const { t, hi } = types[i % types.length];
    const brand = BRANDS[Math.floor(i / types.length) % BRANDS.length].toLowerCase();
    const budget = 20 + i * 7919 % Math.max(21, hi);
    out.push(`${brand} ${t} under ${budget}`);
  }
  return out;
}

// bench/search-engine-scale.ts
v8.setFlagsFromString("--expose-gc");
function parseArgs(argv) {
  const out = /* @__PURE__ */ new Map();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) continue;
    const eq = a.indexOf("=");
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (argv[i + 1] !== void 0 && !argv[i + 1].startsWith("--")) out.set(a.slice(2), argv[++i]);
    else out.set(a.slice(2), true);
  }
  return out;
}
var gc = vm.runInNewContext("gc");
function toSearchDoc(p, id) {
  return {
    id,
    name: p.name,
    brand: p.brand,
    categories: p.category ? [p.category] : [],
    tags: p.tags ? p.tags.split(",") : [],
    description: p.description,
    priceCents: p.priceCents,
    stock: p.stock,
    rating: p.rating,
    reviewCount: p.reviews
  };
}
function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  const mb = (x) => Math.round(x / 1e6);
  return { rss_mb: mb(m.rss), heap_used_mb: mb(m.heapUsed), array_buffers_mb: mb(m.arrayBuffers) };
}
function stats(us) {
  const s = [...us].sort((a, b) => a - b);
  const at = (q) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] / 10) / 100;
  return { n: s.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1), mean_ms: Math.round(s.reduce((a, b) => a + b, 0) / s.length / 10) / 100 };
}
async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.get("products") ?? 2e5);
  const distinct = Number(args.get("queries") ?? 1e3);
  const json = args.has("json");
  const log = (m) => json ? void 0 : console.log(m);
  const before = memory();
  let docs = [];
  for (const batch of generateBatches(n)) for (const p of batch) docs.push(toSearchDoc(p, docs.length + 1));
  const index = new SearchIndex();
  const cpu0 = process.cpuUsage();
  await index.load(docs);
  const cpu = process.cpuUsage(cpu0);
  const buildCpuMs = Math.round((cpu.user + cpu.system) / 1e3);
  docs = [];
  const built = memory();
  log(`${n} products: build ${buildCpuMs} ms CPU; heap ${before.heap_used_mb} \u2192 ${built.heap_used_mb} MB, array buffers ${before.array_buffers_mb} \u2192 ${built.array_buffers_mb} MB, RSS ${before.rss_mb} \u2192 ${built.rss_mb} MB`);
  const answers = {};
  const run = (qs) => {
    const times = [];
    for (const q of qs) {
      const t = process.cpuUsage();
      const r = index.search(q, { limit: 50 });
      const d = process.cpuUsage(t);
      times.push(d.user + d.system);
      answers[q] = [r.total, r.interpreted.join(" "), r.ids.join(",")];
    }
    return times;
  };
  const repeated = queries();
  const cold = coldQueries(6e4).slice(3e4, 3e4 + distinct);
  run(repeated.slice(0, 50));
  const rep = stats([...run(repeated), ...run(repeated)]);
  const dis = stats(run(cold));
  const after = memory();
  log(`repeated mix (${rep.n}): p50 ${rep.p50_ms} ms, p95 ${rep.p95_ms} ms, max ${rep.max_ms} ms, mean ${rep.mean_ms} ms CPU`);
  log(`distinct    (${dis.n}): p50 ${dis.p50_ms} ms, p95 ${dis.p95_ms} ms, max ${dis.max_ms} ms, mean ${dis.mean_ms} ms CPU`);
  log(`after the queries: heap ${after.heap_used_mb} MB, array buffers ${after.array_buffers_mb} MB, RSS ${after.rss_mb} MB`);
  const dump = args.get("dump");
  if (typeof dump === "string") fs.writeFileSync(dump, JSON.stringify(answers));
  const check = args.get("check");
  if (typeof check === "string") {
    const expected = JSON.parse(fs.readFileSync(check, "utf8"));
    const differ = Object.keys(expected).filter((q) => JSON.stringify(expected[q]) !== JSON.stringify(answers[q]));
    log(differ.length === 0 ? `answers: all ${Object.keys(expected).length} identical to ${check}` : `answers: ${differ.length} differ from ${check}, e.g. ${differ.slice(0, 5).join(" | ")}`);
    if (differ.length) process.exitCode = 1;
  }
  if (json) console.log(JSON.stringify({ products: n, build_cpu_ms: buildCpuMs, before, built, after, repeated: rep, distinct: dis, load: (await import("node:os")).loadavg()[0] }));
}
await main();
