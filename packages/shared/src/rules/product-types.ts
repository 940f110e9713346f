/**
 * Kinds of product a general marketplace may or may not carry, grouped by the department a shop would shelve them in
 * (decision 0102). The assistant uses it for one thing: when a shopper asks for a kind of product that none of the
 * shop's products is (no product has the word in its name, categories, tags or keywords), it says the shop does not
 * sell it and names the departments it does sell that are nearest, by these department words, instead of showing
 * unrelated products. A general retail taxonomy, not a list of the demo's products or of the bench's questions; a kind
 * the shop does sell is simply found by the search as before.
 */
export type ProductTypeGroup = {
  /** Words a shop's department names or its products' tags use for this group (lower case). */
  departments: readonly string[];
  /** Kinds of product, singular, lower case; a phrase matches as written, a word also with a plural 's' or 'es'. */
  types: readonly string[];
  /**
   * Other makers' product lines (decision 0187): a kind the shop sells said beside one ('Samsung phones') is the
   * maker's kind, still not sold when none of the shop's products is the line.
   */
  maker?: boolean;
};

export const PRODUCT_TYPE_GROUPS: readonly ProductTypeGroup[] = [
  {
    departments: ['kitchen', 'appliances', 'smart home', 'cooking'],
    types: [
      'refrigerator', 'fridge', 'freezer', 'microwave', 'microwave oven', 'oven', 'toaster', 'dishwasher', 'stove', 'cooker',
      'rice cooker', 'slow cooker', 'juicer', 'food processor', 'stand mixer', 'washing machine', 'tumble dryer', 'vacuum cleaner',
      'vacuum', 'hoover', 'air conditioner', 'water heater', 'sewing machine', 'dehumidifier', 'humidifier', 'water dispenser',
    ],
  },
  {
    departments: ['home office', 'furniture', 'office', 'chair', 'desk'],
    types: [
      'sofa', 'couch', 'mattress', 'wardrobe', 'dining table', 'coffee table', 'bookshelf', 'bookcase', 'cabinet', 'dresser',
      'armchair', 'recliner', 'bunk bed', 'filing cabinet', 'curtain', 'rug', 'carpet',
    ],
  },
  {
    departments: ['beauty', 'skincare', 'makeup', 'hair', 'personal care'],
    types: [
      'perfume', 'cologne', 'fragrance', 'deodorant', 'toothbrush', 'electric toothbrush', 'toothpaste', 'shampoo', 'conditioner',
      'razor', 'shaver', 'nail polish', 'mascara', 'hair straightener', 'curling iron', 'body lotion',
    ],
  },
  {
    departments: ['fashion', 'clothing', 'accessories', 'jewellery'],
    types: [
      'necklace', 'bracelet', 'earring', 'jewellery', 'jewelry', 'pendant', 'jeans', 'dress', 'skirt', 'blouse', 'trousers',
      'suit jacket', 'scarf', 'gloves', 'socks', 'boots', 'sandals', 'high heels', 'wallet', 'belt', 'tie', 'swimsuit', 'pyjamas',
      // the region's own garments (decision 0205)
      'abaya', 'kandura', 'dishdasha', 'thobe', 'shayla', 'ghutra',
    ],
  },
  {
    departments: ['sports', 'outdoor', 'fitness', 'cycling'],
    types: [
      'bicycle', 'bike', 'golf club', 'golf clubs', 'golf ball', 'skateboard', 'scooter', 'treadmill', 'exercise bike', 'kayak',
      'surfboard', 'ski', 'skis', 'snowboard', 'fishing rod', 'helmet', 'basketball', 'baseball bat', 'boxing gloves', 'rowing machine',
      'swimming goggles', 'swim goggles', 'goggles', 'swim cap',
    ],
  },
  {
    departments: ['outdoor', 'garden', 'camping'],
    types: ['lawn mower', 'mower', 'garden hose', 'barbecue', 'bbq', 'grill', 'patio furniture', 'shovel', 'leaf blower', 'pressure washer', 'hammock', 'plant pot'],
  },
  {
    departments: ['home office', 'laptops', 'computers', 'electronics', 'monitor'],
    types: ['printer', 'scanner', 'projector', 'router', 'hard drive', 'usb stick', 'desktop computer', 'desktop pc', 'shredder', 'ink cartridge', 'modem'],
  },
  {
    departments: ['audio', 'home office', 'gaming', 'electronics', 'monitor', 'tv'],
    types: ['television', 'tv', 'smart tv', 'blu-ray player', 'dvd player', 'streaming stick', 'home theater', 'home theatre', 'radio', 'satellite dish'],
  },
  {
    departments: ['smartphones', 'laptops', 'electronics', 'tablets'],
    types: ['tablet', 'ipad', 'e-reader', 'kindle', 'phone case', 'power bank', 'sim card', 'landline phone'],
  },
  {
    departments: ['kids', 'toys', 'baby', 'books'],
    types: ['stroller', 'pram', 'car seat', 'diaper', 'nappy', 'nappies', 'crib', 'cot', 'toy', 'lego', 'doll', 'teddy bear', 'jigsaw puzzle', 'baby monitor', 'high chair'],
  },
  {
    departments: ['automotive', 'car', 'motor'],
    types: ['tyre', 'tire', 'car tyre', 'car tire', 'car battery', 'motor oil', 'dash cam', 'car parts', 'windscreen wiper', 'car wax'],
  },
  {
    departments: ['grocery', 'food', 'kitchen'],
    types: ['groceries', 'rice', 'milk', 'bread', 'snack', 'chocolate', 'vegetable', 'fruit', 'cereal', 'olive oil', 'flour'],
  },
  {
    departments: ['pets', 'dog', 'cat'],
    types: ['aquarium', 'fish tank', 'fish food', 'bird seed', 'bird cage', 'cat tree', 'cat litter', 'scratching post', 'hamster cage', 'leash'],
  },
  // the product lines of well-known makers, each shelved with its kind: whether the shop sells one is still read from its
  // own products (a shop that lists iPhones finds them)
  { departments: ['laptops', 'computers', 'electronics'], types: ['macbook', 'imac', 'mac mini'], maker: true },
  { departments: ['smartphones', 'electronics'], types: ['iphone', 'samsung galaxy', 'galaxy phone', 'samsung phone', 'samsung'], maker: true },
  { departments: ['gaming', 'electronics'], types: ['playstation', 'ps5', 'ps4', 'xbox', 'nintendo switch', 'nintendo'], maker: true },
  {
    departments: ['musical instruments', 'music', 'audio'],
    types: ['saxophone', 'trumpet', 'flute', 'cello', 'harp', 'clarinet', 'trombone', 'harmonica', 'dj controller', 'accordion'],
  },
  {
    departments: ['cameras', 'photography'],
    types: ['tripod', 'binoculars', 'telescope', 'memory card', 'camera bag', 'ring light'],
  },
  {
    departments: ['books', 'home office', 'stationery'],
    types: ['magazine', 'comic', 'stationery', 'pen', 'pencil', 'diary', 'planner', 'calendar'],
  },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each type as a pattern (longest first, so 'microwave oven' wins over 'oven'), with its group. */
const PATTERNS = PRODUCT_TYPE_GROUPS.flatMap((group) => group.types.map((type) => ({ type, group })))
  .sort((a, b) => b.type.length - a.type.length)
  .map(({ type, group }) => ({ type, group, re: new RegExp(`\\b${escape(type)}(?:s|es)?\\b`, 'i') }));

/** The kinds of product a message asks about, longest first (a kind inside a longer one counts once). */
export function productTypesIn(text: string): { type: string; said: string; group: ProductTypeGroup }[] {
  let rest = text.toLowerCase();
  const found: { type: string; said: string; group: ProductTypeGroup }[] = [];
  for (const p of PATTERNS) {
    const m = p.re.exec(rest);
    if (!m) continue;
    found.push({ type: p.type, said: m[0], group: p.group });
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  return found;
}
