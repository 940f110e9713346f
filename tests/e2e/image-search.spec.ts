import { expect, test, type Page } from '@playwright/test';

// Reverse image search from the chat's attach button: a photo of a catalogue product (cropped in the browser with
// a canvas, so it is not byte-identical to the stored image) finds that product, and choosing it sets the context.

type ApiProduct = { id: number; name: string; image: string | null };

const chat = (page: Page) => page.getByRole('region', { name: 'Chat with AI' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search by Image' });

/** Loads a same-origin image, crops its central 80% and re-encodes it as JPEG, in the page (canvas). */
async function cropInBrowser(page: Page, url: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (src) => {
    const bitmap = await createImageBitmap(await (await fetch(src)).blob());
    const w = Math.round(bitmap.width * 0.8);
    const h = Math.round(bitmap.height * 0.8);
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    canvas.getContext('2d')!.drawImage(bitmap, (bitmap.width - w) / 2, (bitmap.height - h) / 2, w, h, 0, 0, w, h);
    const out = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    const buf = new Uint8Array(await out.arrayBuffer());
    let s = '';
    for (const byte of buf) s += String.fromCharCode(byte);
    return btoa(s);
  }, url);
  return Buffer.from(base64, 'base64');
}

test('attach a product photo in the chat, pick the match, it becomes the context', async ({ page, request }) => {
  test.setTimeout(300_000);
  const products = (await (await request.get('/api/products?limit=20')).json()) as ApiProduct[];
  const target = products.filter((p) => p.image?.startsWith('/media/catalogue/'))[4];
  expect(target, 'demo catalogue has product images').toBeTruthy();
  expect((await request.get(target!.image!)).ok()).toBe(true);

  await page.goto('/assistant/panel');
  await expect(chat(page)).toBeVisible();
  const photo = await cropInBrowser(page, target!.image!);
  // the start-up backfill describes the demo pictures in the background (slow on a busy machine); a product not yet
  // described is not found yet (docs/decisions/0015), so wait until the API finds this one before the journey
  await expect
    .poll(async () => {
      const res = await request.post('/api/image-search', { data: { image: photo.toString('base64') } });
      return ((await res.json()).products ?? []).some((p: { id: number }) => p.id === target!.id);
    }, { timeout: 240_000, intervals: [2000] })
    .toBe(true);

  await chat(page).locator('input[type=file]').setInputFiles({ name: 'my-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('img', { name: 'Selected image preview' })).toBeVisible();
  await expect(dialog(page).getByText('my-photo.jpg')).toBeVisible();

  await dialog(page).getByRole('button', { name: 'Search Similar Products' }).click();
  const found = dialog(page).getByText(/^Found \d+ similar products:$/);
  await expect(found).toBeVisible({ timeout: 20_000 });
  const count = Number((await found.textContent())!.match(/\d+/)![0]);
  expect(count).toBeGreaterThan(0);

  // the photographed product is among the results; choosing it closes the dialog
  await dialog(page).getByRole('button', { name: `Choose ${target!.name}` }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(chat(page).getByText(`Context: ${target!.name}`)).toBeVisible();
  await expect(chat(page).getByRole('log')).toContainText(`I found ${count} similar product(s) based on your image.`);
});

test('the dialog checks the file before searching', async ({ page, request }) => {
  // a picture that loads: other journeys add products whose image URL does not (the placeholder's test)
  const products = (await (await request.get('/api/products?limit=50')).json()) as ApiProduct[];
  let image = null;
  for (const p of products.filter((x) => x.image)) {
    const res = await request.get(p.image!);
    if (res.ok() && (res.headers()['content-type'] ?? '').startsWith('image/')) {
      image = res;
      break;
    }
  }
  if (!image) throw new Error('no product picture loads');

  await page.goto('/assistant/panel');
  await chat(page).locator('input[type=file]').setInputFiles({ name: 'a.png', mimeType: image.headers()['content-type'] ?? 'image/png', buffer: await image.body() });
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText('JPG, PNG, GIF (max 5MB)')).toBeHidden();

  // remove the preview: the upload area with the hint returns, and searching asks for an image
  await dialog(page).getByRole('button', { name: 'Remove image' }).click();
  await expect(dialog(page).getByText('JPG, PNG, GIF (max 5MB)')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Search Similar Products' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Please select an image first');

  const input = dialog(page).locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(dialog(page).getByRole('alert')).toHaveText('Please select a valid image file');

  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(dialog(page).getByRole('alert')).toHaveText('Image size should be less than 5MB');

  // Escape closes it without changing the chat's context
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(chat(page).getByText(/^Context:/)).toHaveCount(0);
});
