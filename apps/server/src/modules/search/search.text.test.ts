import { describe, expect, it } from 'vitest';
import { fvPlural, normalize, numberForms, singular, spellingVariants, splitMeasure, splitSize, stem, tokenize } from './search.text.js';

describe('tokenize: numbers, units and sizes', () => {
  it('fuses a number with its unit, however the unit is written', () => {
    for (const text of ['10 ft.', '10ft', "10'", '10-Foot', '10 feet']) expect(tokenize(text)).toEqual(['10ft']);
    for (const text of ['3/4 in.', '3/4"', '0.75 inch', '3/4 inches', '.75 in']) expect(tokenize(text).at(-1)).toBe('0.75in');
    expect(tokenize('25 lbs')).toEqual(['25lb']);
    expect(tokenize('25-lb. bag')).toEqual(['25lb', 'bag']);
    expect(tokenize('DEWALT 18-Volt 7.2volt 60W 15-Amp')).toEqual(['dewalt', '18v', '7.2v', '60w', '15a']);
    expect(tokenize('24.7 cu. ft. fridge')).toEqual(['24.7cuft', 'fridge']);
    expect(tokenize('5,000 BTU')).toEqual(['5000btu']);
  });

  it('reads mixed numbers and fractions as one value', () => {
    expect(tokenize('1-1/2 in. pipe')).toEqual(['1.5in', 'pipe']);
    expect(tokenize('1 1/2 inch pipe')).toEqual(['1.5in', 'pipe']);
    expect(tokenize('1.50 in pipe')).toEqual(['1.5in', 'pipe']);
    // not a fraction of halves, quarters … or tenths: kept as written
    expect(tokenize('4500/4500-Watt')).toEqual(['4500/4500w']);
  });

  it('joins the numbers of a size, with or without units', () => {
    for (const text of ['2x4', '2 x 4', '2*4', '2 in. x 4 in.', "2'x4'", '2 ft x4 ft']) expect(tokenize(text)).toEqual(['2x4']);
    expect(tokenize('12x24x1 air filter')).toEqual(['12x24x1', 'air', 'filter']);
    expect(tokenize('3/4 in. x 4 ft. x 8 ft. MDF')).toEqual(['0.75x4x8', 'mdf']);
  });

  it('adds the parts of sizes and measures for the index', () => {
    expect(tokenize('2 in. x 4 in. x 96 in. Stud', { index: true })).toEqual(
      ['2x4x96', '2x4', '4x96', '2in', '4in', '96in', '2', '4', '96', 'stud']);
    expect(tokenize('10 ft. ladder', { index: true })).toEqual(['10ft', '10', 'ladder']);
  });

  it('reads number words two … twelve as numbers, so they meet the digits (0075)', () => {
    expect(tokenize('Two-Light Vanity')).toEqual(['2light', 'vanity']);
    expect(tokenize('two light vanity')).toEqual(tokenize('2-Light Vanity'));
    expect(tokenize('three handle faucet')).toEqual(['3', 'handle', 'faucet']);
    expect(tokenize('Eleven-Piece set')).toEqual(['11pc', 'set']);
    // only whole words; 'one' stays a stop word ('the red one')
    expect(tokenize('often tenth one')).toEqual(['often', 'tenth', 'one']);
  });

  it('leaves words that merely follow a number alone', () => {
    expect(tokenize('3-Way Toggle Switch')).toEqual(['3', 'way', 'toggle', 'switch']);
    expect(tokenize('2-Cycle engine oil')).toEqual(['2', 'cycle', 'engine', 'oil']);
    // a one-letter unit only counts written against the number
    expect(tokenize('pack of 2 a day')).toEqual(['pack', 'of', '2', 'a', 'day']);
    expect(tokenize('RIDGID X4 kit')).toEqual(['ridgid', 'x4', 'kit']);
    expect(tokenize('iPhone 15 Pro 256GB')).toEqual(['iphone', '15', 'pro', '256gb']);
  });

  it('splits sizes and measures back into their parts', () => {
    expect(splitSize('12x24x1')).toEqual(['12', '24', '1']);
    expect(splitSize('x4')).toBeNull();
    expect(splitSize('4k')).toBeNull();
    expect(splitMeasure('10ft')).toEqual({ num: '10', unit: 'ft' });
    expect(splitMeasure('m18')).toBeNull();
  });

  it('normalises text as before for everything else', () => {
    expect(normalize('Café  Crème, 5,000 (new)!')).toBe('cafe creme 5000 new');
    expect(normalize('v1.2 and/or 3/4')).toBe('v1.2 and or 3/4');
  });
});

describe('stem: plural endings only (0072)', () => {
  it('makes plurals singular', () => {
    expect(['logs', 'batteries', 'boxes', 'benches', 'glasses', 'tiles', 'shoes', 'hinges'].map(singular))
      .toEqual(['log', 'battery', 'box', 'bench', 'glass', 'tile', 'shoe', 'hinge']);
    expect(['glass', 'bus', 'log'].map(singular)).toEqual(['glass', 'bus', 'log']);
  });

  it('keeps other endings apart (Porter made lighting and light one term)', () => {
    expect(['lighting', 'light', 'painting', 'paint', 'fitting'].map(stem)).toEqual(['lighting', 'light', 'painting', 'paint', 'fitting']);
    expect(stem('lights')).toBe(stem('light'));
    // short words and tokens with digits stay as they are
    expect(['ss', '10ft', 'x4s'].map(stem)).toEqual(['ss', '10ft', 'x4s']);
  });

  it('gives a word its other number', () => {
    expect(numberForms('log')).toContain('logs');
    expect(numberForms('logs')).toContain('log');
    expect(numberForms('batteries')).toContain('battery');
    expect(numberForms('battery')).toContain('batteries');
    expect(numberForms('box')).toContain('boxes');
  });
});

describe('spellingVariants (0078)', () => {
  it('gives a word its British or American spelling', () => {
    expect(spellingVariants('moulding')).toContain('molding');
    expect(spellingVariants('molding')).toContain('moulding');
    expect(spellingVariants('colour')).toContain('color');
    expect(spellingVariants('colors')).toContain('colours');
    expect(spellingVariants('mitre')).toContain('miter');
    expect(spellingVariants('louvers')).toContain('louvres');
    expect(spellingVariants('galvanised')).toContain('galvanized');
    expect(spellingVariants('grey')).toContain('gray');
    expect(spellingVariants('aluminum')).toContain('aluminium');
    expect(spellingVariants('paneling')).toContain('panelling');
    expect(spellingVariants('bevelled')).toContain('beveled');
  });

  it('leaves the look-alikes that are other words', () => {
    expect(spellingVariants('floor')).not.toContain('flour');
    expect(spellingVariants('filled')).not.toContain('filed');
    expect(spellingVariants('door')).toEqual([]);
  });
});

describe('fvPlural (0078)', () => {
  it('gives the other number of words whose plural turns f into v', () => {
    expect(fvPlural('shelf')).toEqual(['shelves']);
    expect(fvPlural('knife')).toEqual(['knives']);
    expect(fvPlural('shelves')).toEqual(['shelf', 'shelfe']);
    expect(fvPlural('log')).toEqual([]);
    expect(numberForms('shelf')).toContain('shelves');
  });
});
