import { describe, expect, it } from 'vitest';
import { firstNotBefore, lowerBound } from './sorted.js';

describe('lowerBound', () => {
  it('finds the first entry not before the value, among repeats', () => {
    expect(lowerBound([1, 3, 3, 3, 7], 3)).toBe(1);
    expect(lowerBound([1, 3, 3, 3, 7], 4)).toBe(4);
  });

  it('is 0 before every entry and the length after them all', () => {
    expect(lowerBound([2, 4], 1)).toBe(0);
    expect(lowerBound([2, 4], 9)).toBe(2);
    expect(lowerBound([], 5)).toBe(0);
  });

  it('orders strings as the sorted vocabulary does', () => {
    const words = ['bolt', 'nail', 'nails', 'screw'];
    expect(lowerBound(words, 'nail')).toBe(1);
    expect(lowerBound(words, 'nailz')).toBe(3);
    expect(lowerBound(words, 'a')).toBe(0);
  });

  it('agrees with a linear count of the smaller entries', () => {
    const sorted = Array.from({ length: 200 }, (_, i) => Math.floor(i / 3));
    for (let v = -1; v <= 70; v++) expect(lowerBound(sorted, v)).toBe(sorted.filter((x) => x < v).length);
  });
});

describe('firstNotBefore', () => {
  it('searches an order given by a predicate (words read from their last letter)', () => {
    const byEnding = ['tub', 'bathtub', 'shelf', 'board', 'baseboard'].sort((a, b) => [...a].reverse().join('').localeCompare([...b].reverse().join('')));
    const at = firstNotBefore(byEnding.length, (i) => [...byEnding[i]!].reverse().join('') < 'draob');
    expect(byEnding.slice(at, at + 2)).toEqual(['board', 'baseboard']);
    expect(firstNotBefore(byEnding.length, () => true)).toBe(byEnding.length);
    expect(firstNotBefore(byEnding.length, () => false)).toBe(0);
  });
});
