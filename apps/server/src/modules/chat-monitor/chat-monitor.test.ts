import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let admin: string;
let customer: { token: string; user: { id: number } };
let sessionId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminToken(ctx.app, ctx.config);
  customer = await signupCustomer(ctx.app, 'Layla Al Customer');
  await ctx.app.services.catalogue.createProduct({ name: 'Yoga Mat Non-Slip', brand: 'Gaiam', categories: ['fitness'], priceCents: 3500, stock: 10 });
  const first = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', token: customer.token, body: { message: 'show me yoga mats', sessionId: 'browser-1' } });
  expect(first.status).toBe(200);
  sessionId = first.json.sessionId;
  await call(ctx.app, { method: 'POST', url: '/api/ai/chat', token: customer.token, body: { message: 'thanks', sessionId: 'browser-1' } });
  await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message: 'hello', sessionId: 'anon-browser' } });
});
afterAll(async () => ctx?.close());

const ROUTES: { method: string; url: () => string; body?: unknown }[] = [
  { method: 'GET', url: () => '/api/admin/chats' },
  { method: 'GET', url: () => '/api/admin/chats/analytics/24h' },
  { method: 'GET', url: () => `/api/admin/chats/${sessionId}` },
  { method: 'PATCH', url: () => `/api/admin/chats/${sessionId}/status`, body: { status: 'escalated' } },
  { method: 'POST', url: () => `/api/admin/chats/${sessionId}/assign`, body: {} },
  { method: 'POST', url: () => `/api/admin/chats/${sessionId}/mark-read`, body: {} },
  { method: 'POST', url: () => `/api/admin/chats/${sessionId}/messages`, body: { message: 'Hi' } },
];

describe('admin chat monitor', () => {
  it('is admin-only: anonymous 401, customer and vendor 403', async () => {
    const vendor = await signupVendor(ctx.app);
    for (const r of ROUTES) {
      expect((await call(ctx.app, { method: r.method, url: r.url(), body: r.body })).status, `${r.method} ${r.url()}`).toBe(401);
      expect((await call(ctx.app, { method: r.method, url: r.url(), body: r.body, token: customer.token })).status, r.url()).toBe(403);
      expect((await call(ctx.app, { method: r.method, url: r.url(), body: r.body, token: vendor.token })).status, r.url()).toBe(403);
    }
    // nothing changed through the refused calls
    const [row] = await ctx.database.query<{ status: string }>('select status from chat_sessions where id = $1', [sessionId]);
    expect(row!.status).toBe('active');
  });

  it('lists sessions with names, counters and the last message', async () => {
    const res = await call(ctx.app, { url: '/api/admin/chats', token: admin });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const mine = res.json.find((s: { id: string }) => s.id === sessionId);
    expect(mine).toMatchObject({
      first_name: 'Layla', last_name: 'Al Customer', session_name: 'Shopping chat', status: 'active', priority: 'normal',
      admin_assigned: null, total_messages: 4, unread_messages: 2, user_id: customer.user.id,
    });
    expect(mine.last_message).toMatch(/welcome/i);
    const anon = res.json.find((s: { id: string }) => s.id !== sessionId);
    // a guest has no name: the admin's screen says 'Guest' in the admin's language
    expect(anon).toMatchObject({ first_name: '', last_name: '', user_id: null, total_messages: 2 });
  });

  it('counts the last 24 hours', async () => {
    const res = await call(ctx.app, { url: '/api/admin/chats/analytics/24h', token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ active_sessions: 2, urgent_sessions: 0, unique_users: 2, total_messages: 6 });
  });

  it('shows a session with its transcript', async () => {
    const res = await call(ctx.app, { url: `/api/admin/chats/${sessionId}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.json.session.id).toBe(sessionId);
    expect(res.json.messages.map((m: { message_type: string }) => m.message_type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(res.json.messages[0]).toMatchObject({ message_content: 'show me yoga mats', first_name: 'Layla', user_id: customer.user.id });
    expect(res.json.messages[1]).toMatchObject({ message_type: 'assistant', first_name: '', last_name: '' });
    expect(res.json.messages[1].message_content).toContain('**Yoga Mat Non-Slip**');
    expect((await call(ctx.app, { url: '/api/admin/chats/00000000-0000-4000-8000-000000000000', token: admin })).json).toEqual({ error: MSG.chatSessionNotFound });
    expect((await call(ctx.app, { url: '/api/admin/chats/not-a-uuid', token: admin })).status).toBe(404);
  });

  it('sets status and priority, assigns, marks read and replies', async () => {
    const status = await call(ctx.app, { method: 'PATCH', url: `/api/admin/chats/${sessionId}/status`, token: admin, body: { status: 'escalated', notes: 'Needs a human', priority: 'urgent' } });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ status: 'escalated', status_notes: 'Needs a human', priority: 'urgent' });
    expect((await call(ctx.app, { url: '/api/admin/chats?status=escalated', token: admin })).json.map((s: { id: string }) => s.id)).toEqual([sessionId]);
    expect((await call(ctx.app, { method: 'PATCH', url: `/api/admin/chats/${sessionId}/status`, token: admin, body: { status: 'lost' } })).status).toBe(400);

    const assigned = await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${sessionId}/assign`, token: admin, body: {} });
    expect(assigned.status).toBe(200);
    expect(assigned.json.admin_assigned).toEqual(expect.any(Number));
    expect((await call(ctx.app, { url: '/api/admin/chats?assigned=me', token: admin })).json).toHaveLength(1);
    const notAdmin = await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${sessionId}/assign`, token: admin, body: { adminId: customer.user.id } });
    expect(notAdmin.status).toBe(422);
    expect(notAdmin.json.error).toBe(MSG.chatAssignNotAdmin);

    const read = await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${sessionId}/mark-read`, token: admin, body: { adminId: assigned.json.admin_assigned } });
    expect(read.json.unread_messages).toBe(0);

    const reply = await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${sessionId}/messages`, token: admin, body: { message: 'Hello from the team' } });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ message_type: 'admin', message_content: 'Hello from the team' });
    const after = await call(ctx.app, { url: `/api/admin/chats/${sessionId}`, token: admin });
    expect(after.json.session).toMatchObject({ status: 'active', status_notes: MSG.chatAdminResponding, total_messages: 5 });
    expect((await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${sessionId}/messages`, token: admin, body: { message: '  ' } })).status).toBe(400);
  });
});

describe('admin writes in the monitor', () => {
  it('are audited: status, assign, mark read, reply', async () => {
    const rows = await ctx.database.query<{ action: string; actor_role: string }>(
      "select action, actor_role from audit_log where target_type = 'chat_session' and target_id = $1 order by id", [sessionId]);
    expect(rows.map((r) => r.action)).toEqual(['chat.status', 'chat.assign', 'chat.markRead', 'chat.reply']);
    expect(new Set(rows.map((r) => r.actor_role))).toEqual(new Set(['admin']));
    // refused writes leave nothing behind
    const before = rows.length;
    await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${sessionId}/assign`, token: admin, body: { adminId: customer.user.id } });
    expect((await ctx.database.query("select 1 from audit_log where target_type = 'chat_session' and target_id = $1", [sessionId])).length).toBe(before);
  });
});

describe("the shopper's side of an admin reply", () => {
  it('lists the admin replies of their own session after a message id, marked as a person from support', async () => {
    const res = await call(ctx.app, { url: `/api/ai/chat/sessions/${sessionId}/replies`, token: customer.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([expect.objectContaining({ message: 'Hello from the team', session_id: sessionId, sender_name: expect.stringContaining(MSG.chatSupportLabel) })]);
    expect((await call(ctx.app, { url: `/api/ai/chat/sessions/${sessionId}/replies?after=${res.json[0].id}`, token: customer.token })).json).toEqual([]);
    // nobody else reads it: another customer, or an anonymous caller
    const other = await signupCustomer(ctx.app, 'Someone Else');
    expect((await call(ctx.app, { url: `/api/ai/chat/sessions/${sessionId}/replies`, token: other.token })).status).toBe(403);
    expect((await call(ctx.app, { url: `/api/ai/chat/sessions/${sessionId}/replies` })).status).toBe(403);
  });

  it('while an admin has the session, the assistant says a person is answering instead of replying', async () => {
    const ask = (message: string) => call(ctx.app, { method: 'POST', url: '/api/ai/chat', token: customer.token, body: { message, sessionId: 'browser-1' } });
    const handled = await ask('show me yoga mats');
    expect(handled.json).toEqual({ response: MSG.chatHumanHandling, mentionedProducts: [], suggestedSearch: null, sessionId, conversationId: expect.any(String) });
    const transcript = (await call(ctx.app, { url: `/api/admin/chats/${sessionId}`, token: admin })).json.messages;
    expect(transcript.slice(-2).map((m: { message_type: string; message_content: string }) => [m.message_type, m.message_content]))
      .toEqual([['user', 'show me yoga mats'], ['system', MSG.chatHumanHandling]]);
    // closing the session gives the conversation back to the assistant
    await call(ctx.app, { method: 'PATCH', url: `/api/admin/chats/${sessionId}/status`, token: admin, body: { status: 'closed' } });
    const back = await ask('show me yoga mats');
    expect(back.json.response).toContain('Yoga Mat Non-Slip');
  });

  it('an admin reply takes an unassigned session for the replying admin', async () => {
    const anon = (await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message: 'anyone there?', sessionId: 'anon-2' } })).json.sessionId;
    await call(ctx.app, { method: 'POST', url: `/api/admin/chats/${anon}/messages`, token: admin, body: { message: 'Yes, I am here' } });
    const s = (await call(ctx.app, { url: `/api/admin/chats/${anon}`, token: admin })).json.session;
    expect(s).toMatchObject({ status: 'active', status_notes: MSG.chatAdminResponding, admin_assigned: expect.any(Number) });
    // the anonymous shopper holds the session by its id
    expect((await call(ctx.app, { url: `/api/ai/chat/sessions/${anon}/replies` })).json.map((r: { message: string }) => r.message)).toEqual(['Yes, I am here']);
    expect((await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message: 'great', sessionId: 'anon-2' } })).json.response).toBe(MSG.chatHumanHandling);
  });
});
