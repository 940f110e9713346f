import { expect, type Browser, type Page } from '@playwright/test';
import { MSG } from '../../../packages/shared/src/messages.js';
import { adminPage, ADMIN_CODE } from './sessions.js';

// The vendor onboarding wizard's steps and the admin's verification in the Vendors section, shared by the
// onboarding journey (which also checks the gating between steps) and the vendor's business journey.

export { ADMIN_CODE };

// Small valid files: the server reads their type from these first bytes.
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
export const wizardStep = (page: Page, n: number, title: string) =>
  expect(page.getByRole('heading', { name: `Step ${n} of 6 · ${title}` })).toBeVisible();

/** Step 2: the city and emirate the map point needs. */
export async function fillLocation(page: Page) {
  await page.getByLabel('City').fill('Dubai');
  await page.getByLabel('State / Emirate').selectOption('Dubai');
}

/** Step 3: the business details. */
export async function fillBusiness(page: Page, industry = 'Electronics') {
  await page.getByLabel('Business type').selectOption('LLC');
  await page.getByLabel('Industry').selectOption(industry);
  await page.getByLabel('Establishment date').fill('2021-03-04');
}

/** Step 4: the three documents, as real uploads. */
export async function attachDocuments(page: Page) {
  await page.locator('input[name="trade_license"]').setInputFiles({ name: 'trade-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.locator('input[name="emirates_id_front"]').setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('input[name="emirates_id_back"]').setInputFiles({ name: 'id-back.jpg', mimeType: 'image/jpeg', buffer: JPG });
}

/** The six steps without detours, from step 1 to Pending Review (the vendor is on /vendor/onboarding). */
export async function completeOnboarding(page: Page, industry?: string) {
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await wizardStep(page, 1, 'Basic Information');
  await next();
  await wizardStep(page, 2, 'Location Details');
  await fillLocation(page);
  await next();
  await wizardStep(page, 3, 'Business Details');
  await fillBusiness(page, industry);
  await next();
  await wizardStep(page, 4, 'Document Upload');
  await attachDocuments(page);
  await next();
  await wizardStep(page, 5, 'Review & Submit');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(toast(page, MSG.onboardingSuccess)).toBeVisible();
  await wizardStep(page, 6, 'Verification');
  await expect(page.getByText('Pending Review', { exact: true })).toBeVisible();
}

/** An admin, in a browser of their own, verifies the vendor found by `search` in the Vendors section. */
export async function verifyInVendorsSection(browser: Browser, company: string, search: string) {
  const { admin, close } = await adminPage(browser);
  await admin.goto('/admin/vendors');
  await expect(admin.getByRole('heading', { name: 'Vendor Management', exact: true })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search vendors' }).fill(search);
  const row = admin.getByRole('table', { name: 'Vendors' }).getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending Review');
  await row.getByRole('button', { name: `Review ${company}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Review ${company}` });
  await expect(dialog).toContainText('trade-licence.pdf');
  await dialog.getByLabel('Verification notes').fill('Trade licence and Emirates ID checked.');
  await dialog.getByRole('button', { name: 'Verify vendor' }).click();
  await expect(toast(admin, MSG.vendorVerified)).toBeVisible();
  await expect(row).toContainText('Verified');
  return { admin, row, close };
}
