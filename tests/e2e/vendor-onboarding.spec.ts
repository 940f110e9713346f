import { expect, test, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';

// The vendor lifecycle (issue 8 items 1, 5, 6; issue 9 item 4) against the real server: a new vendor signs up at
// /vendor/auth, lands on the onboarding wizard, goes through the six steps (gating included) with three real
// uploads, is Pending Review; an admin verifies it in the Vendors section; the vendor then sees Verified.

const CODE = 'e2e-admin-code';

// Small valid files: the server reads their type from these first bytes.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const step = (page: Page, n: number, title: string) => expect(page.getByRole('heading', { name: `Step ${n} of 6 · ${title}` })).toBeVisible();

test('a new vendor signs up, onboards with three documents, an admin verifies, the vendor sees Verified', async ({ page, browser }) => {
  const stamp = Date.now();
  const company = `Dune Gadgets ${stamp} LLC`;
  const email = `dune-${stamp}@example.test`;

  // 1. /vendor/auth: the login form, then the sign-up form with its six fields
  await page.goto('/vendor/auth');
  await expect(page.getByRole('heading', { name: 'Vendor Login' })).toBeVisible();
  await page.getByRole('button', { name: 'New to Souq? Create a vendor account' }).click();
  await expect(page.getByRole('heading', { name: 'Vendor Sign Up' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Vendor Sign Up' });
  await form.getByLabel('Company Name').fill(company);
  await form.getByLabel('Contact Name').fill('Dana Dune');
  await form.getByLabel('Phone').fill('+971 50 123 4567');
  await form.getByLabel('Address').fill('Al Wasl Road 12');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('dune-password-1');
  await form.getByRole('button', { name: 'Create Vendor Account' }).click();

  // 2. documents missing → the onboarding wizard (vendor §4)
  await expect(page).toHaveURL(/\/vendor\/onboarding$/);
  await step(page, 1, 'Basic Information');
  await expect(page.getByLabel('Company Name')).toHaveValue(company);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();

  await step(page, 2, 'Location Details');
  await expect(page.getByLabel('Latitude')).toHaveValue('25.2048');
  await expect(page.getByLabel('Longitude')).toHaveValue('55.2708');
  await page.getByRole('button', { name: 'Next' }).click();
  // gated: city and emirate are missing
  await expect(toast(page, MSG.onboardingIncomplete)).toBeVisible();
  await expect(page.getByText('City is required')).toBeVisible();
  await step(page, 2, 'Location Details');
  await page.getByLabel('City').fill('Dubai');
  await page.getByLabel('State / Emirate').selectOption('Dubai');
  await page.getByRole('button', { name: 'Next' }).click();

  await step(page, 3, 'Business Details');
  await page.getByLabel('Business type').selectOption('LLC');
  await page.getByLabel('Industry').selectOption('Electronics');
  await page.getByLabel('Establishment date').fill('2021-03-04');
  await page.getByRole('button', { name: 'Next' }).click();

  await step(page, 4, 'Document Upload');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Trade license is required')).toBeVisible();
  // a PDF offered as an Emirates ID is refused on the client with the rule's words
  await page.locator('input[name="emirates_id_front"]').setInputFiles({ name: 'front.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(MSG.emiratesIdType)).toBeVisible();
  await page.locator('input[name="trade_license"]').setInputFiles({ name: 'trade-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.locator('input[name="emirates_id_front"]').setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('input[name="emirates_id_back"]').setInputFiles({ name: 'id-back.jpg', mimeType: 'image/jpeg', buffer: JPG });
  await expect(page.getByAltText('Emirates ID (front) preview')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await step(page, 5, 'Review & Submit');
  await expect(page.getByText('trade-licence.pdf (new)')).toBeVisible();
  await expect(page.getByText('Electronics')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(toast(page, MSG.onboardingSuccess)).toBeVisible();

  // 3. step 6: Pending Review, read-only for the vendor
  await step(page, 6, 'Verification');
  await expect(page.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify vendor' })).toHaveCount(0);

  // 4. an admin verifies it in the Vendors section
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin-access');
  await admin.getByLabel('Access code').fill(CODE);
  await admin.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/vendors');
  await expect(admin.getByRole('heading', { name: 'Vendor Management' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search vendors' }).fill(String(stamp));
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
  // the status filter is on the server and in the URL
  await admin.getByRole('combobox', { name: 'Status' }).selectOption('verified');
  await expect(admin).toHaveURL(/status=verified/);
  await expect(row).toHaveCount(1);
  await adminContext.close();

  // 5. the vendor sees Verified, the notes and who decided, on the wizard and on the profile
  await page.reload();
  await step(page, 6, 'Verification');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Trade licence and Emirates ID checked.')).toBeVisible();
  await page.goto('/vendor/profile');
  await expect(page.getByRole('heading', { name: 'Vendor Profile' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Trade license' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View Trade license' })).toBeVisible();
});

test('login routing (vendor §4): documents missing → /vendor/onboarding, all on file → /vendor', async ({ page }) => {
  const login = async (email: string) => {
    await page.goto('/vendor/login');
    const form = page.getByRole('form', { name: 'Vendor Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('souq-demo-1');
    await form.getByRole('button', { name: 'Login' }).click();
  };
  // seeded: falcon has no documents, the demo vendor is verified with all three
  await login('falcon@souq.test');
  await expect(page).toHaveURL(/\/vendor\/onboarding$/);
  await step(page, 1, 'Basic Information');
  await page.getByRole('button', { name: 'Logout' }).click();
  await login('vendor@souq.test');
  await expect(page).toHaveURL(/\/vendor$/);
  // the wrong password is refused with the server's message
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/vendor/login');
  const form = page.getByRole('form', { name: 'Vendor Login' });
  await form.getByLabel('Email').fill('vendor@souq.test');
  await form.getByLabel('Password').fill('wrong-password');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/login$/);
});

test('an admin onboards an Incomplete vendor on its behalf, then updates one of its documents', async ({ page, request }) => {
  const stamp = Date.now();
  const company = `Nomad Crafts ${stamp}`;
  const signup = await request.post('/api/vendor/signup', {
    data: { company_name: company, contact_name: 'Nora Nomad', email: `nomad-${stamp}@example.test`, password: 'nomad-password-1', phone: '+971 6 000 1111', address: 'Sharjah' },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/admin-access');
  await page.getByLabel('Access code').fill(CODE);
  await page.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/vendors?status=incomplete');
  const row = page.getByRole('table', { name: 'Vendors' }).getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('Incomplete');
  await row.getByRole('button', { name: `Onboard ${company}` }).click();

  const wizard = page.getByRole('dialog', { name: `Onboard ${company}` });
  await expect(wizard.getByLabel('Company Name')).toHaveValue(company);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('City').fill('Sharjah');
  await wizard.getByLabel('State / Emirate').selectOption('Sharjah');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Business type').selectOption('Sole Proprietorship');
  await wizard.getByLabel('Industry').selectOption('Other');
  await wizard.getByLabel('Establishment date').fill('2019-05-06');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.locator('input[name="trade_license"]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await wizard.locator('input[name="emirates_id_front"]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: JPG });
  await wizard.locator('input[name="emirates_id_back"]').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(toast(page, MSG.onboardingSuccess)).toBeVisible();
  // step 6 for an admin: the decision can be taken right here
  await expect(wizard.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Verify vendor' })).toBeVisible();
  await page.keyboard.press('Escape');

  // the list follows (the filter is still Incomplete, so the vendor left it); View → Update a document
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
  await expect(row).toContainText('Pending Review');
  await row.getByRole('button', { name: `View ${company}`, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: company });
  await expect(sheet.getByText('licence.png')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'Update Trade license' }).click();
  await (await chooser).setFiles({ name: 'licence-renewed.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(toast(page, MSG.documentUpdated)).toBeVisible();
  await expect(sheet.getByText('licence-renewed.pdf')).toBeVisible();
});
