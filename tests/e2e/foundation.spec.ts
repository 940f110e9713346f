import { expect, test, type Page } from '@playwright/test';

// The shell of the product: landing, the three sign-in doors and their redirects (customer §2/§4, vendor §2/§4,
// admin §2), against the real server with demo data (admin code e2e-admin-code, see playwright.config.ts).

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('landing → Get Started → sign up → onboarding → Skip for now → assistant; / then shows the customer home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // the video demo is announced as coming soon
  let announced = '';
  page.once('dialog', (d) => {
    announced = d.message();
    void d.accept();
  });
  await page.getByRole('button', { name: 'Watch video demo' }).click();
  await expect.poll(() => announced).toMatch(/coming soon/i);

  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveCount(0);

  await page.getByRole('button', { name: 'New here? Create account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();

  const email = unique('shopper');
  await page.getByLabel('Name').fill('Nadia Shopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-strong-password');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await storage(page, 'auth_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const user = JSON.parse((await storage(page, 'auth_user'))!);
  expect(user).toMatchObject({ name: 'Nadia Shopper', email, role: 'user' });
  expect(JSON.parse((await storage(page, 'user'))!)).toEqual({ id: user.id });

  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);

  // the choice to get started is remembered: '/' is now the customer home, not the landing
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Browse all products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
});

test('the third dot opens the demos overlay; its buttons open the two demos', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Explore demos' }).click();
  const overlay = page.getByRole('dialog', { name: 'Explore interactive demos' });
  await expect(overlay).toBeVisible();
  // focus moves into the dialog and Tab cycles inside it (three controls: two demos and Close)
  await expect(overlay.getByRole('button', { name: /Rubik/ })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('button', { name: 'Explore demos' })).toBeFocused();

  await page.getByRole('button', { name: 'Explore demos' }).click();
  await overlay.getByRole('button', { name: /Product Shelves/ }).click();
  await expect(page).toHaveURL(/\/product-shelves-demo$/);

  await page.goto('/');
  await page.getByRole('button', { name: 'Explore demos' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Rubik/ }).click();
  await expect(page).toHaveURL(/\/rubiks-cube$/);
});

test('customer login: the server message on failure, /ai-assistant on success; Log out clears the session', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('customer@souq.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.getByLabel('Password').fill('souq-demo-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);
  const token = await storage(page, 'auth_token');
  expect(token).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => storage(page, 'auth_token')).toBeNull();
  expect(await storage(page, 'auth_user')).toBeNull();
  // the session is ended on the server too
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('without a token /onboarding and /profile go to /login', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('vendor sign-up lands on /vendor/onboarding; /vendor then shows the account summary; Logout shows the login form', async ({ page }) => {
  await page.goto('/vendor/signup');
  await expect(page.getByRole('heading', { name: 'Vendor Sign Up' })).toBeVisible();
  await page.getByLabel('Company Name').fill('Falcon Outfitters LLC');
  await page.getByLabel('Contact Name').fill('Hamdan Saeed');
  await page.getByLabel('Phone').fill('+971 50 123 4567');
  await page.getByLabel('Address').fill('Al Wasl Road 7, Dubai');
  await page.getByLabel('Email').fill(unique('vendor'));
  await page.getByLabel('Password').fill('vendor-password-1');
  await page.getByRole('button', { name: 'Create Vendor Account' }).click();

  await expect(page).toHaveURL(/\/vendor\/onboarding$/);
  expect(await storage(page, 'vendor_token')).toBeTruthy();
  expect(JSON.parse((await storage(page, 'vendor'))!)).toMatchObject({ company_name: 'Falcon Outfitters LLC', license_file: null });

  await page.goto('/vendor');
  await expect(page.getByRole('heading', { name: 'Falcon Outfitters LLC' })).toBeVisible();
  await expect(page.getByText('Incomplete', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documents' }).getByText('Missing')).toHaveCount(3);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Vendor Login' })).toBeVisible();
  expect(await storage(page, 'vendor_token')).toBeNull();
});

test('/vendor without a token is the vendor login; a wrong password shows the server message; landing by documents', async ({ page }) => {
  await page.goto('/vendor');
  await expect(page.getByRole('heading', { name: 'Vendor Login' })).toBeVisible();
  await page.getByLabel('Email').fill('vendor@souq.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.getByLabel('Password').fill('souq-demo-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // the demo vendor is verified with its documents on file: straight to the dashboard (vendor §4)
  await expect(page).toHaveURL(/\/vendor$/);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Vendor Login' })).toBeVisible();

  // a vendor with all three documents (seeded 'pending review' vendor) goes straight to the dashboard
  await page.getByLabel('Email').fill('oasis@souq.test');
  await page.getByLabel('Password').fill('souq-demo-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vendor Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/vendor$/);
  await expect(page.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documents' }).getByText('Uploaded')).toHaveCount(3);
});

test('admin: the gate, a wrong code, the right code, the users list and Logout', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-access$/);

  // the UI flag alone does not open the dashboard: an admin session token is needed too
  await page.evaluate(() => localStorage.setItem('admin_access_granted', 'true'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-access$/);

  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.getByLabel('Access code').fill('not-the-code');
  await page.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid access code');

  await page.getByLabel('Access code').fill('  e2e-admin-code  ');
  await page.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await storage(page, 'admin_access_granted')).toBe('true');
  expect(await storage(page, 'admin_token')).toBeTruthy();

  await page.getByRole('button', { name: 'User Management' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /customer@souq\.test/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /vendor@souq\.test/ })).toBeVisible();

  await page.getByLabel('Search users').fill('layla');
  await expect(table.getByRole('row', { name: /vendor@souq\.test/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /customer@souq\.test/ })).toBeVisible();
  // the search lives in the URL once typing pauses (a view can be shared)
  await expect(page).toHaveURL(/\/admin\?search=layla$/);
  await page.getByLabel('Search users').fill('no-such-person-xyz');
  await expect(page.getByText('No users found')).toBeVisible();

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Admin sections' });
  await expect(sidebar).toHaveJSProperty('offsetWidth', 70);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveJSProperty('offsetWidth', 280);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-access$/);
  expect(await storage(page, 'admin_access_granted')).toBeNull();
  expect(await storage(page, 'admin_token')).toBeNull();
});

test('an unknown path goes to /', async ({ page }) => {
  await page.goto('/definitely/not/a/page');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
