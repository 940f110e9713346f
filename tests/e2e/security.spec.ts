import { expect, test, type Page } from '@playwright/test';

// The Security section (issue 13) against the real server: the owner creates a named admin's code (shown once), the
// named admin signs in with it in a second browser and changes something, the owner sees that session listed and
// revokes it (the second browser is sent back to the gate), and the audit trail filtered by that admin shows what
// they did under their name. Owner code e2e-admin-code (playwright.config.ts).

const CODE = 'e2e-admin-code';

async function enterAdmin(page: Page, code: string) {
  await page.goto('/admin-access');
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

const securityTab = (page: Page, name: string) => page.getByRole('tab', { name });

test('named admin: code shown once, sign-in in a second browser, session listed and revoked, trail filtered by that admin', async ({ page, browser }) => {
  const name = `Sara E2E ${Date.now().toString(36)}`;
  await enterAdmin(page, CODE);
  await page.goto('/admin?section=security');
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();

  // create the code: shown once in a dialog
  await securityTab(page, 'Admin codes').click();
  await page.getByLabel("New admin's name").fill(name);
  await page.getByRole('button', { name: 'Create code' }).click();
  const dialog = page.getByRole('dialog', { name: `Access code for ${name}` });
  await expect(dialog).toBeVisible();
  const code = (await dialog.getByLabel('New access code').textContent())!.trim();
  expect(code.length).toBeGreaterThanOrEqual(16);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const codesTable = page.getByRole('table', { name: 'Admin codes' });
  await expect(codesTable.getByRole('row').filter({ hasText: name })).toContainText('Active');
  // the list never shows the code again
  await expect(page.getByText(code)).toHaveCount(0);

  // the named admin signs in elsewhere, is named in the frame, and makes a change (a code for a helper)
  const other = await browser.newContext();
  const sara = await other.newPage();
  await enterAdmin(sara, code);
  await expect(sara.getByRole('banner').getByText(name)).toBeVisible();
  await sara.goto('/admin?section=security');
  await securityTab(sara, 'Admin codes').click();
  await sara.getByLabel("New admin's name").fill(`${name} helper`);
  await sara.getByRole('button', { name: 'Create code' }).click();
  await sara.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

  // the owner sees the session and revokes it
  await securityTab(page, 'Admin sessions').click();
  const sessions = page.getByRole('table', { name: 'Admin sessions' });
  const row = sessions.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(sessions.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);
  await row.getByRole('button', { name: `Revoke session of ${name}` }).click();
  await page.getByRole('dialog', { name: 'Revoke session' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Session revoked')).toBeVisible();
  await expect(sessions.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // the revoked browser is back at the gate at its next request
  await sara.goto('/admin?section=users');
  await expect(sara).toHaveURL(/\/admin-access/);
  await other.close();

  // the trail, filtered by that admin: their change under their name (the owner's revoke is not theirs)
  await securityTab(page, 'Audit trail').click();
  await page.getByRole('searchbox', { name: 'Who' }).fill(name);
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row').filter({ hasText: 'admin_code.create' })).toHaveCount(1);
  await expect(trail.getByRole('row').filter({ hasText: 'admin_code.create' })).toContainText(`${name} helper`);
  await expect(trail.getByRole('row').filter({ hasText: 'admin_session.revoke' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`a_search=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
  // and by action: the owner's revoke names the admin whose session ended
  await page.getByRole('searchbox', { name: 'Who' }).fill('');
  await page.getByRole('combobox', { name: 'Action' }).selectOption('admin_session');
  await expect(trail.getByRole('row').filter({ hasText: 'admin_session.revoke' }).first()).toContainText(name);
});
