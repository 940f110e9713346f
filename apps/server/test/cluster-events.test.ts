import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/platform/db.js';
import { withDatabase } from './global-setup.js';
import { adminToken, call, signupCustomer } from './harness.js';
import { openEventStream, type EventStream } from './sse-client.js';

// Two server instances on one PostgreSQL database and one Redis: a reply posted through A reaches a customer whose
// live stream is open on B (decision 0007's bus, decision 0045's streams).
const url = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(url && redisUrl)('two instances', () => {
  const apps: App[] = [];
  const databases: Database[] = [];
  const streams: EventStream[] = [];
  let dataDir: string;
  const baseOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const name = `${inject('pgTemplateDb')}_f_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDb')}`);
    await admin.end();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-cluster-'));
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: withDatabase(url!, name), max: 5 });
      const config = testConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), redisUrl });
      const app = await buildApp({ config, database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      databases.push(database);
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const app of apps) await app.close();
    for (const d of databases) await d.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("a staff reply posted on A reaches the customer's stream on B, and an assistant-chat reply too", async () => {
    const [a, b] = apps as [App, App];
    const customer = await signupCustomer(a);
    const staff = await adminToken(a, testConfig());
    const onB = await openEventStream(baseOf(b), { token: customer.token });
    streams.push(onB);
    await onB.next('ready');

    // text unique to this run: other test runs may share the Redis channel
    const marker = `reply-${randomBytes(6).toString('hex')}`;
    const conv = (await call(b, { method: 'POST', url: '/api/support/conversations', token: customer.token, body: { subject: 'Cluster', message: 'hello from B' } })).json;
    const res = await call(a, { method: 'POST', url: `/api/admin/support/conversations/${conv.id}/messages`, token: staff, body: { message: marker } });
    expect(res.status).toBe(201);
    const got = await onB.next('support.message', (d) => d.message.message === marker);
    expect(got.data.conversationId).toBe(conv.id);

    const session = (await call(b, { method: 'POST', url: '/api/ai/chat', token: customer.token, body: { message: 'hi', sessionId: `tab-${marker}` } })).json.sessionId;
    await call(a, { method: 'POST', url: `/api/admin/chats/${session}/messages`, token: staff, body: { message: `chat-${marker}` } });
    await onB.next('chat.reply', (d) => d.reply.message === `chat-${marker}`);
  });
});
