import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The vendor's products (vendor §2/§5), the embed on a page of another origin, the product manager (admin §2) and the
// optimiser's one-click apply (vendor §9), against the real server with the demo data (see playwright.config.ts).
// The dashboard keeps its tab in the URL (/vendor?tab=products).

const ADMIN_CODE = 'e2e-admin-code'; // ADMIN_ACCESS_CODE of playwright.config.ts
const DEMO_VENDOR = { email: 'vendor@souq.test', password: 'souq-demo-1', company: 'Gulf Gadgets Trading LLC' };
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** An 8×8 PNG (the server re-encodes it to WebP). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4k8aAFWEXHbQSABeKTIHy8YDnAAAAAElFTkSuQmCC', 'base64');

async function vendorToken(request: APIRequestContext) {
  const res = await request.post('/api/vendor/login', { data: { email: DEMO_VENDOR.email, password: DEMO_VENDOR.password } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { token: string; vendor: { id: number } };
}

/** Signs the demo vendor in (the vendor door's local storage keys) and opens a page of the area. */
async function asVendor(page: Page, path: string) {
  const session = await vendorToken(page.request);
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('vendor_token', s.token);
    localStorage.setItem('vendor', JSON.stringify(s.vendor));
  }, session);
  await page.goto(path);
  return session;
}

async function asAdmin(page: Page, path: string) {
  const res = await page.request.post('/api/admin/access', { data: { code: ADMIN_CODE } });
  const { token } = (await res.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('admin_token', t);
    localStorage.setItem('admin_access_granted', 'true');
  }, token);
  await page.goto(path);
}

/** A field by its label, exactly (a required field's label ends with an asterisk that is not part of its name). */
const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}\\*?$`);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('Products tab: create with a photo → list → edit name and price → storefront search finds it → delete after confirmation', async ({ page, context }) => {
  await asVendor(page, '/vendor?tab=products');
  const name = `Saffron Clay Teapot ${suffix()}`;
  const renamed = `Zafaran Glazed Teapot ${suffix()}`;

  await page.getByRole('button', { name: 'Add New Product' }).click();
  // the spec's alert for the four required fields, as a toast
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Please fill in required fields: Product Title, Brand, Category, SKU')).toBeVisible();

  await page.getByLabel(label('Product Title')).fill(name);
  await page.getByLabel(label('Brand')).fill('Oasis Clay');
  await page.getByLabel(label('Category')).selectOption('home');
  await page.getByLabel(label('SKU')).fill(`OC-${suffix()}`);
  await page.getByLabel(label('Description')).fill('A glazed clay teapot, thrown by hand in Ras Al Khaimah.');
  await page.getByLabel(label('Bullet points')).fill('Holds 900 ml\nDishwasher safe');
  await page.getByLabel(label('Base price')).fill('120.50');
  await page.getByLabel(label('Inventory')).fill('7');
  await page.getByLabel(label('Tags')).fill('tea, gift');
  await page.getByLabel('Upload product photos').setInputFiles({ name: 'teapot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('list', { name: 'Photos to upload' }).getByRole('img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product created successfully!')).toBeVisible();

  // the list comes from the server, newest first, with the uploaded (re-encoded) photo
  const table = page.getByRole('table', { name: 'Your products' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('AED 120.50');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/uploads\/.+\.webp$/);

  // view shows every field
  await row.getByRole('button', { name: `View ${name}` }).click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByText('Dishwasher safe')).toBeVisible();
  await expect(view.getByText('tea, gift')).toBeVisible();
  await page.keyboard.press('Escape');

  // edit: every field, the price included
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const sheet = page.getByRole('dialog', { name: `Edit ${name}` });
  await sheet.getByLabel(label('Product Title')).fill(renamed);
  await sheet.getByLabel(label('Base price')).fill('99.90');
  await sheet.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: renamed })).toContainText('AED 99.90');

  // the storefront's search finds the new name with the new price
  const shop = await context.newPage();
  await shop.goto('/ai-assistant');
  await shop.getByPlaceholder('Search products with AI...').fill(renamed);
  await shop.getByRole('button', { name: 'Search', exact: true }).click();
  const found = shop.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: renamed });
  await expect(found).toBeVisible();
  await expect(found).toContainText('99.90');
  await shop.close();

  // delete asks first; a product without orders is erased
  await table.getByRole('row').filter({ hasText: renamed }).getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm).toContainText('Are you sure you want to delete this product? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Product deleted successfully!')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
});

/** Serves one plain HTML page from another local port: another origin than the shop. */
async function partnerSite(html: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('Embedding tool: create and embed → the copied code shows the card on another origin (auto theme, tags), a price edit shows on the next load, the link leads back to the product', async ({ page, context }) => {
  const session = await asVendor(page, '/vendor?tab=embedding');
  const name = `Palm Leaf Basket ${suffix()}`;

  await page.getByLabel(label('Name')).fill(name);
  await page.getByRole('tab', { name: 'Embed Settings' }).click();
  await page.getByRole('radio', { name: /Auto/ }).check();
  await page.getByRole('switch', { name: 'Show tags' }).click();
  await page.getByRole('tab', { name: 'Create Product' }).click();
  await expect(page.getByLabel(label('Name'))).toHaveValue(name);
  await page.getByRole('button', { name: 'Create Product & Embed' }).click();
  await expect(toast(page, 'Product created and embed saved!')).toBeVisible();
  // the form goes back to the sample product
  await expect(page.getByLabel(label('Name'))).toHaveValue('Handwoven Palm Leaf Basket');
  await expect(page.getByRole('button', { name: 'Manage All Products' })).toBeVisible();

  await page.getByRole('button', { name: 'Preview & copy the code' }).click();
  await expect(page.getByLabel('Product to embed')).toHaveValue(/\d+/);
  const productId = Number(await page.getByLabel('Product to embed').inputValue());
  const code = await page.getByLabel('Embed code').inputValue();
  expect(code).toContain(`/embed/products/${productId}?theme=auto`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(toast(page, 'Embed code copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  const partner = await partnerSite(() => `<!doctype html><html><head><title>Partner shop</title></head><body><h1>Partner shop</h1>${code}</body></html>`);
  try {
    const other = await context.newPage();
    await other.emulateMedia({ colorScheme: 'dark' });
    await other.goto(partner.url);
    const card = other.frameLocator(`iframe[data-souq-embed="${productId}"]`);
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByText('AED 89.00')).toBeVisible();
    await expect(card.getByText('A sturdy basket woven by hand')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Tags' })).toContainText('handmade');
    await expect(card.getByText(/^Keywords:/)).toHaveCount(0);
    // auto theme follows the visitor's colour scheme; the frame takes the card's own height
    const background = () => card.locator('article').evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background).toBe('rgb(15, 23, 42)');
    await expect.poll(async () => (await other.locator('iframe').boundingBox())!.height).not.toBe(420);
    await other.emulateMedia({ colorScheme: 'light' });
    await expect.poll(background).toBe('rgb(255, 255, 255)');

    // a price edit shows on the next load
    const edit = await page.request.put(`/api/products/${productId}`, { data: { price_cents: 7450 }, headers: { authorization: `Bearer ${session.token}` } });
    expect(edit.ok()).toBe(true);
    await other.reload();
    await expect(other.frameLocator('iframe').getByText('AED 74.50')).toBeVisible();

    // the link back opens the product on Souq
    const [shop] = await Promise.all([context.waitForEvent('page'), other.frameLocator('iframe').getByRole('link', { name: 'View on Souq' }).click()]);
    await expect(shop).toHaveURL(new RegExp(`/ai-assistant\\?product=${productId}$`));
    await expect(shop.getByRole('dialog').getByRole('heading', { name })).toBeVisible();
  } finally {
    await partner.close();
  }
});

test('Embedding tool: a .json import that fails the schema says why; a valid one fills the form', async ({ page }) => {
  await asVendor(page, '/vendor?tab=embedding');
  const importFile = (name: string, content: unknown) =>
    page.getByLabel('Import product from a .json file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });
  await importFile('product.json', { id: 'x', name: 'No Brand Lamp', price: 10 });
  await expect(toast(page, /^Failed to import product: Product validation failed: description is required, brand is required/)).toBeVisible();
  await importFile('lamp.json', {
    id: 'lamp-1', name: 'Imported Brass Lamp', description: 'Warm light.', price: 45, brand: 'Lumo', category_name: 'home', sku: 'LUMO-1',
    inventory_quantity: 4, created_at: '2026-01-01', updated_at: '2026-01-01',
  });
  await expect(toast(page, 'Product imported successfully!')).toBeVisible();
  await expect(page.getByLabel(label('Name'))).toHaveValue('Imported Brass Lamp');
  await expect(page.getByLabel(label('Currency'))).toHaveValue('AED');
});

test('Product manager: an admin creates with embedding for a chosen vendor, copies the embed, edits, searches by tag and deletes', async ({ page, context }) => {
  await asAdmin(page, '/product-manager');
  const name = `Brass Lantern ${suffix()}`;
  const tag = `lantern${suffix()}`;

  await page.getByRole('button', { name: 'Create Product' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create New Product with Embedding' });
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product name and price are required')).toBeVisible();
  await create.getByLabel(label('Name')).fill(name);
  await create.getByLabel(label('Price (AED)')).fill('0');
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Price must be a positive number')).toBeVisible();
  await create.getByLabel(label('Price (AED)')).fill('149');
  await create.getByLabel('Find vendor').fill('Gulf');
  const vendorOption = create.getByLabel(label('Vendor')).locator('option', { hasText: DEMO_VENDOR.company });
  await expect(vendorOption).toHaveCount(1);
  await create.getByLabel(label('Vendor')).selectOption((await vendorOption.getAttribute('value'))!);
  await create.getByLabel(label('Tags')).fill(`${tag}, brass, lighting, outdoor`);
  await create.getByLabel('SEO title').fill('Brass Lantern for gardens');
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product created and embedded successfully! Ready for external use.')).toBeVisible();

  const card = page.getByRole('list', { name: 'Products' }).locator(':scope > li').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Embedded')).toBeVisible();
  await expect(card.getByText(DEMO_VENDOR.company)).toBeVisible();
  await expect(card.getByText('+1')).toBeVisible();

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: `Copy the embed code of ${name}` }).click();
  await expect(toast(page, 'Embed code copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<iframe src=');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel(label('Price (AED)')).fill('129.5');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();
  await expect(card).toContainText('AED 129.50');

  await page.getByLabel('Search products').fill(tag);
  await expect(page.getByRole('list', { name: 'Products' }).locator(':scope > li')).toHaveCount(1);

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm).toContainText(`Are you sure you want to delete ${name}? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Product deleted successfully!')).toBeVisible();
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
});

test('Product manager needs an admin session', async ({ page }) => {
  await asVendor(page, '/product-manager');
  await expect(page.getByText('Admin access required')).toBeVisible();
});

test('AI optimisation: a run lands in the history; a proposed title is applied to the product in one click', async ({ page }) => {
  const session = await asVendor(page, '/');
  const short = `Mug ${suffix()}`;
  const created = await page.request.post('/api/products', {
    data: { name: short, description: 'A mug.', price_cents: 3500, categories: ['home'], brand: 'Clayworks', tags: ['coffee'], stock_quantity: 5 },
    headers: { authorization: `Bearer ${session.token}` },
  });
  const { product } = (await created.json()) as { product: { id: number } };

  await page.goto('/ai-optimization');
  await page.getByRole('button', { name: 'Run Optimization' }).click();
  await expect(toast(page, /^Optimisation complete: \d+ products?, average score \d+$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Run history' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByText(/^Analysed \d+ products?: average score \d+, \d+ below 80$/).first()).toBeVisible();

  await page.getByRole('tab', { name: 'SEO Content' }).click();
  await page.getByLabel('Search products').fill(short);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: short }) });
  await expect(item.getByText(/Title is \d+ characters: aim for 30 to 60/)).toBeVisible();
  const proposed = item.getByRole('group', { name: 'Optimised title' });
  const proposal = (await proposed.locator('[data-proposal]').textContent())!;
  expect(proposal.startsWith(`Clayworks ${short}`)).toBe(true);
  expect(proposal.length).toBeGreaterThanOrEqual(30);
  await proposed.getByRole('button', { name: 'Apply the optimised title' }).click();
  await expect(toast(page, 'Optimised title applied')).toBeVisible();
  const after = await page.request.get(`/api/vendor/products/${product.id}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(((await after.json()) as { name: string }).name).toBe(proposal);

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText(`Applied the optimised title to “${proposal}”`)).toBeVisible();
});
