import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aspectsIn, sentencesOf, sentimentOf, summarize, type SummaryInput } from './review-summary.js';
import { claimsOf } from './review-claims.js';
import { TERMS } from './review-lexicon.js';

const mentions = (text: string, aspect: string) => (aspectsIn(text) as string[]).includes(aspect);

describe('review summary (decision 0093)', () => {
  it('finds aspects as whole words and phrases, not inside other words', () => {
    expect(aspectsIn('The battery lasts all day')).toEqual(['battery']);
    expect(aspectsIn('Easy to set up')).toEqual(['ease']);
    expect(aspectsIn('Rebuilt from the ground up')).toEqual([]); // "build" is not in "rebuilt"
  });

  it('reads sentiment with negation and "too"', () => {
    expect(sentimentOf('The screen is bright')).toBe('positive');
    expect(sentimentOf('The screen is not bright')).toBe('negative');
    expect(sentimentOf('Not bad at all')).toBe('positive');
    expect(sentimentOf('A bit too light for me')).toBe('negative');
    expect(sentimentOf('It is a kettle')).toBeNull();
  });

  it('credits a sentiment to the clause that carries it, not to an aspect named in another clause', () => {
    const { praise, criticism } = summarize([{ id: 1, stars: 3, title: 'Good phone, average battery for gaming', body: 'Great sound but the battery is weak.' }]);
    expect(praise.map((a) => a.aspect)).toEqual(['sound']);
    expect(criticism).toEqual([{ aspect: 'battery', label: 'Battery life', positive: 0, negative: 1, quotes: [{ review_id: 1, quote: 'average battery for gaming', sentiment: 'negative' }] }]);
  });

  it('reads each claim from its own clause (issue 37 item 4): the aspect by its words, the polarity by its judgement', () => {
    const read = (s: string) => claimsOf(s).map((c) => [c.aspect, c.sentiment]);
    expect(read('The smell of plastic was strong at first.')).toEqual([['smell', 'negative']]);
    expect(read('Sound quality is superb.')).toEqual([['sound', 'positive']]);
    expect(read('The battery drains fast when gaming.')).toEqual([['battery', 'negative']]);
    expect(read('The price is high.')).toEqual([['value', 'negative']]);
    expect(read('جودة الصوت ممتازة.')).toEqual([['sound', 'positive']]);
    expect(read('مو رخيص، بس يستاهل.')).toEqual([['value', 'positive']]);
    // the reservation is kept in the quote, the praise stays praise
    expect(claimsOf('Noise cancelling is good but not the best I have tried.')).toEqual([
      { aspect: 'noise', sentiment: 'positive', quote: 'Noise cancelling is good but not the best I have tried.' },
    ]);
  });

  it('never drops a complaint because the same aspect is praised: both sides, with both counts', () => {
    const reviews: SummaryInput[] = [1, 2, 3, 4, 5, 6].map((id) => ({ id, stars: 5, title: 'Great', body: ['The battery lasts two days.', 'The screen is bright.', 'The sound is rich.', 'The design is beautiful.', 'Very comfortable.', 'Delivery was fast.'][id - 1]! }));
    reviews.push({ id: 7, stars: 3, title: 'Hmm', body: 'The battery drains fast when gaming.' });
    const { praise, criticism } = summarize(reviews);
    expect(praise.find((a) => a.aspect === 'battery')).toMatchObject({ positive: 1, negative: 1 });
    expect(criticism.find((a) => a.aspect === 'battery')).toMatchObject({ positive: 1, negative: 1, quotes: [{ quote: 'The battery drains fast when gaming.' }] });
  });

  it('counts each review once per aspect and side, and quotes its own sentence', () => {
    const reviews: SummaryInput[] = [
      { id: 1, stars: 5, title: 'Great', body: 'Great sound. The sound is rich and clear.' },
      { id: 2, stars: 2, title: 'Meh', body: 'Sound is poor. Delivery was fast.' },
    ];
    const { praise, criticism } = summarize(reviews);
    expect(praise.find((a) => a.aspect === 'sound')).toEqual({
      aspect: 'sound', label: 'Sound', positive: 1, negative: 1, quotes: [{ review_id: 1, quote: 'Great sound.', sentiment: 'positive' }],
    });
    expect(criticism).toEqual([{ aspect: 'sound', label: 'Sound', positive: 1, negative: 1, quotes: [{ review_id: 2, quote: 'Sound is poor.', sentiment: 'negative' }] }]);
    expect(praise.map((a) => a.aspect)).toContain('delivery');
  });

  // Words that are neither aspect terms nor sentiment words, sentiment words, and aspect terms: random reviews
  // built from them exercise every path of the summary.
  const filler = fc.constantFrom('the', 'it', 'is', 'was', 'and', 'my', 'very', 'after', 'week', 'kettle', 'phone', 'really', 'a');
  const sentiment = fc.constantFrom('great', 'poor', 'love', 'broke', 'not', 'too', 'excellent', 'slow', 'easy', 'cheap', 'never');
  const term = fc.constantFrom(...TERMS.map((t) => t.words.join(' ')).filter((t) => /^[a-z]/.test(t)));
  const sentenceArb = fc.array(fc.oneof(filler, sentiment, term), { minLength: 1, maxLength: 12 })
    .chain((ws) => fc.constantFrom('.', '!', '?', '').map((end) => ws.join(' ') + end));
  const reviewArb = fc.record({
    stars: fc.integer({ min: 1, max: 5 }),
    title: sentenceArb,
    body: fc.array(sentenceArb, { minLength: 1, maxLength: 5 }).map((s) => s.join(' ')),
  });
  const reviewsArb = fc.array(reviewArb, { minLength: 0, maxLength: 12 }).map((rs) => rs.map((r, i) => ({ ...r, id: i + 1 })));

  it('never states an aspect no review mentions, and every claim is a quote from the review it names (property)', () => {
    fc.assert(fc.property(reviewsArb, (reviews) => {
      const { praise, criticism } = summarize(reviews);
      const byId = new Map(reviews.map((r) => [r.id, r]));
      const sentencesMentioning = (r: SummaryInput, aspect: string) => [...sentencesOf(r.title), ...sentencesOf(r.body)].filter((s) => mentions(s, aspect));
      const sides = [...praise.map((a) => ({ a, side: 'positive' })), ...criticism.map((a) => ({ a, side: 'negative' }))];
      return sides.every(({ a, side }) => {
        const mentioning = reviews.filter((r) => sentencesMentioning(r, a.aspect).length > 0).length;
        return mentioning > 0 // some review mentions the aspect
          && a.quotes.length > 0 // no claim without a quote
          && Math.max(a.positive, a.negative) <= mentioning // counts are reviews that mention it
          && a.quotes.every((q) => {
            const r = byId.get(q.review_id);
            // the quote is the buyer's own words, names the aspect and carries the claimed sentiment
            // the quote, read again on its own, makes the same claim
            return r !== undefined && `${r.title}\n${r.body}`.includes(q.quote) && q.sentiment === side
              && claimsOf(q.quote).some((c) => c.aspect === a.aspect && c.sentiment === q.sentiment);
          });
      });
    }), { numRuns: 150 });
  });

  it('never cuts a quote: a clause too long to quote whole supports no claim (the counterexample fast-check found)', () => {
    const body = 'really easy easy was broke really was light was slow smell battery the confusing the battery battery not laggy cheap really battery dishwasher a kettle easy after the poor laggy it battery life great cheap soft too excellent complicated great too.';
    const { praise, criticism } = summarize([{ id: 1, stars: 1, title: 'great.', body }]);
    for (const a of [...praise, ...criticism]) for (const q of a.quotes) expect(body.includes(q.quote)).toBe(true);
    expect([...praise, ...criticism].flatMap((a) => a.quotes).every((q) => q.quote.length <= 240)).toBe(true);
  });

  it('gives the same summary for the same reviews in any order', () => {
    fc.assert(fc.property(reviewsArb, fc.integer(), (reviews, seed) => {
      const shuffled = [...reviews].sort((a, b) => ((a.id * 7919 + seed) % 13) - ((b.id * 7919 + seed) % 13));
      expect(summarize(shuffled)).toEqual(summarize(reviews));
    }), { numRuns: 100 });
  });
});
