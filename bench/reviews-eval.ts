/**
 * Review summary evaluation (issue 37 item 4): how well the summary reads what a review sentence says.
 *
 *   npm run bench:reviews [-- --sentences FILE] [--json] [--verbose]
 *
 * bench/data/reviews/sentences.json holds review sentences in English and Arabic, each labelled with its claims
 * ([aspect, polarity]) before the summary's code changed, and split into a tuning and a held-back half by FNV-1a of the
 * id. Each reader turns a sentence into claims; per half and language it is scored on
 *   aspects  — sentences whose aspects are exactly the labelled ones (none for a sentence without a claim);
 *   polarity — labelled claims read with that aspect and that polarity only;
 *   claims   — sentences read exactly (aspects and polarities).
 * Two readers in the same run: Souq's (the claims review-summary.ts draws a summary from) and a simple baseline, the
 * same lexicon read as a bag of words over the whole sentence (decision 0093's first reading: whole-word aspect terms
 * anywhere in the sentence, sentiment words counted with a negation in the three words before and 'too').
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/fresh-app.js';
import { claimsOf } from '../apps/server/src/modules/reviews/review-claims.js';
import { bagOfWordsClaims } from './lib/review-baseline.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = parseArgs(process.argv.slice(2));
const json = args.has('json');
const verbose = args.has('verbose');
const file = path.resolve(String(args.get('sentences') ?? path.join(here, 'data/reviews/sentences.json')));

type Polarity = 'positive' | 'negative';
type Claim = [aspect: string, polarity: Polarity];
type Sentence = { id: string; lang: 'en' | 'ar'; text: string; claims: Claim[] };
const sentences = (JSON.parse(fs.readFileSync(file, 'utf8')) as { sentences: Sentence[] }).sentences;
// sentences written after the first code, to tune on (never held back): reported apart as 'dev'
const devFile = path.join(path.dirname(file), 'sentences-dev.json');
const dev = !args.get('sentences') && fs.existsSync(devFile) ? (JSON.parse(fs.readFileSync(devFile, 'utf8')) as { sentences: Sentence[] }).sentences : [];

/** Souq's reading: the claims the summary draws from a sentence (review-claims.ts). */
const souqClaims = (sentence: string): Claim[] => claimsOf(sentence).map((c) => [c.aspect, c.sentiment]);

/** 0 ('tune') or 1 ('held'): FNV-1a of the id, as the assistant and search benches split theirs. */
function half(id: string): 0 | 1 {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return ((h >>> 0) % 2) as 0 | 1;
}

type Read = { s: Sentence; got: Claim[]; aspectsOk: boolean; claimsOk: boolean; polarityOk: number };
/** An aspect read with both polarities in one sentence has none for sure: it counts as wrong. */
function score(s: Sentence, got: Claim[]): Read {
  const polarities = new Map<string, Set<Polarity>>();
  for (const [a, p] of got) polarities.set(a, (polarities.get(a) ?? new Set()).add(p));
  const want = new Map(s.claims.map(([a, p]) => [a, p]));
  const aspectsOk = polarities.size === want.size && [...want.keys()].every((a) => polarities.has(a));
  const polarityOk = s.claims.filter(([a, p]) => polarities.get(a)?.size === 1 && polarities.get(a)!.has(p)).length;
  return { s, got, aspectsOk, claimsOk: aspectsOk && polarityOk === s.claims.length, polarityOk };
}

const readers = { souq: souqClaims, baseline: bagOfWordsClaims } as const;
const results = Object.fromEntries(Object.entries(readers).map(([name, read]) => [name, [...sentences, ...dev].map((s) => score(s, read(s.text)))])) as Record<keyof typeof readers, Read[]>;
const isDev = (r: Read) => r.s.id.startsWith('dev-');

const pct = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 10 : null);
function summary(list: Read[]) {
  const claims = list.reduce((n, r) => n + r.s.claims.length, 0);
  return {
    sentences: list.length,
    claims,
    aspects: pct(list.filter((r) => r.aspectsOk).length, list.length),
    polarity: pct(list.reduce((n, r) => n + r.polarityOk, 0), claims),
    exact: pct(list.filter((r) => r.claimsOk).length, list.length),
  };
}
const groups = {
  tune: (r: Read) => !isDev(r) && half(r.s.id) === 0,
  held: (r: Read) => !isDev(r) && half(r.s.id) === 1,
  held_en: (r: Read) => !isDev(r) && half(r.s.id) === 1 && r.s.lang === 'en',
  held_ar: (r: Read) => !isDev(r) && half(r.s.id) === 1 && r.s.lang === 'ar',
  all: (r: Read) => !isDev(r),
  ...(dev.length ? { dev: isDev } : {}),
};
const out = {
  benchmark: 'review-claims',
  sentences: sentences.length,
  languages: { en: sentences.filter((s) => s.lang === 'en').length, ar: sentences.filter((s) => s.lang === 'ar').length },
  readers: Object.fromEntries(Object.entries(results).map(([name, list]) => [name, Object.fromEntries(Object.entries(groups).map(([g, f]) => [g, summary(list.filter(f))]))])),
};

if (json) console.log(JSON.stringify(out));
else {
  console.log(`Review claims: ${sentences.length} sentences (${out.languages.en} English, ${out.languages.ar} Arabic), ${path.relative(process.cwd(), file)}`);
  console.log('  reader     half      sentences  claims   aspects  polarity  exact');
  for (const [name, byGroup] of Object.entries(out.readers)) {
    for (const [g, x] of Object.entries(byGroup)) {
      console.log(`  ${name.padEnd(10)} ${g.padEnd(9)} ${String(x.sentences).padStart(9)} ${String(x.claims).padStart(7)}   ${String(x.aspects).padStart(6)} %  ${String(x.polarity).padStart(6)} %  ${String(x.exact).padStart(5)} %`);
    }
  }
  if (verbose) {
    console.log('\n  Souq misreads (tuning half):');
    for (const r of results.souq.filter((x) => !x.claimsOk && (isDev(x) || half(x.s.id) === 0))) {
      console.log(`  - [${half(r.s.id) ? 'held' : 'tune'} ${r.s.id}] ${r.s.text}\n      want ${JSON.stringify(r.s.claims)}  got ${JSON.stringify(r.got)}`);
    }
  }
}
