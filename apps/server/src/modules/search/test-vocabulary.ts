import { STOPWORDS, stem, tokenize } from './search.text.js';
import { WordList, type Vocabulary } from './search.vocabulary.js';

/** A Vocabulary of a few product names, built as the index builds its own (for the query analysis' unit tests). */
export function vocabularyOf(names: string[]): Vocabulary {
  const words = new WordList();
  const df = new Map<string, number>();
  for (const name of names) {
    words.add([name]);
    for (const t of new Set(tokenize(name, { index: true }).filter((w) => !STOPWORDS.has(w)).map(stem))) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return {
    df: (term) => df.get(term) ?? 0,
    uses: (word) => words.uses(word),
    termOf: (word) => words.termOf(word),
    wordsWithTrigram: (gram) => words.wordsWithTrigram(gram),
    wordsStartingWith: (prefix, max) => words.wordsStartingWith(prefix, max),
    wordsEndingWith: (suffix, max) => words.wordsEndingWith(suffix, max),
    wordsSounding: (skeleton) => words.wordsSounding(skeleton),
  };
}
