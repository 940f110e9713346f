import { describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { renderPage } from './entry-server';

// The server's render of /ai-assistant's first view (decision 0071), from the answers the page embeds.

const product = (id: number, name: string) => ({ id, name, price: 10 + id, image: `/media/p${id}.webp`, rating: 4.5 });
const shelf = (id: number, title: string, items: { id: number; name: string }[]) => ({
  id,
  slug: `s${id}`,
  title,
  title_ar: '',
  items: items.map((p) => ({ id: p.id, title: p.name, title_ar: '', price: 5, image: `/media/s${p.id}.webp`, rating: 4, review_count: 3, badge: 'New', badge_ar: '' })),
});
const shelves = [shelf(1, 'Smartphones', [product(1, 'Phone One'), product(2, 'Phone Two')]), shelf(2, 'Laptops', [product(3, 'Laptop Three')]), shelf(3, 'Audio', [product(4, 'Buds Four')])];

// the first render loads (and the test runner transforms) the page's lazy modules: seconds on a busy machine
describe('renderPage (server render of the first view)', { timeout: 30_000 }, () => {
  it('renders the header, the search box and the first shelves when products exist', async () => {
    const html = await renderPage('http://localhost/ai-assistant', { '/api/embedded-products/detailed': [product(9, 'Any')], '/api/shelves': shelves });
    expect(html).toContain('AI Product Assistant');
    expect(html).toContain('placeholder="Search products with AI..."');
    expect(html).toContain('Smartphones');
    expect(html).toContain('Phone Two');
    expect(html).toContain('Laptops');
    // the first two shelves come with the first paint; the others follow in the browser (ShelfList)
    expect(html).not.toContain('Audio');
    expect(html).not.toContain(MSG.emptyProducts);
  });

  it('renders the empty state when the loaded products are empty (the products decide, not the shelves)', async () => {
    const html = await renderPage('http://localhost/ai-assistant', { '/api/embedded-products/detailed': [], '/api/products': [], '/api/shelves': shelves });
    expect(html).toContain(MSG.emptyProducts);
    expect(html).not.toContain('Smartphones');
  });

  it('renders each request from its own answers (nothing kept from an earlier render)', async () => {
    await renderPage('http://localhost/ai-assistant', { '/api/embedded-products/detailed': [product(9, 'Any')], '/api/shelves': shelves });
    const html = await renderPage('http://localhost/ai-assistant', { '/api/embedded-products/detailed': [product(9, 'Any')], '/api/shelves': [shelf(5, 'Kitchen', [product(6, 'Kettle Six')])] });
    expect(html).toContain('Kettle Six');
    expect(html).not.toContain('Smartphones');
  });

  it('escapes text from the answers', async () => {
    const html = await renderPage('http://localhost/ai-assistant', { '/api/embedded-products/detailed': [product(9, 'Any')], '/api/shelves': [shelf(1, 'Odd <b>shelf</b>', [product(1, '</script><script>alert(1)</script>')])] });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Odd &lt;b&gt;shelf&lt;/b&gt;');
  });

  it('shows the Arabic names on a page in Arabic (the language the server chose), the English name where a product has none, and English in English', async () => {
    const bilingual = { ...shelf(1, 'Audio', [product(1, 'Wireless Headphones'), product(2, 'Studio Monitor')]), title_ar: 'الصوتيات' };
    bilingual.items[0] = { ...bilingual.items[0]!, title_ar: 'سماعات رأس لاسلكية', badge_ar: 'جديد' };
    const data = { '/api/embedded-products/detailed': [product(9, 'Any')], '/api/shelves': [bilingual] };
    const ar = (await renderPage('http://localhost/ai-assistant?lang=ar', data, 'ar'))!;
    expect(ar).toContain('<bdi lang="ar" dir="auto">سماعات رأس لاسلكية</bdi>');
    expect(ar).not.toContain('>Wireless Headphones<');
    expect(ar).toContain('<bdi lang="en" dir="auto">Studio Monitor</bdi>');
    // the shelf's title and a badge in Arabic, the English badge where the product has no Arabic one
    expect(ar).toContain('<bdi dir="auto">الصوتيات</bdi>');
    expect(ar).toContain('<bdi lang="ar" dir="auto">جديد</bdi>');
    expect(ar).toContain('<bdi lang="en" dir="auto">New</bdi>');
    const en = (await renderPage('http://localhost/ai-assistant', data, 'en'))!;
    expect(en).toContain('<bdi lang="en" dir="auto">Wireless Headphones</bdi>');
    expect(en).toContain('<bdi dir="auto">Audio</bdi>');
    expect(en).not.toMatch(/سماعات|الصوتيات|جديد/);
  });
});
