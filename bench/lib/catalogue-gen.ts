import { seededRandom, type BulkProduct } from './bulk-insert.js';

// A deterministic synthetic catalogue for the performance benchmarks: 16 departments, 20 brands, realistic names.

// A deterministic catalogue: 16 departments of product types, brands, series, features.
const DEPARTMENTS: { category: string; types: string[]; features: string[]; price: [number, number] }[] = [
  { category: 'smartphones', types: ['Smartphone', 'Phone', 'Mobile Phone', 'Phone Case', 'Screen Protector'], features: ['5G', 'OLED display', '128GB storage', 'fast charging', 'triple camera'], price: [15, 1500] },
  { category: 'laptops', types: ['Laptop', 'Notebook', 'Gaming Laptop', 'Ultrabook', 'Laptop Sleeve'], features: ['16GB RAM', '512GB SSD', 'backlit keyboard', '14 inch screen', 'long battery life'], price: [30, 2500] },
  { category: 'audio', types: ['Headphones', 'Earbuds', 'Bluetooth Speaker', 'Soundbar', 'Headset'], features: ['noise cancelling', 'wireless', '30 hour battery', 'deep bass', 'waterproof'], price: [15, 600] },
  { category: 'tv', types: ['Smart TV', 'Television', 'Projector', 'TV Mount', 'Streaming Stick'], features: ['4K', 'HDR', 'OLED', '55 inch', 'voice remote'], price: [25, 3000] },
  { category: 'smart home', types: ['Smart Plug', 'Smart Bulb', 'Video Doorbell', 'Security Camera', 'Robot Vacuum'], features: ['Wi-Fi', 'app control', 'voice assistant', 'motion detection', 'night vision'], price: [10, 900] },
  { category: 'wearables', types: ['Smartwatch', 'Fitness Tracker', 'Running Watch', 'Smart Ring', 'Watch Strap'], features: ['heart rate', 'GPS', 'sleep tracking', 'AMOLED', '7 day battery'], price: [10, 900] },
  { category: 'gaming', types: ['Game Console', 'Controller', 'Gaming Mouse', 'Mechanical Keyboard', 'Gaming Chair'], features: ['RGB', 'wireless', 'low latency', 'ergonomic', 'programmable buttons'], price: [20, 800] },
  { category: 'kitchen', types: ['Coffee Machine', 'Air Fryer', 'Blender', 'Kettle', 'Frying Pan'], features: ['stainless steel', 'non-stick', '1.7L', 'auto shut-off', 'dishwasher safe'], price: [10, 900] },
  { category: 'outdoor', types: ['Tent', 'Sleeping Bag', 'Hiking Backpack', 'Water Bottle', 'Camping Stove'], features: ['waterproof', 'lightweight', 'insulated', '4 person', 'compact'], price: [10, 700] },
  { category: 'beauty', types: ['Moisturizer', 'Perfume', 'Hair Dryer', 'Shampoo', 'Electric Toothbrush'], features: ['for dry skin', 'fragrance free', 'ionic', 'organic', 'travel size'], price: [5, 400] },
  { category: 'pets', types: ['Dog Food', 'Cat Food', 'Dog Bed', 'Cat Tree', 'Dog Leash'], features: ['grain free', 'orthopedic', 'washable', 'durable', 'for puppies'], price: [5, 300] },
  { category: 'home office', types: ['Office Chair', 'Standing Desk', 'Monitor', 'Desk Lamp', 'Webcam'], features: ['ergonomic', 'height adjustable', '27 inch', 'USB-C', '1080p'], price: [20, 1500] },
  { category: 'musical instruments', types: ['Acoustic Guitar', 'Electric Guitar', 'Digital Piano', 'Ukulele', 'Drum Kit'], features: ['beginner', 'full size', '88 keys', 'with case', 'solid top'], price: [30, 2000] },
  { category: 'books', types: ['Novel', 'Cookbook', 'Children Book', 'Biography', 'Self-Help Book'], features: ['paperback', 'hardcover', 'bestseller', 'illustrated', 'large print'], price: [5, 60] },
  { category: 'sports', types: ['Running Shoes', 'Sneakers', 'Yoga Mat', 'Dumbbells', 'Football'], features: ['lightweight', 'cushioned', 'non-slip', 'adjustable', 'breathable'], price: [10, 400] },
  { category: 'fashion', types: ['Jacket', 'Jeans', 'Hoodie', 'T-Shirt', 'Sunglasses'], features: ['cotton', 'slim fit', 'waterproof', 'polarized', 'unisex'], price: [10, 500] },
];
const BRANDS = ['Sonex', 'Veltra', 'Orbis', 'Kairo', 'Lumen', 'Nexa', 'Tavor', 'Zenith', 'Aurex', 'Brio', 'Corvo', 'Delta', 'Elara', 'Fyra', 'Gala', 'Helix', 'Istra', 'Juno', 'Kova', 'Lyra'];
const SERIES = ['Aurora', 'Pulse', 'Nova', 'Edge', 'Prime', 'Flex', 'Core', 'Max', 'Air', 'Pro', 'Lite', 'Ultra', 'Neo', 'Zen', 'Arc'];
const ADJECTIVES = ['Compact', 'Premium', 'Classic', 'Portable', 'Advanced', 'Essential', 'Deluxe', 'Smart', 'Pro', 'Everyday'];

/** The first n products of the catalogue, in batches (a million rows never sit in memory at once). */
export function* generateBatches(n: number, batch = 5000): Generator<BulkProduct[]> {
  const r = seededRandom(42);
  for (let from = 0; from < n; from += batch) yield generateRange(r, from, Math.min(n, from + batch));
}

export function generate(n: number): BulkProduct[] {
  return [...generateBatches(n)].flat();
}

function generateRange(r: () => number, from: number, to: number): BulkProduct[] {
  const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const rows: BulkProduct[] = [];
  for (let i = from; i < to; i++) {
    const d = DEPARTMENTS[i % DEPARTMENTS.length]!;
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
      tags: [f1, f2].join(','),
      rating: Math.round((3 + r() * 2) * 10) / 10,
      reviews: Math.floor(r() * 2000),
      sku: `GEN-${i}`,
    });
  }
  return rows;
}


export function queries(): string[] {
  const out: string[] = [];
  for (const d of DEPARTMENTS) {
    for (const t of d.types) {
      const lower = t.toLowerCase();
      out.push(lower, `${BRANDS[out.length % BRANDS.length]!.toLowerCase()} ${lower}`, `${lower} under ${Math.round(d.price[1] / 3)}`, `${d.features[0]} ${lower}`);
      // a typo: two letters swapped in the middle
      if (lower.length > 5) out.push(lower.slice(0, 2) + lower[3] + lower[2] + lower.slice(4));
    }
  }
  out.push('wirelss hedphones', 'cheap laptop', 'premium smartwatch', 'sneakers', 'tv', 'headph', 'running shoes between 50 and 150');
  return out;
}


/** Distinct queries (brand × type × budget), so that nearly every request misses the search's result cache. */
export function coldQueries(n: number): string[] {
  const out: string[] = [];
  const types = DEPARTMENTS.flatMap((d) => d.types.map((t) => ({ t: t.toLowerCase(), hi: d.price[1] })));
  for (let i = 0; out.length < n; i++) {
    const { t, hi } = types[i % types.length]!;
    const brand = BRANDS[Math.floor(i / types.length) % BRANDS.length]!.toLowerCase();
    const budget = 20 + ((i * 7919) % Math.max(21, hi));
    out.push(`${brand} ${t} under ${budget}`);
  }
  return out;
}
