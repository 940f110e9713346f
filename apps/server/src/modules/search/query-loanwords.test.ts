import { describe, expect, it } from 'vitest';
import { analyseQuery, loanwordReading } from './query-analysis.js';
import { arabicSkeleton, latinSkeleton } from './query-loanwords.js';
import { gulfToStandard } from './query-understanding.js';
import { vocabularyOf } from './test-vocabulary.js';

// Decision 0165: an English trade word written in Arabic letters is read as the catalogue's own Latin word it sounds
// like, with no table of loanwords. Words and names here are not the demo catalogue's.

const NAMES = ['Portable Speaker Max', 'Mechanical Keyboard Lite', 'Soundbar 300', 'Gaming Chair', 'Router AX6000', 'Projector Mini', 'Lasts all day', 'مكبر صوت', 'كرسي مكتب'];

const vocab = vocabularyOf(NAMES);

describe('consonant skeletons', () => {
  it('writes a Latin word and its Arabic transliteration alike', () => {
    const pairs: [string, string][] = [['speaker', 'سبيكر'], ['keyboard', 'كيبورد'], ['soundbar', 'ساوندبار'], ['gaming', 'قيمنق'], ['router', 'راوتر'], ['projector', 'بروجكتر'], ['controller', 'كنترولر']];
    for (const [latin, arabic] of pairs) {
      expect(arabicSkeleton(arabic), `${latin} ~ ${arabic}`).toBe(latinSkeleton(latin));
    }
  });

  it('has no skeleton for a word in another alphabet', () => {
    expect(arabicSkeleton('speaker')).toBe('');
    expect(latinSkeleton('سبيكر')).toBe('');
  });
});

describe('loanwordReading', () => {
  it('reads an Arabic word the catalogue does not hold as the Latin word it sounds like, singular or plural', () => {
    expect(loanwordReading('سبيكر', vocab)?.word).toBe('speaker');
    expect(loanwordReading('سبيكرات', vocab)?.word).toBe('speaker');
    expect(loanwordReading('كيبورد', vocab)?.word).toBe('keyboard');
    expect(loanwordReading('بروجكتر', vocab)?.word).toBe('projector');
  });

  it('leaves short skeletons alone: Arabic words of three root letters sound like too many English ones', () => {
    expect(loanwordReading('ليست', vocab)).toBeNull();
    expect(loanwordReading('راوتر', vocab)).toBeNull();
  });

  it('gives the query analysis a reading only for a word with none of its own, also written in two words', () => {
    const q = analyseQuery('سبيكر', { prefix: false }, vocab);
    expect(q.concepts.map((c) => c.label)).toEqual(['speaker']);
    expect(analyseQuery('ساوند بار', { prefix: false }, vocab).concepts.map((c) => c.label)).toEqual(['soundbar']);
    // an Arabic word the catalogue holds keeps its own reading
    expect(analyseQuery('مكبر', { prefix: false }, vocab).concepts[0]!.label).toBe('مكبر');
  });
});

describe('Gulf words in the dual and plural', () => {
  it('keeps the number while the noun becomes the MSA one', () => {
    expect(gulfToStandard('جوالين')).toBe('هاتفين');
    expect(gulfToStandard('جوالات')).toBe('هاتفات');
    expect(gulfToStandard('كتابين')).toBe('كتابين');
  });
});
