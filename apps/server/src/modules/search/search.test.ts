import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

type P = { name: string; brand: string; categories: string[]; tags?: string[]; description?: string; price: number; stock?: number };

const CATALOGUE: P[] = [
  { name: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones', brand: 'Sony', categories: ['audio', 'electronics'], tags: ['bluetooth', 'anc'], description: 'Over-ear headphones with 30 hour battery.', price: 349, stock: 12 },
  { name: 'Bose QuietComfort Earbuds II', brand: 'Bose', categories: ['audio', 'electronics'], tags: ['bluetooth', 'in-ear'], description: 'True wireless earbuds with noise cancelling.', price: 279, stock: 5 },
  { name: 'JBL Tune 510BT Headphones', brand: 'JBL', categories: ['audio'], tags: ['bluetooth'], description: 'Lightweight on-ear wireless headphones.', price: 49, stock: 0 },
  { name: 'Gaming Headset with Microphone', brand: 'HyperX', categories: ['gaming', 'audio'], tags: ['wired', 'usb'], description: 'Surround sound headset for PC and console.', price: 89, stock: 30 },
  { name: 'Apple iPhone 15 Pro', brand: 'Apple', categories: ['smartphones', 'electronics'], tags: ['ios', '5g'], description: 'Titanium smartphone with A17 Pro chip.', price: 999, stock: 8 },
  { name: 'Samsung Galaxy S24 Smartphone', brand: 'Samsung', categories: ['smartphones', 'electronics'], tags: ['android', '5g'], description: 'Android phone with a great camera.', price: 799, stock: 15 },
  { name: 'Google Pixel 8 Mobile Phone', brand: 'Google', categories: ['smartphones'], tags: ['android'], description: 'Pixel phone with AI camera features.', price: 699, stock: 4 },
  { name: 'Dell XPS 13 Laptop', brand: 'Dell', categories: ['laptops', 'electronics'], tags: ['ultrabook', 'windows'], description: 'Thin and light notebook with 16GB RAM.', price: 1199, stock: 6 },
  { name: 'Lenovo ThinkPad Notebook Computer', brand: 'Lenovo', categories: ['laptops'], tags: ['business'], description: 'Durable business notebook with great keyboard.', price: 1099, stock: 3 },
  { name: 'Samsung 55" 4K Smart Television', brand: 'Samsung', categories: ['tv', 'electronics'], tags: ['4k', 'hdr'], description: 'Crystal UHD television with smart apps.', price: 549, stock: 9 },
  { name: 'LG OLED TV 65 inch', brand: 'LG', categories: ['tv', 'electronics'], tags: ['oled'], description: 'Perfect blacks and vivid colours.', price: 1799, stock: 2 },
  { name: 'Nike Pegasus 40 Running Shoes', brand: 'Nike', categories: ['sports', 'fashion'], tags: ['running', 'men'], description: 'Responsive cushioning for daily runs.', price: 129, stock: 20 },
  { name: 'Adidas Ultraboost Trainers', brand: 'Adidas', categories: ['sports', 'fashion'], tags: ['running'], description: 'Energy-returning boost midsole.', price: 179, stock: 11 },
  { name: 'Classic White Sneakers', brand: 'Veja', categories: ['fashion'], tags: ['casual'], description: 'Leather sneakers for everyday wear.', price: 119, stock: 14 },
  { name: 'Yoga Mat Non-Slip 6mm', brand: 'Gaiam', categories: ['sports', 'fitness'], tags: ['yoga', 'exercise'], description: 'Cushioned mat for yoga and pilates.', price: 35, stock: 40 },
  { name: 'Adjustable Dumbbells Set', brand: 'Bowflex', categories: ['sports', 'fitness'], tags: ['weights', 'home gym'], description: 'Pair of dumbbells from 2 to 24 kg.', price: 399, stock: 7 },
  { name: 'Stainless Steel Electric Kettle', brand: 'Philips', categories: ['kitchen', 'home'], tags: ['1.7l'], description: 'Boils water fast with auto shut-off.', price: 45, stock: 25 },
  { name: 'Espresso Machine with Milk Frother', brand: 'DeLonghi', categories: ['kitchen', 'home'], tags: ['coffee'], description: 'Make cafe style coffee at home.', price: 299, stock: 10 },
  { name: 'Dog Chew Toy Pack', brand: 'Kong', categories: ['pets'], tags: ['dog', 'toys'], description: 'Durable rubber toys for puppies and dogs.', price: 19, stock: 50 },
  { name: 'Wireless Charging Pad', brand: 'Anker', categories: ['electronics', 'accessories'], tags: ['qi', 'charger'], description: 'Charges phones and earbuds wirelessly.', price: 25, stock: 60 },
];

let ctx: TestContext;
const ids = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  for (const p of CATALOGUE) {
    const row = await ctx.app.services.catalogue.createProduct({
      name: p.name,
      brand: p.brand,
      categories: p.categories,
      tags: p.tags ?? [],
      description: p.description ?? '',
      priceCents: Math.round(p.price * 100),
      stock: p.stock ?? 10,
      rating: 4.2,
      reviewCount: 20,
    });
    ids.set(p.name, row.id);
  }
});
afterAll(async () => ctx?.close());

const search = async (q: string, qs = '') => {
  const res = await call(ctx.app, { url: `/api/products/search/${encodeURIComponent(q)}${qs}` });
  return res;
};
const names = async (q: string, qs = '') => {
  const res = await search(q, qs);
  expect(res.status).toBe(200);
  return (res.json as { name: string }[]).map((p) => p.name);
};

describe('GET /api/products/search/:query', () => {
  it('answers product DTOs, with the total in X-Total-Count', async () => {
    const res = await search('sony headphones');
    expect(res.status).toBe(200);
    expect(res.json[0]).toMatchObject({ name: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones', brand: 'Sony', price: 349, price_cents: 34900 });
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.json.length);
  });

  it('answers exactly the catalogue\'s product DTOs, also after changes and stock moves', async () => {
    const { catalogue, search: service } = ctx.app.services;
    const id = ids.get('Espresso Machine with Milk Frother')!;
    const same = async () => {
      const res = await search('espresso machine');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const items = res.json as { id: number }[];
      expect(items.length).toBeGreaterThan(0);
      // the whole DTO, field for field, as the catalogue reads it from the database now
      expect(items).toEqual(await catalogue.getProductsByIds(items.map((p) => p.id)));
      expect(await service.productsByIds(items.map((p) => p.id))).toEqual(items);
    };
    await same();
    await catalogue.updateProduct(id, { shortDescription: 'Barista coffee at home', bulletPoints: ['15 bar pump'], compareAtCents: 34900 });
    await same();
    await ctx.database.query('update products set stock = 3 where id = $1', [id]);
    catalogue.announceStock([{ id, stock: 3 }]);
    await same();
    await catalogue.updateProduct(id, { shortDescription: '', bulletPoints: [], compareAtCents: null, stock: 10 });
    await same();
  });

  it('puts name matches first and finds typos', async () => {
    const top = await names('wirelss hedphones');
    expect(top[0]).toBe('Sony WH-1000XM5 Wireless Noise Cancelling Headphones');
    expect(top.slice(0, 3)).toContain('JBL Tune 510BT Headphones');
    expect((await names('samsng galxy'))[0]).toBe('Samsung Galaxy S24 Smartphone');
  });

  it('matches plurals and singulars', async () => {
    expect((await names('running shoe'))[0]).toBe('Nike Pegasus 40 Running Shoes');
    expect(await names('dumbbell')).toContain('Adjustable Dumbbells Set');
    expect(await names('kettles')).toContain('Stainless Steel Electric Kettle');
  });

  it('expands synonyms', async () => {
    const phones = await names('mobile');
    expect(phones.slice(0, 3).sort()).toEqual(['Apple iPhone 15 Pro', 'Google Pixel 8 Mobile Phone', 'Samsung Galaxy S24 Smartphone'].sort());
    const tv = await names('television');
    expect(tv.slice(0, 2).sort()).toEqual(['LG OLED TV 65 inch', 'Samsung 55" 4K Smart Television'].sort());
    const sneakers = await names('sneakers');
    expect(sneakers).toEqual(expect.arrayContaining(['Classic White Sneakers', 'Nike Pegasus 40 Running Shoes', 'Adidas Ultraboost Trainers']));
    expect(await names('laptop')).toContain('Lenovo ThinkPad Notebook Computer');
    expect(await names('earphones')).toContain('Bose QuietComfort Earbuds II');
  });

  it('completes the last word as a prefix while typing', async () => {
    expect((await names('espres'))[0]).toBe('Espresso Machine with Milk Frother');
    expect((await names('sony headph'))[0]).toBe('Sony WH-1000XM5 Wireless Noise Cancelling Headphones');
  });

  it('applies filters from the query string and price words from the text', async () => {
    const audio = await names('headphones', '?category=audio&in_stock=true');
    expect(audio).not.toContain('JBL Tune 510BT Headphones');
    expect(audio.length).toBeGreaterThan(0);
    const samsung = await names('electronics', '?brand=samsung');
    expect(samsung.sort()).toEqual(['Samsung 55" 4K Smart Television', 'Samsung Galaxy S24 Smartphone'].sort());
    const cheap = await search('phone', '?max_price=750');
    expect((cheap.json as { price: number }[]).every((p) => p.price <= 750)).toBe(true);
    expect((cheap.json as { name: string }[]).map((p) => p.name)).toContain('Google Pixel 8 Mobile Phone');
    const under = await search('headphones under 100');
    expect((under.json as { price: number }[]).every((p) => p.price <= 100)).toBe(true);
    expect((under.json as { name: string }[]).map((p) => p.name)).toContain('JBL Tune 510BT Headphones');
    const between = await search('laptop between 1000 and 1150');
    expect((between.json as { name: string }[]).map((p) => p.name)).toEqual(['Lenovo ThinkPad Notebook Computer']);
    const min = await search('tv', '?min_price=1000');
    expect((min.json as { name: string }[]).map((p) => p.name)).toEqual(['LG OLED TV 65 inch']);
  });

  it('pages with limit and offset, bounded', async () => {
    const all = await names('electronics');
    const page = await names('electronics', '?limit=2&offset=1');
    expect(page).toEqual(all.slice(1, 3));
    expect((await search('electronics', '?limit=500')).status).toBe(400);
  });

  it('treats SQL and LIKE characters as plain text, and the table survives', async () => {
    for (const q of ["'; drop table products; --", '%', '_', '%%_%', "' or 1=1 --", 'headphones%', '\\', '"']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.json)).toBe(true);
    }
    expect(await names('headphones%')).toContain('JBL Tune 510BT Headphones');
    expect(await names('%')).toEqual([]);
    const list = await call(ctx.app, { url: '/api/products?limit=200' });
    expect(list.json.length).toBe(CATALOGUE.length);
  });

  it('handles very long queries and rejects blank ones', async () => {
    const long = `${'wireless headphones '.repeat(45)}`.trim();
    expect(long.length).toBeGreaterThan(800);
    const res = await search(long);
    expect(res.status).toBe(200);
    expect(res.json[0].name).toBe('Sony WH-1000XM5 Wireless Noise Cancelling Headphones');
    const blank = await search('   ');
    expect(blank.status).toBe(400);
    expect(blank.json.fields.query).toBe('Search query is required');
  });

  it('follows product changes: new, updated, deactivated and deleted products', async () => {
    const { catalogue } = ctx.app.services;
    const created = await catalogue.createProduct({ name: 'Hydro Flask Water Bottle', brand: 'Hydro Flask', categories: ['outdoor'], priceCents: 4500, stock: 5 });
    expect((await names('water bottle'))[0]).toBe('Hydro Flask Water Bottle');
    await catalogue.updateProduct(created.id, { name: 'Hydro Flask Insulated Tumbler' });
    expect(await names('water bottle')).not.toContain('Hydro Flask Water Bottle');
    expect((await names('tumbler'))[0]).toBe('Hydro Flask Insulated Tumbler');
    await catalogue.updateProduct(created.id, { status: 'inactive' });
    expect(await names('tumbler')).toEqual([]);
    await catalogue.updateProduct(created.id, { status: 'active' });
    expect(await names('tumbler')).toEqual(['Hydro Flask Insulated Tumbler']);
    await catalogue.deleteProduct(created.id);
    expect(await names('tumbler')).toEqual([]);
  });

  it('answers with the current price and stock after a change (no stale cached product)', async () => {
    const first = await search('kettle');
    expect(first.json[0]).toMatchObject({ name: 'Stainless Steel Electric Kettle', price: 45, stock: 25 });
    await ctx.app.services.catalogue.updateProduct(ids.get('Stainless Steel Electric Kettle')!, { priceCents: 3999, stock: 0 });
    const again = await search('kettle');
    expect(again.json[0]).toMatchObject({ name: 'Stainless Steel Electric Kettle', price: 39.99, stock: 0 });
    expect(await names('kettle', '?in_stock=true')).toEqual([]);
    await ctx.app.services.catalogue.updateProduct(ids.get('Stainless Steel Electric Kettle')!, { priceCents: 4500, stock: 25 });
  });

  it('follows stock moves announced by orders', async () => {
    const { catalogue } = ctx.app.services;
    const id = ids.get('Yoga Mat Non-Slip 6mm')!;
    expect((await search('yoga mat', '?in_stock=true')).json[0]).toMatchObject({ id, stock: 40 });
    // what an order does: the stock moves in the database, then the catalogue announces it after the commit
    await ctx.database.query('update products set stock = 0 where id = $1', [id]);
    catalogue.announceStock([{ id, stock: 0 }]);
    expect(await names('yoga mat', '?in_stock=true')).not.toContain('Yoga Mat Non-Slip 6mm');
    expect((await search('yoga mat')).json[0]).toMatchObject({ id, stock: 0, stock_quantity: 0 });
    await ctx.database.query('update products set stock = 40 where id = $1', [id]);
    catalogue.announceStock([{ id, stock: 40 }]);
    expect((await search('yoga mat', '?in_stock=true')).json[0]).toMatchObject({ id, stock: 40 });
  });

  it('rebuilds from the database after writes that bypass the catalogue', async () => {
    await ctx.database.query(`update products set name = 'Kong Puppy Teething Ring' where name = 'Dog Chew Toy Pack'`);
    expect(await names('teething')).toEqual([]);
    await ctx.app.services.search.rebuild();
    expect(await names('teething')).toEqual(['Kong Puppy Teething Ring']);
  });
});

describe('embedded products', () => {
  it('are the whole catalogue, with the embed record merged on the products that have one', async () => {
    const before = await call(ctx.app, { url: '/api/embedded-products/search/headphones' });
    expect(before.json.length).toBeGreaterThan(0);
    expect(before.json.every((p: { embed_code: string | null }) => p.embed_code === null)).toBe(true);
    const sony = ids.get('Sony WH-1000XM5 Wireless Noise Cancelling Headphones')!;
    const settings = { theme: 'dark', width: '100%', height: 'auto', showPrice: true, showImage: true, showDescription: true, showTags: false, showKeywords: false };
    await ctx.database.query(
      `insert into embedded_products (product_id, embed_code, embed_settings) values ($1, $2, $3)`,
      [sony, '<div data-souq-product="1"></div>', JSON.stringify(settings)],
    );
    const found = await call(ctx.app, { url: '/api/embedded-products/search/headphones' });
    expect(found.status).toBe(200);
    // one embed must not hide the rest of the catalogue from the storefront
    expect(found.json.map((p: { id: number }) => p.id)).toEqual(before.json.map((p: { id: number }) => p.id));
    expect(found.json.find((p: { id: number }) => p.id === sony)).toMatchObject({ product_id: sony, embed_code: '<div data-souq-product="1"></div>', embed_settings: { theme: 'dark' } });
    const detailed = await call(ctx.app, { url: '/api/embedded-products/detailed?limit=200' });
    const plain = await call(ctx.app, { url: '/api/products?limit=200' });
    expect(detailed.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(detailed.json.map((p: { id: number }) => p.id)).toEqual(plain.json.map((p: { id: number }) => p.id));
    expect(detailed.json.find((p: { id: number }) => p.id === sony)).toMatchObject({ name: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones', embed_settings: { theme: 'dark', showPrice: true } });
  });
});
