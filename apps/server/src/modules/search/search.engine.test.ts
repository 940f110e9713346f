import { beforeAll, describe, expect, it } from 'vitest';
import { compareBackwards, otherLengthUnit, pairShare, SearchIndex, stopPairs, surfaceShare, type SearchDoc } from './search.engine.js';

// The engine's text handling on a small hardware-store catalogue (no database: the index is a plain data structure).
const NAMES = [
  'Everbilt 36 in. x 36 in. Galvanized Wire Mesh Panel',
  'Wire Shelf Bracket 12 in. White',
  'Steel Mesh Gutter Guard 3 ft.',
  '2 in. x 4 in. x 8 ft. Premium Kiln-Dried Stud',
  '2 in. x 6 in. x 8 ft. Pressure-Treated Lumber',
  '4 ft. x 8 ft. MDF Panel',
  '4 in. x 8 in. Red Clay Brick',
  '16 in. x 25 in. x 1 in. Pleated Air Filter',
  '12 in. x 24 in. x 1 in. Pleated Air Filter',
  'Werner 10 ft. Fiberglass Step Ladder',
  'Werner 6 ft. Fiberglass Step Ladder',
  'Ladder Tool Tray for 10 ft. Step Ladders',
  'Philips 4 ft. T8 Linear Fluorescent Light Bulb (10-Pack)',
  'Fluorescent Light Fixture 4 ft. 2-Light',
  'Heathered Gray Curtain Panel',
  'Rheem 40 Gal. Electric Water Heater',
  'Rheem 50 Gal. Gas Water Heater',
  'Water Heater Blanket',
  'Hot Water Dispenser',
  'Elongated Toilet Seat in White',
  'Round Toilet Seat in Bone',
  'Chair Rail Moulding Primed MDF',
  'Rail Moulding for Chair Backs',
  'Snow Blower 24 in. Two-Stage Gas',
  'Snow Shovel 18 in.',
  'Leaf Blower Cordless 20-Volt',
  'Garden Hose 50 ft.',
];

const docs: SearchDoc[] = NAMES.map((name, i) => ({
  id: i + 1, name, brand: '', categories: [], tags: [], description: '', priceCents: 1000, stock: 5, rating: null, reviewCount: 0,
}));

let index: SearchIndex;
const top = (q: string, n = 1) => index.search(q, { limit: n, prefix: false }).ids.map((id) => NAMES[id - 1]);

/** A small index of `names` (ids 1…n), loaded before the enclosing block's tests; `find` answers names, best first. */
function catalogueOf(names: string[]) {
  let small: SearchIndex;
  beforeAll(async () => {
    small = new SearchIndex();
    await small.load(names.map((name, i) => ({ ...docs[0]!, id: i + 1, name })));
  });
  return (q: string, prefix = false) => small.search(q, { limit: 10, prefix }).ids.map((id) => names[id - 1]);
}

beforeAll(async () => {
  index = new SearchIndex();
  await index.load(docs);
  // a run of products using one spelling a lot makes it the frequent word that corrections lean towards
  for (let i = 0; i < 12; i++) {
    index.upsert({ ...docs[0]!, id: 100 + i, name: `Heater Element ${i}` });
  }
});

describe('SearchIndex text handling', () => {
  it('finds sizes however they are written', () => {
    expect(top('2x4 stud')).toEqual(['2 in. x 4 in. x 8 ft. Premium Kiln-Dried Stud']);
    expect(top('2 x 6 lumber')).toEqual(['2 in. x 6 in. x 8 ft. Pressure-Treated Lumber']);
    expect(top('4x8 mdf')).toEqual(['4 ft. x 8 ft. MDF Panel']);
    expect(top('12x24x1 filter')).toEqual(['12 in. x 24 in. x 1 in. Pleated Air Filter']);
    expect(top("16'' x 25'' filter")).toEqual(['16 in. x 25 in. x 1 in. Pleated Air Filter']);
  });

  it('matches numbers with units, not just the number', () => {
    expect(top('10ft ladder')).toEqual(['Werner 10 ft. Fiberglass Step Ladder']);
    expect(top('6 foot step ladder')).toEqual(['Werner 6 ft. Fiberglass Step Ladder']);
    expect(top('40 gallon water heater')).toEqual(['Rheem 40 Gal. Electric Water Heater']);
  });

  it('splits and joins compound words', () => {
    expect(top('wiremesh')).toEqual(['Everbilt 36 in. x 36 in. Galvanized Wire Mesh Panel']);
    expect(index.search('snowblower', { limit: 1, prefix: false }).interpreted).toEqual(['snow blower']);
    expect(top('snowblower')).toEqual(['Snow Blower 24 in. Two-Stage Gas']);
  });

  it('corrects unknown words towards the words of the catalogue, before stemming', () => {
    expect(top('florescent bulb')).toEqual(['Philips 4 ft. T8 Linear Fluorescent Light Bulb (10-Pack)']);
    expect(index.search('toliet seat', { limit: 1, prefix: false }).interpreted).toEqual(['toilet', 'seat']);
    expect(top('tiolet seat round')).toEqual(['Round Toilet Seat in Bone']);
    // a rare real word is also read as the much more frequent word one edit away
    expect(top('water heather', 3)).toContain('Rheem 40 Gal. Electric Water Heater');
  });

  it('prefers the query words side by side and in order', () => {
    expect(top('chair rail moulding')).toEqual(['Chair Rail Moulding Primed MDF']);
    expect(top('rail moulding chair')).toEqual(['Rail Moulding for Chair Backs']);
  });
});

describe('SearchIndex word forms and word beginnings (0072)', () => {
  const names = ['Kitchen Sink', 'Stain Brush', 'Stainless Steel Sink 33 in. Double Bowl', 'Outdoor Lighting Kit', 'String Lights 20 ft.', 'Interior Paint 1 gal.'];
  let small: SearchIndex;
  beforeAll(async () => {
    small = new SearchIndex();
    await small.load(names.map((name, i) => ({ ...docs[0]!, id: i + 1, name })));
  });
  const find = (q: string, prefix: boolean) => small.search(q, { limit: 5, prefix }).ids.map((id) => names[id - 1]);

  it('reads plurals as their singular; other endings of the word only as a weaker reading', () => {
    expect(find('string light', false)[0]).toBe('String Lights 20 ft.');
    expect(find('lights', false)).toEqual(['String Lights 20 ft.', 'Outdoor Lighting Kit']);
    expect(find('painting', false)).toEqual(['Interior Paint 1 gal.']);
  });

  it('with prefix matching on, a word before the last also finds the words it begins', () => {
    expect(find('stain sink', true)[0]).toBe('Stainless Steel Sink 33 in. Double Bowl');
    // the typing-time expansion is off for exact look-ups (the assistant)
    expect(find('stain sink', false)[0]).not.toBe('Stainless Steel Sink 33 in. Double Bowl');
  });
});

describe('SearchIndex words as written: stop-word pairs, words written apart, lengths (0075)', () => {
  const names = [
    // without the pair, 'trash can' is 'trash', and the shorter name wins
    'Rubbermaid 32 Gal. Trash Bags',
    'Rubbermaid Commercial 32 Gal. Gray Round Trash Can with Lid',
    'Ceramic Tile Back Splash 12 in.',
    'Ceramic Splash Guard Back Panel 12 in.',
    // without the conversion, '8 ft stud' is 'stud', and the lower id wins
    '2 in. x 4 in. x 10 ft. Stud',
    '2 in. x 4 in. x 96 in. Stud',
    // without number words, 'three handle faucet' is 'handle faucet', and the shorter name wins
    'Moen Handle Faucet Kit',
    'Moen 3-Handle Tub and Shower Faucet in Chrome',
  ];
  let small: SearchIndex;
  beforeAll(async () => {
    small = new SearchIndex();
    await small.load(names.map((name, i) => ({ ...docs[0]!, id: i + 1, name })));
  });
  const first = (q: string) => names[small.search(q, { limit: 1, prefix: false }).ids[0]! - 1];

  it('rewards the query\'s words around a stop word where the name has them side by side', () => {
    expect(stopPairs('trash can')).toEqual([['trash', 'can']]);
    expect(stopPairs('sink and faucet 2')).toEqual([['sink', 'and'], ['and', 'faucet']]);
    // two stop words, or a word with digits, make no pair
    expect(stopPairs('for a 2in pipe')).toEqual([]);
    expect(pairShare(['rubbermaid', '32', 'gal', 'trash', 'can'], [['trash', 'can']])).toBe(1);
    expect(pairShare(['can', 'of', 'trash'], [['trash', 'can']])).toBe(0);
    expect(first('trash can')).toBe('Rubbermaid Commercial 32 Gal. Gray Round Trash Can with Lid');
    expect(first('trash')).toBe('Rubbermaid 32 Gal. Trash Bags');
  });

  it('counts a long word the name writes as two words as read', () => {
    expect(surfaceShare(['tile', 'back', 'splash'], [[['backsplash', 'backsplashs', 'backsplashes']]])).toBe(1);
    expect(surfaceShare(['splash', 'guard', 'back'], [[['backsplash', 'backsplashs', 'backsplashes']]])).toBe(0);
    // short words are not looked for in two pieces
    expect(surfaceShare(['in', 'let'], [[['inlet']]])).toBe(0);
    expect(first('ceramic backsplash')).toBe('Ceramic Tile Back Splash 12 in.');
  });

  it('reads a length in feet as the same length in inches, and back', () => {
    expect(otherLengthUnit({ num: '8', unit: 'ft' })).toBe('96in');
    expect(otherLengthUnit({ num: '96', unit: 'in' })).toBe('8ft');
    expect(otherLengthUnit({ num: '10', unit: 'in' })).toBeNull();
    expect(otherLengthUnit({ num: '2.5', unit: 'ft' })).toBeNull();
    expect(first('8 ft stud')).toBe('2 in. x 4 in. x 96 in. Stud');
    expect(first('120 in. stud')).toBe('2 in. x 4 in. x 10 ft. Stud');
  });

  it('finds digits for number words', () => {
    expect(first('three handle faucet')).toBe('Moen 3-Handle Tub and Shower Faucet in Chrome');
    expect(first('handle faucet')).toBe('Moen Handle Faucet Kit');
  });
});

describe('removed products', () => {
  const doc = (id: number, name: string, priceCents: number): SearchDoc => ({
    id, name, brand: '', categories: [], tags: [], description: '', priceCents, stock: 3, rating: null, reviewCount: 0,
  });

  it('are found no more, with or without a price filter, while a free product still is', async () => {
    const idx = new SearchIndex();
    await idx.load([doc(1, 'Brass Door Hinge', 0), doc(2, 'Steel Door Hinge', 500), doc(3, 'Black Door Hinge', 900)]);
    idx.remove(2);
    const ids = (q: string, opts: { minCents?: number; maxCents?: number } = {}) =>
      idx.search(q, { limit: 10, ...opts }).ids.sort((a, b) => a - b);
    expect(ids('door hinge')).toEqual([1, 3]);
    expect(ids('door hinge', { maxCents: 1000 })).toEqual([1, 3]);
    expect(ids('door hinge', { minCents: -1000 })).toEqual([1, 3]);
    expect(ids('steel hinge', { maxCents: 600 })).toEqual([1]);
    expect(ids('door hinge under 5')).toEqual([1]);
  });
});

describe('SearchIndex compounds ending with the query word (0078)', () => {
  const names = ['Garden Bench', 'Husky 52 in. Mobile Workbench', 'Work Gloves', 'Work Light', 'Kitchen Cabinet', 'Fishing Net', 'Net Bag'];
  const find = catalogueOf(names);

  it('orders words by their endings', () => {
    expect(['workbench', 'bench', 'cabinet', 'net'].sort(compareBackwards)).toEqual(['bench', 'workbench', 'net', 'cabinet']);
    expect(compareBackwards('bench', 'workbench')).toBeLessThan(0);
  });

  it('with prefix matching on, finds a compound that ends with the word after a known word, below the word itself', () => {
    expect(find('bench', true)).toEqual(['Garden Bench', 'Husky 52 in. Mobile Workbench']);
    // exact look-ups (the assistant) stay exact
    expect(find('bench', false)).toEqual(['Garden Bench']);
  });

  it('does not read the end of a word that is no compound', () => {
    // 'cabi' is not a word of the catalogue
    expect(find('net', true)).not.toContain('Kitchen Cabinet');
  });
});

describe('SearchIndex British and American spellings (0078)', () => {
  // 'molding' and 'gray' are words of this catalogue too, so no typo correction reaches the other spelling
  const names = ['Oak Crown Board 8 ft.', 'Oak Crown Moulding 8 ft.', 'Molding Clay Kit', 'Blue Paint 1 gal.', 'Grey Paint 1 gal.', 'Gray Cloth'];
  const find = catalogueOf(names);

  it('finds the catalogue\'s spelling of a word spelt the other way', () => {
    expect(find('oak crown molding')[0]).toBe('Oak Crown Moulding 8 ft.');
    expect(find('gray paint')[0]).toBe('Grey Paint 1 gal.');
  });
});

describe('SearchIndex plurals in -ves (0078)', () => {
  const names = ['Wall Shelf Bracket', 'Wire Shelves Kit', 'Kitchen Knives Set', 'Kitchen Scissors'];
  const find = catalogueOf(names);

  it('reads shelf and shelves, knife and knives as one word', () => {
    expect(find('wire shelf')[0]).toBe('Wire Shelves Kit');
    expect(find('shelves')).toContain('Wall Shelf Bracket');
    expect(find('kitchen knife')[0]).toBe('Kitchen Knives Set');
  });
});

describe('posting lists after a bulk load (0189)', () => {
  it('share one store, and upserts and removals afterwards still find every product by its name', async () => {
    const idx = new SearchIndex();
    await idx.load(docs);
    const { postings } = (idx as unknown as { index: { postings: Map<string, { slots: Int32Array; tf: Float32Array; n: number }> } }).index;
    expect(new Set([...postings.values()].flatMap((p) => [p.slots.buffer, p.tf.buffer])).size).toBe(2);
    const first = (q: string) => idx.search(q, { limit: 3, prefix: false }).ids[0];
    NAMES.forEach((name, i) => expect(first(name), name).toBe(i + 1));
    // lists that grow past their view (words every name has, and new ones), and one product gone
    for (let i = 0; i < 6; i++) idx.upsert({ ...docs[0]!, id: 200 + i, name: `Galvanized Steel Wire Ladder Panel ${i}` });
    idx.upsert({ ...docs[0]!, id: 9, name: 'Pleated Air Filter 20 in. x 20 in. x 1 in.' });
    idx.remove(3);
    NAMES.forEach((name, i) => {
      if (i + 1 === 3 || i + 1 === 9) return;
      expect(first(name), name).toBe(i + 1);
    });
    expect(idx.search('steel mesh gutter guard', { limit: 10, prefix: false }).ids).not.toContain(3);
    expect(first('Pleated Air Filter 20 in. x 20 in.')).toBe(9);
    expect(idx.search('galvanized steel wire ladder panel', { limit: 10, prefix: false }).ids.filter((id) => id >= 200).sort()).toEqual([200, 201, 202, 203, 204, 205]);
  });
});
