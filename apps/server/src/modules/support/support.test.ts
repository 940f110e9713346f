import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_SUBJECT } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: string;
let alice: Awaited<ReturnType<typeof signupCustomer>>;
let bob: Awaited<ReturnType<typeof signupCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  alice = await signupCustomer(t.app, 'Alice Support');
  bob = await signupCustomer(t.app, 'Bob Other');
});
afterAll(() => t?.close());

const open = (token: string, body: unknown) => call(t.app, { method: 'POST', url: '/api/support/conversations', token, body });
const mine = (token: string) => call(t.app, { url: '/api/support/conversations', token });
const thread = (token: string, id: number) => call(t.app, { url: `/api/support/conversations/${id}/messages`, token });
const say = (token: string, id: number, message: string) => call(t.app, { method: 'POST', url: `/api/support/conversations/${id}/messages`, token, body: { message } });
const staffList = (query = '') => call(t.app, { url: `/api/admin/support/conversations${query}`, token: admin });
const staffThread = (id: number) => call(t.app, { url: `/api/admin/support/conversations/${id}/messages`, token: admin });
const reply = (id: number, message: string, sender_name?: string) =>
  call(t.app, { method: 'POST', url: `/api/admin/support/conversations/${id}/messages`, token: admin, body: { message, ...(sender_name ? { sender_name } : {}) } });
const patch = (id: number, body: unknown) => call(t.app, { method: 'PATCH', url: `/api/admin/support/conversations/${id}`, token: admin, body });
const awaiting = async () => (await call(t.app, { url: '/api/admin/support/awaiting-count', token: admin })).json.count as number;

describe('new tickets (customer §5)', () => {
  it("trim the input, default the subject to 'New Support Request' and the priority to normal", async () => {
    const res = await open(alice.token, { subject: '   ', message: '  My order is late  ' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ subject: DEFAULT_SUPPORT_SUBJECT, priority: 'normal', status: 'open', last_message: 'My order is late', unread_count: 0 });
    const th = await thread(alice.token, res.json.id);
    expect(th.json.messages).toEqual([expect.objectContaining({ sender_type: 'user', sender_name: 'Alice Support', message: 'My order is late' })]);
  });

  it('need a subject or a message; a subject alone opens an empty thread', async () => {
    const blank = await open(alice.token, { subject: ' ', message: '\n ' });
    expect(blank.status).toBe(400);
    expect(blank.json.fields.message).toBeDefined();
    const subjectOnly = await open(alice.token, { subject: 'Refund question', priority: 'urgent' });
    expect(subjectOnly.json).toMatchObject({ subject: 'Refund question', priority: 'urgent', last_message: '' });
    expect((await thread(alice.token, subjectOnly.json.id)).json.messages).toEqual([]);
    expect((await open(alice.token, { subject: 'x', priority: 'critical' })).status).toBe(400);
  });
});

describe('authorization', () => {
  it('customers see and write only their own conversations', async () => {
    const a = await open(alice.token, { subject: 'Private', message: 'only mine' });
    expect((await mine(bob.token)).json.map((c: { id: number }) => c.id)).not.toContain(a.json.id);
    expect((await thread(bob.token, a.json.id)).status).toBe(404);
    expect((await say(bob.token, a.json.id, 'let me in')).status).toBe(404);
    expect((await thread(alice.token, a.json.id)).json.messages).toHaveLength(1);
  });

  it('need a customer session; staff routes need an admin', async () => {
    const vendor = await signupVendor(t.app);
    expect((await mine('')).status).toBe(401);
    expect((await mine(vendor.token)).status).toBe(403);
    expect((await mine(admin)).status).toBe(403);
    for (const token of [alice.token, vendor.token]) {
      expect((await call(t.app, { url: '/api/admin/support/conversations', token })).status).toBe(403);
      expect((await call(t.app, { method: 'POST', url: '/api/admin/support/conversations/1/messages', token, body: { message: 'hi' } })).status).toBe(403);
      expect((await call(t.app, { method: 'PATCH', url: '/api/admin/support/conversations/1', token, body: { status: 'resolved' } })).status).toBe(403);
    }
  });
});

describe('a conversation between a customer and staff', () => {
  it('keeps real unread counts per side; opening a thread marks it read', async () => {
    const c = (await open(alice.token, { subject: 'Broken kettle', message: 'It does not heat', priority: 'high' })).json;
    let row = (await staffList()).json.find((x: { id: number }) => x.id === c.id);
    expect(row).toMatchObject({ unread_count: 1, user_name: 'Alice Support', user_email: alice.email, priority: 'high' });
    await say(alice.token, c.id, 'Any news?');
    row = (await staffList()).json.find((x: { id: number }) => x.id === c.id);
    expect(row.unread_count).toBe(2);

    // staff open it: read for staff, nothing changes for the customer
    const st = await staffThread(c.id);
    expect(st.json.conversation.unread_count).toBe(0);
    expect(st.json.messages.map((m: { message: string }) => m.message)).toEqual(['It does not heat', 'Any news?']);

    // the spec's payload carries a sender_name; the reply is signed with the signed-in admin's own name instead
    const r1 = await reply(c.id, 'We are on it', 'Sara from Souq');
    expect(r1.status).toBe(201);
    expect(r1.json).toMatchObject({ sender_type: 'support', sender_name: 'Admin User', message: 'We are on it' });
    await reply(c.id, 'A replacement ships today');
    const list = (await mine(alice.token)).json.find((x: { id: number }) => x.id === c.id);
    expect(list).toMatchObject({ unread_count: 2, last_message: 'A replacement ships today' });
    // the customer reads it
    const ct = await thread(alice.token, c.id);
    expect(ct.json.conversation.unread_count).toBe(0);
    expect(ct.json.messages.at(-1).sender_type).toBe('support');
    expect((await mine(alice.token)).json.find((x: { id: number }) => x.id === c.id).unread_count).toBe(0);
    // and the staff count did not move with the staff's own replies
    expect((await staffList()).json.find((x: { id: number }) => x.id === c.id).unread_count).toBe(0);
  });

  it("marks resolved and reopens with the note 'Conversation marked as {status}', audited; resolved takes no messages", async () => {
    const c = (await open(alice.token, { subject: 'Wrong size', message: 'Too small' })).json;
    const res = await patch(c.id, { status: 'resolved' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: c.id, status: 'resolved', user_name: 'Alice Support' });
    const msgs = (await thread(alice.token, c.id)).json.messages;
    expect(msgs.at(-1)).toMatchObject({ sender_type: 'system', message: MSG.supportMarked('resolved') });
    expect((await say(alice.token, c.id, 'wait')).json).toEqual({ error: MSG.supportConversationResolved });
    expect((await reply(c.id, 'late reply')).status).toBe(422);

    await patch(c.id, { status: 'open' });
    expect((await thread(alice.token, c.id)).json.messages.at(-1).message).toBe(MSG.supportMarked('open'));
    expect((await say(alice.token, c.id, 'still too small')).status).toBe(201);

    const audit = await t.database.query<{ action: string; changes: unknown }>(
      "select action, changes from audit_log where target_type = 'support_conversation' and target_id = $1 order by id", [String(c.id)]);
    expect(audit).toEqual([
      { action: 'support.update', changes: { status: { before: 'open', after: 'resolved' } } },
      { action: 'support.update', changes: { status: { before: 'resolved', after: 'open' } } },
    ]);
    // a patch that changes nothing writes nothing
    await patch(c.id, { status: 'open' });
    expect((await t.database.query("select 1 from audit_log where target_type = 'support_conversation' and target_id = $1", [String(c.id)])).length).toBe(2);
    expect((await patch(c.id, {})).status).toBe(400);
    expect((await patch(999999, { status: 'open' })).status).toBe(404);
  });

  it('records every staff reply in the audit trail', async () => {
    const c = (await open(bob.token, { subject: 'Audit me', message: 'hello' })).json;
    await reply(c.id, 'Answer for the record');
    const [entry] = await t.database.query<{ action: string; actor_role: string; changes: Record<string, { after: unknown }> }>(
      "select action, actor_role, changes from audit_log where target_type = 'support_conversation' and target_id = $1", [String(c.id)]);
    expect(entry).toMatchObject({ action: 'support.reply', actor_role: 'admin' });
    expect(entry!.changes.message!.after).toBe('Answer for the record');
  });
});

describe('the staff inbox', () => {
  it('filters by status and priority and searches subject, messages and the customer', async () => {
    const z = await signupCustomer(t.app, 'Zainab Searchable');
    const c = (await open(z.token, { subject: 'Parcel lost in Sharjah', message: 'tracking says delivered', priority: 'low' })).json;
    const ids = async (q: string) => (await staffList(q)).json.map((x: { id: number }) => x.id);
    expect(await ids('?search=sharjah')).toEqual([c.id]);
    expect(await ids('?search=Zainab')).toEqual([c.id]);
    expect(await ids(`?search=${encodeURIComponent(z.email)}`)).toEqual([c.id]);
    expect(await ids('?search=says%20delivered')).toEqual([c.id]);
    expect(await ids('?priority=low&status=open')).toContain(c.id);
    expect(await ids('?priority=urgent')).not.toContain(c.id);
    expect(await ids('?status=&priority=')).toContain(c.id);
    await patch(c.id, { status: 'pending' });
    expect(await ids('?status=pending')).toEqual([c.id]);
    const res = await staffList('?limit=1');
    expect(res.json).toHaveLength(1);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(1);
    expect((await staffList('?status=closed')).status).toBe(400);
  });

  it('counts the conversations waiting for staff (the admin bell)', async () => {
    const before = await awaiting();
    const c = (await open(bob.token, { subject: 'Waiting', message: 'please answer' })).json;
    expect(await awaiting()).toBe(before + 1);
    await staffThread(c.id); // read but not answered: still waiting
    expect(await awaiting()).toBe(before + 1);
    await reply(c.id, 'answered');
    expect(await awaiting()).toBe(before);
    await say(bob.token, c.id, 'one more thing');
    expect(await awaiting()).toBe(before + 1);
    await patch(c.id, { status: 'resolved' });
    expect(await awaiting()).toBe(before);
  });
});

describe('who signs a staff reply (issue 23)', () => {
  it("is the signed-in admin, whatever sender_name the request claims; the customer and the audit trail see that name", async () => {
    const created = await call(t.app, { method: 'POST', url: '/api/admin/security/codes', token: admin, body: { name: 'Sara Haddad' } });
    expect(created.status).toBe(201);
    const access = await call(t.app, { method: 'POST', url: '/api/admin/access', body: { code: created.json.code } });
    const sara = access.json.token as string;
    const c = (await open(bob.token, { subject: 'Refund', message: 'Where is my refund?' })).json as { id: number };
    const res = await call(t.app, { method: 'POST', url: `/api/admin/support/conversations/${c.id}/messages`, token: sara, body: { message: 'Sent today', sender_name: 'Souq CEO' } });
    expect(res.status).toBe(201);
    expect(res.json.sender_name).toBe('Sara Haddad');
    const seen = (await thread(bob.token, c.id)).json.messages.at(-1);
    expect(seen).toMatchObject({ sender_type: 'support', sender_name: 'Sara Haddad', message: 'Sent today' });
    const [entry] = await t.database.query<{ actor_name: string; changes: { sender_name: { after: string } } }>(
      "select actor_name, changes from audit_log where action = 'support.reply' and target_id = $1", [String(c.id)],
    );
    expect(entry).toMatchObject({ actor_name: 'Sara Haddad', changes: { sender_name: { after: 'Sara Haddad' } } });
  });
});
