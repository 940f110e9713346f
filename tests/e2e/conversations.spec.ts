import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { E2E_ADMIN_CODE } from '../../playwright.config.js';

// Messages that reach a person (issue 10): a support ticket answered from the admin inbox, and an admin's reply in
// the live chat monitor shown in the shopper's open assistant chat. Two browser contexts (customer and admin) talk
// through the real server; the replies arrive over the live stream (the spec's polling is the fallback).

async function customerContext(browser: Browser, request: APIRequestContext) {
  const email = `conv-${Date.now()}-${Math.random().toString(16).slice(2)}@example.test`;
  const res = await request.post('/api/auth/signup', { data: { name: 'Cora Customer', email, password: 'password-123' } });
  expect(res.status()).toBe(201);
  const { token, user } = await res.json();
  const context = await browser.newContext();
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('auth_token', t);
      localStorage.setItem('auth_user', JSON.stringify(u));
      localStorage.setItem('user', JSON.stringify({ id: u.id }));
    },
    [token, user] as const,
  );
  return context;
}

async function adminContext(browser: Browser, request: APIRequestContext): Promise<BrowserContext> {
  const res = await request.post('/api/admin/access', { data: { code: E2E_ADMIN_CODE } });
  expect(res.status()).toBe(200);
  const { token } = await res.json();
  const context = await browser.newContext();
  await context.addInitScript((t) => {
    localStorage.setItem('admin_token', t);
    localStorage.setItem('admin_access_granted', 'true');
  }, token);
  return context;
}

test('customer opens a ticket → admin answers from the inbox → widget shows the reply and its badge → admin resolves → the input hides', async ({ browser, request }) => {
  const customer = await (await customerContext(browser, request)).newPage();
  const admin = await (await adminContext(browser, request)).newPage();
  const subject = `Lost parcel ${Date.now()}`;
  const alerts: string[] = [];
  customer.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });

  // the widget: only for a signed-in customer, opened from the floating button
  await customer.goto('/profile');
  await customer.getByRole('button', { name: 'Support chat' }).click();
  const widget = customer.getByRole('region', { name: 'Support chat' });
  await expect(widget.getByText(MSG.supportNoTickets)).toBeVisible();
  await widget.getByRole('button', { name: 'New Support Ticket' }).click();
  const create = widget.getByRole('button', { name: 'Create Ticket' });
  await expect(create).toBeDisabled();
  await widget.getByLabel('Subject').fill(`  ${subject}  `);
  await widget.getByLabel('Message', { exact: true }).fill('My parcel never arrived.');
  await widget.getByLabel('Priority').selectOption('high');
  await create.click();
  // the new thread opens with the trimmed subject and the first message
  await expect(widget.getByRole('heading', { name: subject })).toBeVisible();
  await expect(widget.getByRole('log', { name: 'Messages' }).getByText('My parcel never arrived.')).toBeVisible();
  // Enter sends, Shift+Enter makes a new line
  const box = widget.getByLabel('Message', { exact: true });
  await box.fill('Tracking number');
  await box.press('Shift+Enter');
  await box.pressSequentially('AB123');
  await expect(box).toHaveValue('Tracking number\nAB123');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(widget.getByRole('log', { name: 'Messages' }).getByText(/Tracking number\s+AB123/)).toBeVisible();
  // minimise, restore, close
  await widget.getByRole('button', { name: 'Minimise support chat' }).click();
  await expect(widget.getByRole('log')).toBeHidden();
  await widget.getByRole('button', { name: 'Restore support chat' }).click();
  await expect(widget.getByRole('log')).toBeVisible();
  await widget.getByRole('button', { name: 'Close support chat' }).click();
  await expect(customer.getByRole('button', { name: 'Support chat' })).toBeVisible();

  // the admin finds it in the inbox and answers with a quick reply
  await admin.goto('/admin/support');
  await admin.getByRole('searchbox', { name: 'Search conversations' }).fill(subject);
  const row = admin.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row.getByText('2 unread')).toBeAttached();
  await row.click();
  const thread = admin.getByRole('log', { name: 'Messages' });
  await expect(thread.getByText('My parcel never arrived.')).toBeVisible();
  await admin.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: 'Greeting' }).click();
  const reply = admin.getByLabel('Reply');
  await expect(reply).toHaveValue(MSG.supportQuickReplies.greeting);
  await reply.fill('We found your parcel, it ships today.');
  await reply.press('Enter');
  await expect(thread.getByText('We found your parcel, it ships today.')).toBeVisible();

  // the customer's closed widget shows the unread badge without opening anything (live stream)
  await expect(customer.getByRole('button', { name: 'Support chat, 1 unread' })).toBeVisible({ timeout: 5000 });
  await customer.getByRole('button', { name: /Support chat/ }).click();
  const listRow = widget.getByRole('button', { name: new RegExp(subject) });
  await expect(listRow).toContainText('1 unread');
  await listRow.click();
  await expect(widget.getByRole('log', { name: 'Messages' }).getByText('We found your parcel, it ships today.')).toBeVisible();
  await expect(widget.getByText('Admin User')).toBeVisible();
  // reading it clears the badge
  await widget.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(listRow).not.toContainText('unread');

  // the admin resolves: the note appears on both sides and the customer's input hides
  await listRow.click();
  await expect(widget.getByLabel('Message', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(thread.getByText(MSG.supportMarked('resolved'))).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(admin.getByLabel('Reply')).toBeHidden();
  await expect(widget.getByText(MSG.supportMarked('resolved'))).toBeVisible({ timeout: 7000 });
  await expect(widget.getByLabel('Message', { exact: true })).toBeHidden();
  expect(alerts).toEqual([]);
});

test("shopper chats with the assistant → admin replies in the live chat monitor → the shopper's chat shows it", async ({ browser, request }) => {
  // an anonymous shopper: the chat listens to its own session by id
  const shopper = await (await browser.newContext()).newPage();
  const admin = await (await adminContext(browser, request)).newPage();
  const phrase = `gift wrap for order ${Date.now()}`;

  await shopper.goto('/ai-assistant');
  const chat = shopper.getByRole('region', { name: 'Chat with AI' });
  await chat.getByLabel('Message', { exact: true }).fill(`Do you offer ${phrase}?`);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log').getByText(/AI Assistant:/).nth(1)).toBeAttached();

  await admin.goto('/admin');
  await admin.getByRole('button', { name: 'Live Chat Monitor' }).first().click();
  await expect(admin.getByText('Active Sessions')).toBeVisible();
  const sessions = admin.getByRole('list', { name: 'Chat sessions' });
  await sessions.getByRole('button').first().click();
  const transcript = admin.getByRole('log', { name: 'Transcript' });
  await expect(transcript.getByText(`Do you offer ${phrase}?`)).toBeVisible();
  await admin.getByLabel('Reply to the shopper').fill('Yes! I am Sam from support, I will add gift wrap for you.');
  await admin.getByLabel('Reply to the shopper').press('Enter');
  await expect(transcript.getByText('Yes! I am Sam from support, I will add gift wrap for you.')).toBeVisible();
  await expect(admin.getByText(MSG.chatAdminResponding)).toBeVisible();

  // the shopper's open chat shows it within seconds, marked as a person from support
  const shown = chat.getByRole('log').getByText('Yes! I am Sam from support, I will add gift wrap for you.');
  await expect(shown).toBeVisible({ timeout: 5000 });
  await expect(chat.getByRole('log').getByText(`Admin User · ${MSG.chatSupportLabel}`)).toBeVisible();

  // while the admin has the session, the assistant says a person is answering
  await chat.getByLabel('Message', { exact: true }).fill('Thank you, how long will it take?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log').getByText(MSG.chatHumanHandling)).toBeVisible();
  await expect(transcript.getByText('Thank you, how long will it take?')).toBeVisible({ timeout: 7000 });
});
