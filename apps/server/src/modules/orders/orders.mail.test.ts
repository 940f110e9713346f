import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';
import { createMailer } from '../../platform/mailer.js';
import { payPlaced, startTestPayments } from '../../../test/payments-fixtures.js';

// The order confirmation e-mail (issue 15 item 5): sent over SMTP after the order commits, with the number,
// lines and totals; promised to the shopper only when it was queued; never a reason for an order to fail.

/** A local SMTP server that keeps every message it receives, parsed. */
async function startSmtpReceiver() {
  const received: ParsedMail[] = [];
  const envelopes: { from: string; to: string[] }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          envelopes.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, envelopes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: SMTP is down. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const orderBody = (items: { product_id: number; quantity: number }[], email: string) => ({
  items,
  customer_info: { email, name: 'Layla Haddad', phone: null },
  shipping_address: { address: '7 Creek Road', city: 'Dubai', country: 'UAE', zip: '00000' },
  payment_method: 'cod',
  payment_intent_id: null,
  notes: '',
});

describe('order confirmation e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestContext;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Souq Orders <orders@souq.test>' } });
    // the marketplace is VAT-registered, so its products' prices include VAT (decision 0098)
    await t.database.query(`insert into settings (key, value) values ('tax.marketplace_trn', '100000000000003')`);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the number, every line and the totals to the customer, once, after the order is stored', async () => {
    const lamp = await t.app.services.catalogue.createProduct({ name: 'Brass Desk Lamp', priceCents: 2450, stock: 5, categories: ['Home'] });
    const mug = await t.app.services.catalogue.createProduct({ name: 'Clay Mug', priceCents: 1199, stock: 5, categories: ['Home'] });
    const buyer = await signupCustomer(t.app, 'Layla');
    const placeWithKey = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/orders',
        token: buyer.token,
        headers: { 'idempotency-key': 'mail-test-1' },
        body: orderBody([{ product_id: lamp.id, quantity: 2 }, { product_id: mug.id, quantity: 1 }], 'Layla@Example.com'),
      });
    const res = await placeWithKey();
    expect(res.status).toBe(201);
    expect(res.json.confirmation_email_queued).toBe(true);
    const order = res.json.order;
    // 2 × 24.50 + 11.99 = 60.99 (free shipping), VAT included: 49.00 → 2.33, 11.99 → 0.57
    expect(order).toMatchObject({ subtotal: 60.99, shipping: 0, tax: 2.9, total_amount: 60.99, tax_included: true });

    await t.app.services.mailer!.idle();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(smtp.envelopes[0]).toEqual({ from: 'orders@souq.test', to: ['layla@example.com'] });
    expect(mail.from?.text).toBe('"Souq Orders" <orders@souq.test>');
    expect(mail.subject).toBe(`Your Souq order ${order.order_number}`);
    const text = mail.text ?? '';
    expect(text).toContain(`thank you for your order ${order.order_number}`);
    expect(text).toContain('- 2 × Brass Desk Lamp @ AED\u00a024.50 = AED\u00a049.00');
    expect(text).toContain('- 1 × Clay Mug @ AED\u00a011.99 = AED\u00a011.99');
    expect(text).toMatch(/Subtotal:\s+AED\u00a060\.99/);
    expect(text).toMatch(/Shipping:\s+AED\u00a00\.00/);
    expect(text).toMatch(/Total:\s+AED\u00a060\.99\n.*includes VAT \(5%\):\s+AED\u00a02\.90/);
    expect(text).toContain('Payment: Cash on Delivery');
    expect(text).toContain('Ship to: 7 Creek Road, 00000 Dubai, UAE');

    // a retried request (same Idempotency-Key) answers the same order and sends no second mail
    const again = await placeWithKey();
    expect(again.status).toBe(200);
    expect(again.json.order.order_number).toBe(order.order_number);
    await t.app.services.mailer!.idle();
    expect(smtp.received).toHaveLength(1);
  });

  it("is written in the customer's saved language and digits (decision 0105)", async () => {
    const lamp = await t.app.services.catalogue.createProduct({ name: 'Oud Burner', priceCents: 2450, stock: 5, categories: ['Home'] });
    const buyer = await signupCustomer(t.app, 'Mariam');
    await call(t.app, { method: 'PUT', url: '/api/auth/language', token: buyer.token, body: { locale: 'ar', digits: 'arab' } });
    const before = smtp.received.length;
    // the browser says English: the saved choice wins
    const res = await call(t.app, {
      method: 'POST', url: '/api/orders', token: buyer.token, headers: { 'accept-language': 'en' },
      body: orderBody([{ product_id: lamp.id, quantity: 2 }], 'mariam@example.com'),
    });
    expect(res.status).toBe(201);
    const order = res.json.order;
    await t.app.services.mailer!.idle();
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.subject).toBe(`طلبك من سوق رقم ${order.order_number}`);
    const text = mail.text ?? '';
    expect(text).toContain('مرحبًا Layla Haddad،');
    expect(text).toContain(`شكرًا لطلبك رقم ${order.order_number}.`);
    // quantities and amounts in Arabic-Indic digits, as the customer chose
    expect(text).toMatch(/- ٢ × Oud Burner @ .*٢٤٫٥٠.* = .*٤٩٫٠٠/);
    expect(text).toMatch(/المجموع الفرعي:\s+.*٤٩٫٠٠/);
    expect(text).toMatch(/الإجمالي:\s+.*[٠-٩]+٫[٠-٩]{2}/);
    expect(text).toContain('الدفع: الدفع عند الاستلام');
    expect(text).toContain('الشحن إلى: 7 Creek Road, 00000 Dubai, UAE');
    expect(text).not.toMatch(/Subtotal|Payment|thank you/);
  });

  it('confirms a card purchase once its payment is authorised, built from what its release read (decision 0171): every line and the totals', async () => {
    const p = await startTestPayments(t);
    const kettle = await t.app.services.catalogue.createProduct({ name: 'Copper Kettle', priceCents: 3000, stock: 5, categories: ['Home'] });
    const tray = await t.app.services.catalogue.createProduct({ name: 'Olive Tray', priceCents: 2250, stock: 5, categories: ['Home'] });
    const before = smtp.received.length;
    const res = await call(t.app, {
      method: 'POST', url: '/api/orders', headers: { 'idempotency-key': 'mail-card-1' },
      body: { ...orderBody([{ product_id: kettle.id, quantity: 2 }, { product_id: tray.id, quantity: 1 }], 'card.buyer@example.com'), payment_method: 'card' },
    });
    expect(res.status).toBe(201);
    await t.app.services.mailer!.idle();
    // on hold until paid: no confirmation yet
    expect(smtp.received).toHaveLength(before);
    await payPlaced(p, res.json);
    await t.app.services.mailer!.idle();
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.subject).toBe(`Your Souq order ${res.json.order_number}`);
    const text = mail.text ?? '';
    expect(text).toContain('- 2 × Copper Kettle @ AED\u00a030.00 = AED\u00a060.00');
    expect(text).toContain('- 1 × Olive Tray @ AED\u00a022.50 = AED\u00a022.50');
    expect(text).toMatch(/Total:\s+AED\u00a082\.50/);
    expect(text).toContain('Ship to: 7 Creek Road, 00000 Dubai, UAE');
    // the webhooks after the return page move nothing more: still one mail
    await p.flush();
    await t.app.services.mailer!.idle();
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('sends nothing for an order that fails (out of stock)', async () => {
    const scarce = await t.app.services.catalogue.createProduct({ name: 'Rare Print', priceCents: 9900, stock: 1, categories: ['Art'] });
    const before = smtp.received.length;
    const res = await call(t.app, { method: 'POST', url: '/api/orders', body: orderBody([{ product_id: scarce.id, quantity: 3 }], 'x@example.com') });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await t.app.services.mailer!.idle();
    expect(smtp.received.length).toBe(before);
  });
});

describe('order confirmation without a mail server', () => {
  it('without SMTP_URL nothing is queued and the answer says so', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.services.mailer).toBeNull();
      const p = await t.app.services.catalogue.createProduct({ name: 'Plain Notebook', priceCents: 500, stock: 3, categories: ['Paper'] });
      const res = await call(t.app, { method: 'POST', url: '/api/orders', body: orderBody([{ product_id: p.id, quantity: 1 }], 'n@example.com') });
      expect(res.status).toBe(201);
      expect(res.json.confirmation_email_queued).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('an unreachable SMTP server never fails the order', async () => {
    const port = await closedPort();
    const t = await createTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'orders@souq.test' } });
    try {
      const p = await t.app.services.catalogue.createProduct({ name: 'Spare Cable', priceCents: 800, stock: 3, categories: ['Tech'] });
      const res = await call(t.app, { method: 'POST', url: '/api/orders', body: orderBody([{ product_id: p.id, quantity: 1 }], 'c@example.com') });
      expect(res.status).toBe(201);
      expect(res.json.order.status).toBe('pending');
      // the order is stored whatever the mail does
      expect(await t.database.query('select 1 from orders where order_number = $1', [res.json.order_number])).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('mailer', () => {
  it('retries a failed delivery and then delivers', async () => {
    const port = await closedPort();
    const logs: string[] = [];
    // first attempts go to a dead port; the receiver starts on that port before the last retry
    const mailer = createMailer({ url: `smtp://127.0.0.1:${port}`, from: 'orders@souq.test', log: (m) => logs.push(m), retryDelaysMs: [50, 400] });
    expect(mailer.queue({ to: 'r@example.com', subject: 'Retry me', text: 'hello' })).toBe(true);
    const received: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream).then((m) => (received.push(m), done())).catch(done);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      await mailer.idle();
      expect(received.map((m) => m.subject)).toEqual(['Retry me']);
      expect(logs).toEqual([]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses new mail when its queue is full, so nobody is told a mail is coming', async () => {
    const port = await closedPort();
    const mailer = createMailer({ url: `smtp://127.0.0.1:${port}`, from: 'orders@souq.test', log: () => {}, retryDelaysMs: [], maxQueued: 1 });
    try {
      expect(mailer.queue({ to: 'a@example.com', subject: 'one', text: '1' })).toBe(true);
      expect(mailer.queue({ to: 'b@example.com', subject: 'two', text: '2' })).toBe(true); // the first is being sent
      expect(mailer.queue({ to: 'c@example.com', subject: 'three', text: '3' })).toBe(false);
    } finally {
      await mailer.close();
    }
  });
});
