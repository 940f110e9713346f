import type { AuditLog } from '../../platform/audit.js';
import { and, asc, eq, getTableColumns, isNotNull, isNull, lt, or, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { PaymentState } from '@souq/shared/api/payments';
import { amountToCents, centsToAmount } from '@souq/shared/rules/money';
import { MSG } from '@souq/shared/messages';
import { paymentAttempts } from '../../db/schema/payments.js';
import { RANK, WEBHOOK_FRONT } from './payments.webhook-front.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { periodicJob } from '../../platform/periodic-job.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { builtOnce } from '../../platform/built-once.js';
import { post as postToLedger, postingsInsert, type Posting } from '../ledger/ledger.post.js';
import type { HeldSubOrder, HoldMove, PaymentHold } from '../orders/payment-hold.js';
import { cashInEntries } from './payments.postings.js';
import { ProviderError, WebhookVerificationError, type Payment, type PaymentMethodInfo, type PaymentProvider, type ProviderName } from './payments.provider.js';
import type { PaymentsRuntime } from './payments.runtime.js';
import { createCardRefunds } from './payments.refunds.js';
import { applyDisputeIn } from './payments.disputes.js';
import { cardIssues } from './payments.issues.js';
import { createSellerTransfers, type TransferNotice } from './payments.transfers.js';
import type { Bus } from '../../platform/bus.js';
import { orders } from '../../db/schema/orders.js';

/**
 * Card purchases paid through the provider (issue 36 items 3–4, decision 0137). A card purchase is placed on hold
 * (orders/payment-hold.ts); this module creates its payment at the provider, sends the shopper to the provider's page,
 * and moves the purchase only on what it reads back from the provider — on the shopper's return, on a signed webhook,
 * or when the time to pay runs out — never on what a browser or an event body says. Every move runs in one
 * transaction under the payment's row lock and only forward: the sale is posted once when the payment is authorised,
 * the cash once when it is captured (with the provider's fee), the stock released once when it is cancelled unpaid.
 */
type AttemptRow = typeof paymentAttempts.$inferSelect;
/** A verified webhook's event as it is stored (the raw body it arrived as, its signature checked). */
type StoredEvent = { provider: ProviderName; eventId: string; type: string; objectId: string | null; rawBody: string };
/**
 * A payment authorised or captured after its purchase was given up (decision 0185): voided at the provider after the
 * commit, or, captured, its cash booked and refunded in full.
 */
type LatePayment = { attemptId: number; paymentId: string; purchaseId: number; refund: boolean };
export type PaymentsService = ReturnType<typeof createPaymentsService>;

export type PurchaseToPay = { id: number; order_number: string; total_amount: number; currency: string; customer_email: string; user_id: number | null };

/**
 * A payment's attempt under its row lock, the first statement of every transaction that applies a payment read back
 * (a paid card purchase's money-moving webhook among them): built once and named (decision 0196), not built by Drizzle
 * and planned by PostgreSQL at each call.
 */
const attemptLock = builtOnce('payments-attempt-lock', (db) => db.select().from(paymentAttempts)
  .where(and(eq(paymentAttempts.provider, sql.placeholder('provider')), eq(paymentAttempts.providerPaymentId, sql.placeholder('paymentId'))))
  .orderBy(asc(paymentAttempts.id)).limit(1).for('update'));

/** A card checkout's attempt stored once per purchase (the first stored wins), built once and named (decision 0196). */
const attemptInsert = builtOnce('payments-attempt-insert', (db) => db.insert(paymentAttempts).values({
  purchaseId: sql.placeholder('purchaseId'), provider: sql.placeholder('provider'), providerPaymentId: sql.placeholder('providerPaymentId'),
  status: sql.placeholder('status'), amountCents: sql.placeholder('amountCents'), currency: sql.placeholder('currency'),
  accessToken: sql.placeholder('accessToken'), expiresAt: sql.placeholder('expiresAt'),
}).onConflictDoNothing().returning());

export function createPaymentsService(deps: {
  db: Db;
  /** Raw queries, named ones prepared once per pooled connection (the webhook's front). */
  query: Database['query'];
  runtime: PaymentsRuntime;
  hold: PaymentHold;
  /** The purchase a return page or an owner asks about (the orders module's read). */
  purchaseByNumber: (purchaseNumber: string) => Promise<PurchaseToPay | null>;
  publicUrl: string;
  waitMinutes: number;
  /**
   * When the money is taken (decision 0166): `manual` (the default, decision 0137) authorises, then Souq captures right
   * after the release — the provider never holds money Souq has not booked; `automatic` captures at authorisation —
   * the release, the sale and the cash in one transaction on one read-back, no capture call, but money sits at the
   * provider unbooked while its event is late or lost (until the return page, a retry or the job reads it back).
   */
  capture?: 'automatic' | 'manual';
  log: (msg: string) => void;
  /** Cancellations and refunded returns: what they leave owed to a card purchase's shopper goes back to the card. */
  bus: Bus;
  now?: () => Date;
  /** The shop's currency (transfers to sellers, decision 0147). */
  currency: string;
  /** Tells a seller that a transfer came back, a reversal was refused or a payout failed (after the commit). */
  transferNotice: (n: TransferNotice) => Promise<void>;
  /** The trail of a seller's payout account connected or read back (decision 0147). */
  audit: AuditLog;
}) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const provider = (): PaymentProvider => deps.runtime.provider;
  const refunds = createCardRefunds({ db, provider, log: deps.log, now });
  // sellers paid by transfer on the payments runtime's clock (a test clock drives it in tests)
  const transfers = createSellerTransfers({
    db, provider, publicUrl: deps.publicUrl, currency: deps.currency, log: deps.log, now: () => deps.now?.() ?? deps.runtime.now(), notify: deps.transferNotice, audit: deps.audit,
  });

  const transfersJob = periodicJob('payments: transfers to sellers', () => transfers.run(), { everyMs: 10 * 60_000, log: deps.log });
  // a journey that skips days on the test clock (decision 0155) sees the transfers those days made due
  deps.runtime.onClockMoved(() => transfersJob.runOnce());

  /** After a cancellation or a refunded return: the purchase's card gets back what the ledger says is owed. */
  async function refundOwedOfOrder(orderId: number) {
    const [row] = await db.select({ purchaseId: orders.purchaseId }).from(orders).where(eq(orders.id, orderId));
    if (row?.purchaseId) await refunds.settleOwed(row.purchaseId);
  }
  const refundQuietly = (orderId: number) => refundOwedOfOrder(orderId).catch((err: unknown) => deps.log(`payments: refund of order ${orderId} not sent: ${err instanceof Error ? err.message : String(err)}`));
  deps.bus.on('order.statusChanged', (e) => (e.to === 'cancelled' ? refundQuietly(e.orderId) : undefined), { scope: 'origin' });
  deps.bus.on('return.changed', (e) => (e.refundCents !== null ? refundQuietly(e.orderId) : undefined), { scope: 'origin' });
  // an agent's purchase is paid in a browser that never saw its checkout: the return address carries the read token
  const returnUrl = (purchaseNumber: string, token?: string) => `${deps.publicUrl}/checkout/payment?${new URLSearchParams({ purchase: purchaseNumber, ...(token ? { token } : {}) })}`;

  async function attemptOfPurchase(purchaseId: number): Promise<AttemptRow | null> {
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.purchaseId, purchaseId)).orderBy(asc(paymentAttempts.id)).limit(1);
    return row ?? null;
  }

  /** What the shopper's browser is told: where to pay now, or that it is paid or expired. */
  function stateOf(a: AttemptRow, payment: Payment | null, purchaseNumber: string, lang: 'en' | 'ar'): PaymentState {
    const open = !a.salePostedAt && !a.expiredAt;
    let payUrl: string | null = null;
    let cardForm: PaymentState['card_form'] = null;
    if (open && payment) {
      // 3-D Secure, or the provider's own card page where no client secret is given (Checkout.com's hosted page, decision 0179)
      if (payment.status === 'requires_action' || (payment.status === 'requires_payment_method' && !payment.clientSecret)) payUrl = payment.redirectUrl;
      else if (payment.status === 'requires_payment_method' && payment.clientSecret) {
        // local mode: the local provider's card page; in real mode Stripe's own fields on Souq's page take the card
        payUrl = deps.runtime.local?.stripe?.payUrl({ id: payment.id, client_secret: payment.clientSecret }, returnUrl(purchaseNumber), lang) ?? null;
        const form = payUrl ? null : deps.runtime.cardForm();
        if (form) cardForm = { provider: 'stripe', publishable_key: form.publishableKey, client_secret: payment.clientSecret, script_url: form.scriptUrl };
      }
    }
    return {
      purchase_number: purchaseNumber,
      status: a.status,
      paid: Boolean(a.salePostedAt),
      expired: Boolean(a.expiredAt),
      pay_url: payUrl,
      card_form: cardForm,
      failure: open && a.failureCode ? { code: a.failureCode, message: a.failureMessage ?? '' } : null,
      amount: centsToAmount(a.amountCents),
      currency: a.currency,
      expires_at: a.expiresAt.toISOString(),
    };
  }

  /** An attempt's changed columns as an update's `set` (raw statements; timestamps as ISO text, cast by their column). */
  const ATTEMPT_COLUMNS = getTableColumns(paymentAttempts);
  function setOf(patch: Partial<AttemptRow>): SQL {
    return sql.join(Object.entries(patch).filter(([, v]) => v !== undefined).map(([k, v]) =>
      sql`${sql.identifier(ATTEMPT_COLUMNS[k as keyof AttemptRow].name)} = ${v instanceof Date ? v.toISOString() : v}`), sql`, `);
  }

  /**
   * The cash side of a capture: the provider's clearing against the shopper's receivable, less the provider's fee; one
   * posting an attempt (its ref), whichever path books it (the webhook's transaction, its one statement, the job).
   */
  const capturedCash = (attemptId: number, purchaseId: number, currency: string, payment: Payment): Posting => ({
    kind: 'payment', ref: `${attemptId}:captured`, lines: cashInEntries({ capturedCents: payment.amountCaptured, feeCents: payment.fee ?? 0 }),
    currency, purchaseId, createdBy: null, memo: payment.id,
  });

  /** A webhook's event row with its outcome, stored once (unique provider and event id); with `when`, only if it holds. */
  const eventInsert = (e: StoredEvent, outcome: string | null, when?: SQL): SQL => sql`
    insert into payment_events (provider, event_id, type, object_id, payload, outcome)
    select ${e.provider}::text, ${e.eventId}::text, ${e.type}::text, ${e.objectId}::text, ${e.rawBody}::jsonb, ${outcome}::text${when ? sql` where ${when}` : sql``}
    on conflict (provider, event_id) do nothing`;

  /**
   * Applies a payment as read back from the provider, in the caller's transaction, under the attempt's row lock.
   * Returns what to do after the commit (announce the release, capture an authorisation), or null when no purchase of
   * Souq's has this payment.
   */
  async function applyIn(tx: Tx, payment: Payment, event?: StoredEvent): Promise<{ outcome: string; move: HoldMove | null; capture: AttemptRow | null; released: number | null; lateBack: LatePayment | null; stored?: boolean } | null> {
    // a payment made on a provider's hosted page (Checkout.com's `hpp_`, whose every card is a payment of its own,
    // decision 0179) is its purchase's by its reference; the page's id is what the attempt holds and acts on
    const byReference = !provider().capabilities.retryKeepsPayment && payment.reference
      ? sql`left(${paymentAttempts.providerPaymentId}, 4) = 'hpp_' and ${paymentAttempts.purchaseId} = (select id from purchases where purchase_number = ${payment.reference})` : undefined;
    const [a] = byReference
      ? await tx.select().from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, payment.provider), or(eq(paymentAttempts.providerPaymentId, payment.id), byReference))).orderBy(asc(paymentAttempts.id)).limit(1).for('update')
      : await attemptLock(tx, { provider: payment.provider, paymentId: payment.id });
    if (!a) return null;
    const at = now();
    const patch: Partial<AttemptRow> = { updatedAt: at };
    const outcomes: string[] = [];
    if (RANK[payment.status] >= RANK[a.status]) {
      patch.status = payment.status;
      patch.failureCode = payment.failure?.code ?? null;
      patch.failureMessage = payment.failure?.message ?? null;
    }
    let move: HoldMove | null = null;
    let released: number | null = null;
    const paid = payment.status === 'authorized' || payment.status === 'captured';
    const releasing = paid && !a.salePostedAt && !a.expiredAt;
    // paid after Souq gave the purchase up (Checkout.com's hosted page takes a card until its session lapses; the
    // stock is back on sale, the sub-orders cancelled): never sold (decision 0185)
    const late = paid && Boolean(a.expiredAt) && !a.salePostedAt;
    // the cash side at capture (provider clearing against the shopper's receivable, less the provider's fee); money
    // taken late is booked too, owed back to the shopper, and refunded after the commit
    const cash: Posting | null = payment.status === 'captured' && !a.cashPostedAt && (a.salePostedAt || releasing || late)
      ? capturedCash(a.id, a.purchaseId, a.currency, payment)
      : null;
    if (releasing) {
      patch.salePostedAt = at;
      outcomes.push('released');
    }
    if (cash) {
      patch.cashPostedAt = at;
      patch.capturedCents = payment.amountCaptured;
      patch.feeCents = payment.fee;
      outcomes.push('cash received');
    }
    const givingUp = payment.status === 'canceled' && !a.salePostedAt && !a.expiredAt;
    if (givingUp) {
      patch.expiredAt = at;
      outcomes.push('given up unpaid');
    }
    const capture = payment.status === 'authorized' && !a.expiredAt ? a : null;
    // a late authorisation is never captured but voided at once, so the shopper's bank lets the hold go; money
    // captured late (automatic capture) is refunded in full
    const lateBack: LatePayment | null = late && (payment.status === 'authorized' || cash)
      ? { attemptId: a.id, paymentId: payment.id, purchaseId: a.purchaseId, refund: payment.status === 'captured' } : null;
    if (lateBack) outcomes.push(lateBack.refund ? 'captured after it was given up: refunded' : 'authorised after it was given up: voided');
    const outcome = outcomes.join(', ') || `no change (${payment.status})`;
    // a webhook's event row goes with the attempt's change (decision 0171): `stored` false when a delivery of the same
    // event got there first (the caller rolls everything back)
    const attemptAndEvent = (e: StoredEvent) => ({
      ctes: [sql`changed as (update payment_attempts set ${setOf(patch)} where id = ${a.id})`, sql`stored as (${eventInsert(e, outcome)} returning id)`],
      select: sql`(select count(*)::int from stored)`,
    });
    if (releasing) {
      // captured at authorisation (decision 0166): the cash goes in the same insert as the sales; a webhook's attempt
      // change and event row go in the release's own statement too (decision 0172)
      move = await deps.hold.release(tx, a.purchaseId, 'Card payment authorised', cash ? [cash] : [], event ? attemptAndEvent(event) : undefined);
      released = a.purchaseId;
      if (event) return { outcome, move, capture, released, lateBack, stored: (move.tail ?? 0) > 0 };
    }
    if (cash && !releasing) await postToLedger(tx, cash);
    if (givingUp) move = await deps.hold.giveUp(tx, a.purchaseId, 'Payment not completed: stock released');
    if (!event) {
      await tx.update(paymentAttempts).set(patch).where(eq(paymentAttempts.id, a.id));
      return { outcome, move, capture, released, lateBack };
    }
    const tail = attemptAndEvent(event);
    const [row] = await rowsOf<{ stored: number }>(tx, sql`with ${sql.join(tail.ctes, sql`, `)} select ${tail.select} as stored`);
    return { outcome, move, capture, released, lateBack, stored: row!.stored > 0 };
  }

  /**
   * A webhook's capture answered `captured` for a purchase still on hold (decision 0203): the release, the sales, the
   * cash, the attempt's change and the event's row in ONE statement outside any transaction, from the held sub-orders
   * read without locks (`hold.readHeld`), instead of begin, the attempt's lock, the locked read, the release and
   * commit. The statement takes the attempt's row lock first (as `applyIn` does) and re-checks that it is still
   * open — neither released, nor its cash in, nor given up — then the sub-orders' locks and that each is still held;
   * the event's row is stored only then (a delivery of the same event stored first writes nothing here), and every
   * other write only with it. What `applyIn` would do in this case exactly: the attempt captured with its sale and
   * cash times, the sales and the cash side posted through the ledger's insert, the outcome 'released, cash received'.
   * Null when nothing was written: the caller applies the payment in the transactional path, which reads it all again
   * under its locks (a duplicate, a give-up racing it, a sub-order moved meanwhile).
   */
  async function releaseAtOnce(attemptId: number, held: HeldSubOrder[], payment: Payment, e: StoredEvent) {
    if (payment.status !== 'captured' || !held.length) return null;
    const purchaseId = held[0]!.purchase.id;
    const at = now();
    const outcome = 'released, cash received';
    const cash = capturedCash(attemptId, purchaseId, held[0]!.purchase.currency, payment);
    const patch: Partial<AttemptRow> = {
      status: payment.status, failureCode: payment.failure?.code ?? null, failureMessage: payment.failure?.message ?? null,
      salePostedAt: at, cashPostedAt: at, capturedCents: payment.amountCaptured, feeCents: payment.fee, updatedAt: at,
    };
    const move = await deps.hold.releaseGuarded(db, held, 'Card payment authorised', [cash], {
      lockName: 'attempt_open',
      lock: sql`attempt_open as (
        select id from payment_attempts
        where id = ${attemptId} and purchase_id = ${purchaseId} and provider_payment_id = ${payment.id}
          and sale_posted_at is null and cash_posted_at is null and expired_at is null
        for update
      )`,
      writes: (stillHeld) => [
        sql`stored as (${eventInsert(e, outcome, sql`exists (select 1 from attempt_open) and ${stillHeld}`)} returning id)`,
        sql`changed as (update payment_attempts set ${setOf(patch)} where id in (select id from attempt_open) and exists (select 1 from stored) returning id)`,
      ],
      gate: 'changed',
    });
    return move ? { outcome, move, capture: null, released: purchaseId, lateBack: null } : null;
  }

  /**
   * A late payment given back: an authorisation voided at the provider (a key per payment; a payment already voided
   * has nothing left to void), money captured refunded through the ledger's rule (what the shopper is owed goes back
   * to the card, once).
   */
  async function settleLatePayment(late: LatePayment): Promise<void> {
    try {
      if (late.refund) await refunds.settleOwed(late.purchaseId);
      else await provider().cancelPayment(late.paymentId, { idempotencyKey: `souq-payment-${late.attemptId}-void-${late.paymentId}` });
      deps.log(`payments: ${late.paymentId} was paid after its purchase was given up: ${late.refund ? 'refunded' : 'voided'}`);
    } catch (err) {
      // the next read-back of it (the return page, another of its events) tries again; an authorisation is never
      // captured, so one nobody voids lapses at the provider; a refund requested and not answered is sent again by
      // the job (under its own key)
      deps.log(`payments: ${late.refund ? 'refund' : 'void'} of late payment ${late.paymentId} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** An authorisation captured at the provider, and what it answers applied (its answer is a read-back of our own call). */
  async function capture(a: AttemptRow): Promise<void> {
    let captured: Payment;
    try {
      captured = await provider().capturePayment(a.providerPaymentId, { idempotencyKey: `souq-payment-${a.id}-capture` });
    } catch (err) {
      // the purchase stands (authorised, released); the job reads it back and captures it on its next run
      deps.log(`payments: capture of ${a.providerPaymentId} failed, retried by the job: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (!(await bookCapture(a, captured))) await apply(captured);
  }

  /**
   * The capture's answer booked in ONE statement (decision 0171) in the common case — the purchase released, its cash
   * not yet in: the attempt marked captured and the cash side posted together, the update's own row lock and its
   * re-checked condition standing in for the transaction's `for update` (a concurrent delivery of the same news finds
   * the cash booked and posts nothing). Anything else (not captured, not released, already booked) goes through
   * `apply`. Answers whether it booked.
   */
  async function bookCapture(a: AttemptRow, payment: Payment): Promise<boolean> {
    if (payment.status !== 'captured' || payment.id !== a.providerPaymentId) return false;
    const at = now().toISOString();
    const cash = capturedCash(a.id, a.purchaseId, a.currency, payment);
    const rows = await rowsOf<{ id: number }>(db, sql`
      with booked as (
        update payment_attempts set status = 'captured', failure_code = ${payment.failure?.code ?? null}, failure_message = ${payment.failure?.message ?? null},
          captured_cents = ${payment.amountCaptured}, fee_cents = coalesce(${payment.fee ?? null}::int, fee_cents), cash_posted_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        where id = ${a.id} and sale_posted_at is not null and cash_posted_at is null and expired_at is null
        returning id
      ), posted as (${postingsInsert([cash], { onlyIf: 'booked' })})
      select id from booked`);
    return rows.length > 0;
  }

  /** Captures (and late payments given back) started after a webhook's answer, still running (idle() waits for them). */
  const capturing = new Set<Promise<void>>();

  /**
   * After the commit: the sellers hear of a released purchase, and an authorisation is captured (then applied). A
   * webhook's handling captures after its answer (`later`): the provider waits only for what its event moved, not for
   * a second call and transaction of Souq's own (decision 0157); a capture that does not happen is the job's, as when
   * the provider fails it.
   */
  async function afterCommit(result: { move: HoldMove | null; capture: AttemptRow | null; released?: number | null; lateBack?: LatePayment | null } | null, opts: { later?: boolean } = {}): Promise<void> {
    result?.move?.afterCommit();
    if (result?.released) void deps.bus.emit('purchase.paid', { purchaseId: result.released, ...(result.move?.released ? { idempotencyKey: result.move.released.purchase.idempotencyKey } : {}) });
    const a = result?.capture;
    const work = a ? () => capture(a) : result?.lateBack ? () => settleLatePayment(result.lateBack!) : null;
    if (!work) return;
    if (!opts.later) return work();
    const run = work()
      .catch((err: unknown) => deps.log(`payments: ${a ? `capture of ${a.providerPaymentId} not applied, retried by the job` : 'a late payment not given back'}: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => capturing.delete(run));
    capturing.add(run);
  }

  /**
   * A webhook's payment read back (decision 0180). An authorisation of a purchase of Souq's that is still open (the
   * webhook's front found it neither settled nor given up) is captured at once, and the capture's answer is the read-back:
   * the provider's own state of the payment, answered to Souq's authenticated call. The release, the sale and the cash
   * then go in one transaction, as with automatic capture, instead of a read-back, the release, then a capture and its
   * own booking after the answer. A capture the provider refuses (the payment moved on: cancelled, or not yet
   * capturable) falls back to the plain read-back, and what that says is applied as before. The capture's idempotency
   * key is the one the job's and the return page's captures use, so a payment is captured once whichever gets there.
   */
  async function readBack(paymentId: string, attemptId: number | null, claims: Payment['status'] | undefined): Promise<Payment> {
    if (attemptId === null || claims !== 'authorized' || (deps.capture ?? 'manual') !== 'manual') return provider().getPayment(paymentId);
    try {
      return await provider().capturePayment(paymentId, { idempotencyKey: `souq-payment-${attemptId}-capture` });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      return provider().getPayment(paymentId);
    }
  }

  async function apply(payment: Payment): Promise<void> {
    const result = await db.transaction((tx) => applyIn(tx, payment));
    await afterCommit(result);
  }

  /** Reads the payment back from the provider and applies it. */
  async function sync(a: AttemptRow): Promise<Payment> {
    const payment = await provider().getPayment(a.providerPaymentId);
    await apply(payment);
    return payment;
  }

  async function reread(id: number): Promise<AttemptRow> {
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
    return row!;
  }

  /**
   * The purchase's one payment at the provider: one idempotency key per purchase (a retried request is the same
   * payment, never two), manual capture, the purchase number as its reference; with a card when one is given.
   */
  async function createAttempt(purchase: PurchaseToPay, opts: { paymentMethod?: string; tokenInReturn: boolean; lang?: 'en' | 'ar' }): Promise<{ a: AttemptRow; payment: Payment }> {
    const amount = amountToCents(purchase.total_amount);
    const accessToken = randomBytes(24).toString('base64url');
    const payment = await provider().createPayment({
      reference: purchase.order_number, amount, currency: purchase.currency, capture: deps.capture ?? 'manual',
      returnUrl: returnUrl(purchase.order_number, opts.tokenInReturn ? accessToken : undefined),
      ...(opts.paymentMethod ? { paymentMethod: opts.paymentMethod } : {}), ...(opts.lang ? { locale: opts.lang } : {}),
      description: `Souq ${purchase.order_number}`, customerEmail: purchase.customer_email,
      metadata: { souq_purchase: purchase.order_number }, idempotencyKey: `souq-purchase-${purchase.id}-payment`,
    });
    const [inserted] = await attemptInsert(db, {
      purchaseId: purchase.id, provider: payment.provider, providerPaymentId: payment.id, status: payment.status, amountCents: amount,
      currency: purchase.currency, accessToken, expiresAt: new Date(now().getTime() + deps.waitMinutes * 60_000),
    });
    // a concurrent request for the same purchase stored it first: that row is the purchase's attempt
    return { a: inserted ?? (await attemptOfPurchase(purchase.id))!, payment };
  }

  /** Cancels at the provider what is still unpaid after its time, then applies what the provider says. */
  async function expire(a: AttemptRow): Promise<void> {
    let payment = await provider().getPayment(a.providerPaymentId);
    if (payment.status === 'requires_payment_method' || payment.status === 'requires_action' || payment.status === 'processing') {
      try {
        payment = await provider().cancelPayment(a.providerPaymentId, { idempotencyKey: `souq-payment-${a.id}-cancel` });
      } catch (err) {
        // it moved on meanwhile (authorised at the last moment): what it is now decides
        if (!(err instanceof ProviderError)) throw err;
        payment = await provider().getPayment(a.providerPaymentId);
      }
    }
    await apply(payment);
  }

  const expiryJob = periodicJob('payments: unpaid card purchases', async (at: Date) => {
    const due = await db.select().from(paymentAttempts)
      .where(and(isNull(paymentAttempts.salePostedAt), isNull(paymentAttempts.expiredAt), lt(paymentAttempts.expiresAt, at)))
      .orderBy(asc(paymentAttempts.expiresAt)).limit(100);
    for (const a of due) await expire(a);
    // authorisations whose capture did not happen (the provider did not answer after the release): read back, captured
    const uncaptured = await db.select().from(paymentAttempts)
      .where(and(isNotNull(paymentAttempts.salePostedAt), isNull(paymentAttempts.cashPostedAt), eq(paymentAttempts.status, 'authorized'), lt(paymentAttempts.updatedAt, new Date(at.getTime() - 60_000))))
      .orderBy(asc(paymentAttempts.id)).limit(100);
    for (const a of uncaptured) await sync(a);
    // refunds requested while the provider did not answer go again under their own keys
    await refunds.resend();
    return due.length;
  }, { everyMs: 60_000, log: deps.log });

  return {
    /**
     * Starts the payment of a card purchase just placed on hold: one payment at the provider per purchase (the same
     * idempotency key on a retried request, so never two), manual capture, the purchase number as its reference.
     */
    async begin(purchase: PurchaseToPay, lang: 'en' | 'ar', opts: { tokenInReturn?: boolean; fresh?: boolean } = {}): Promise<PaymentState & { token: string }> {
      // a purchase placed by this very request has no payment yet: not looked for (decision 0166); a concurrent request
      // for it still gets the same payment (one idempotency key per purchase) and the row stored first
      let a = opts.fresh ? null : await attemptOfPurchase(purchase.id);
      let payment: Payment | null = null;
      if (!a) ({ a, payment } = await createAttempt(purchase, { tokenInReturn: opts.tokenInReturn ?? false, lang }));
      else {
        payment = await sync(a);
        a = await reread(a.id);
      }
      return { ...stateOf(a, payment, purchase.order_number, lang), token: a.accessToken };
    },

    /** A tokenised card read back from the provider (what an agent's UCP credential names, decision 0138); null when unknown. */
    async paymentMethod(token: string): Promise<PaymentMethodInfo | null> {
      const p = provider();
      if (!p.getPaymentMethod) return null;
      try {
        return await p.getPaymentMethod(token);
      } catch (err) {
        if (err instanceof ProviderError && err.status < 500) return null;
        throw err;
      }
    },

    /**
     * Pays a purchase on hold with a tokenised card (an agent's, decision 0138): the purchase's one payment created
     * and confirmed with it, or, after a decline, confirmed again with the new card (its own key per card, so a retry
     * of the same card is the same attempt). What the provider answers is applied as any read-back is.
     */
    async payWithMethod(purchase: PurchaseToPay, method: string, lang: 'en' | 'ar'): Promise<PaymentState & { token: string }> {
      let a = await attemptOfPurchase(purchase.id);
      let payment: Payment;
      if (!a) ({ a, payment } = await createAttempt(purchase, { paymentMethod: method, tokenInReturn: true }));
      else {
        payment = await provider().getPayment(a.providerPaymentId);
        if (payment.status === 'requires_payment_method' && !a.expiredAt) {
          payment = await provider().confirmPayment(a.providerPaymentId, {
            paymentMethod: method, returnUrl: returnUrl(purchase.order_number, a.accessToken), idempotencyKey: `souq-payment-${a.id}-confirm-${method}`,
          });
        }
      }
      await apply(payment);
      return { ...stateOf(await reread(a.id), payment, purchase.order_number, lang), token: a.accessToken };
    },

    /**
     * Gives up a purchase's payment now (an agent canceled its checkout): cancelled at the provider if still unpaid,
     * then applied as read back — a payment authorised meanwhile releases the purchase instead.
     */
    async cancelUnpaid(purchase: PurchaseToPay, lang: 'en' | 'ar'): Promise<(PaymentState & { token: string }) | null> {
      const a = await attemptOfPurchase(purchase.id);
      if (!a) return null;
      await expire(a);
      const payment = await provider().getPayment(a.providerPaymentId);
      return { ...stateOf(await reread(a.id), payment, purchase.order_number, lang), token: a.accessToken };
    },

    /** A purchase's payment read back and applied, for its own module's callers (an agent's checkout); null when it has none. */
    async stateOfPurchase(purchase: PurchaseToPay, lang: 'en' | 'ar'): Promise<(PaymentState & { token: string }) | null> {
      const a = await attemptOfPurchase(purchase.id);
      if (!a) return null;
      const payment = await sync(a);
      return { ...stateOf(await reread(a.id), payment, purchase.order_number, lang), token: a.accessToken };
    },

    /**
     * The payment of a purchase as the shopper's browser may read it (its owner signed in, or the token its checkout
     * was given), read back from the provider first — so the return from 3-D Secure shows the truth even before the
     * webhook arrives.
     */
    async state(purchaseNumber: string, who: { userId: number | null; token: string | null }, lang: 'en' | 'ar'): Promise<PaymentState> {
      const purchase = await deps.purchaseByNumber(purchaseNumber);
      const a = purchase ? await attemptOfPurchase(purchase.id) : null;
      const allowed = a && ((who.userId !== null && purchase!.user_id === who.userId) || (who.token !== null && who.token === a.accessToken));
      if (!a || !allowed) throw notFound(MSG.paymentNotFound);
      const payment = await sync(a);
      return stateOf(await reread(a.id), payment, purchase!.order_number, lang);
    },

    /**
     * A provider's webhook: the signature checked over the raw body (400, nothing stored, when it fails), the event
     * stored once, the object it names read back from the provider and applied in the same transaction as the event's
     * row. A duplicate delivery is answered and changes nothing.
     */
    async webhook(name: ProviderName, rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; duplicate: boolean }> {
      const p = provider();
      if (p.name !== name) throw notFound(MSG.paymentNotFound);
      let event;
      try {
        event = p.parseWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof WebhookVerificationError) throw badRequest(MSG.paymentWebhookInvalid);
        throw err;
      }
      const objectId: string | null =
        event.type === 'payment.updated' ? event.paymentId : event.type === 'refund.updated' ? event.refundId : event.type === 'transfer.updated' ? event.transferId
          : event.type === 'dispute.updated' ? event.disputeId : event.type === 'account.updated' ? event.accountId : event.type === 'payout.updated' ? event.payoutId : null;
      // One round trip for what most events need (decision 0157): whether this event was stored before (a duplicate is
      // answered and changes nothing), and, for an event that can move nothing, its row stored at once with its outcome
      // and no read-back: about a payment Souq has already settled (its cash in, or given up; a refund or a dispute on
      // it comes as its own event), or one whose own signed object claims no further state than Souq has booked (the
      // five events of a paid purchase need one read-back, not five). Anything else is read back and acted on below.
      const claims = event.type === 'payment.updated' && event.claims !== undefined ? RANK[event.claims] : null;
      const [front] = await deps.query<{ seen: boolean; stored: number; attempt: number | null; purchase: number | null }>(WEBHOOK_FRONT,
        [name, event.type === 'payment.updated' ? event.paymentId : null, claims, event.id, event.providerType, objectId, rawBody], 'payments-webhook-front');
      if (front!.seen) return { received: true, duplicate: true };
      if (front!.stored) return { received: true, duplicate: false };
      const stored = { provider: name, eventId: event.id, type: event.providerType, objectId, rawBody };
      // an event that claims the money (an authorisation to capture, or a capture) of a purchase of Souq's still open:
      // its held sub-orders read while the provider is asked (no locks: the release re-checks them, decision 0203)
      const held = event.type === 'payment.updated' && front!.purchase !== null && (event.claims === 'authorized' || event.claims === 'captured')
        // (a read that fails leaves the transactional path to do the release)
        ? deps.hold.readHeld(db, front!.purchase).catch(() => null) : null;
      // the read-back happens before the transaction (a provider call never holds a row lock)
      const payment = event.type === 'payment.updated' ? await readBack(event.paymentId, front!.attempt, event.claims) : null;
      const heldNow = held ? await held : null;
      const atOnce = payment && heldNow && front!.attempt !== null ? await releaseAtOnce(front!.attempt, heldNow, payment, stored) : null;
      if (atOnce) {
        await afterCommit(atOnce, { later: true });
        return { received: true, duplicate: false };
      }
      const refund = event.type === 'refund.updated' ? await p.getRefund(event.refundId) : null;
      const dispute = event.type === 'dispute.updated' ? await p.getDispute(event.disputeId) : null;
      // seller transfers (decision 0147): a transfer is always the platform's own, read back; an account or a payout
      // only when it is a seller's of Souq's
      const transfer = event.type === 'transfer.updated' ? await p.getTransfer(event.transferId) : null;
      const account = event.type === 'account.updated' && await transfers.knowsAccount(event.accountId) ? await p.getSellerAccount(event.accountId) : null;
      const payout = event.type === 'payout.updated' && event.accountId ? await transfers.readPayout(event.accountId, event.payoutId) : null;
      const result = await db.transaction(async (tx) => {
        const applied = payment ? await applyIn(tx, payment, stored) : null;
        const refunded = refund ? await refunds.applyIn(tx, refund) : null;
        const disputed = dispute ? await applyDisputeIn(tx, dispute, now()) : null;
        const transferred = transfer ? await transfers.applyTransferIn(tx, transfer) : null;
        const accountRow = account ? await transfers.applyAccountIn(tx, account) : null;
        const payoutFailed = payout?.payout.status === 'failed' ? await transfers.claimPayoutFailureIn(tx, payout.account, payout.payout) : false;
        const outcome = payment ? (applied?.outcome ?? 'no purchase of ours') : refund ? (refunded ?? 'no refund of ours')
          : dispute ? (disputed ?? 'no payment of ours') : transfer ? (transferred?.outcome ?? 'no transfer of ours')
            : account ? (accountRow ? `account ${account.transfersEnabled ? 'receives transfers' : 'not enabled'}` : 'no seller account of ours')
              : payout ? (payoutFailed ? 'payout failed: taken back to the seller' : `payout ${payout.payout.status}`) : `not acted on (${event.type})`;
        // the event stored once with its outcome, after acting on it (one statement, decision 0166): a delivery of the
        // same event that got here first (concurrent deliveries wait on the objects' row locks above) makes this one a
        // duplicate, and everything it did is rolled back
        // (a payment's event was written with its attempt's change, above)
        const storedNow = applied?.stored ?? (await rowsOf<{ id: number }>(tx, sql`${eventInsert(stored, outcome)} returning id`)).length > 0;
        if (!storedNow) tx.rollback();
        return { duplicate: false as const, applied, notices: transferred?.notices ?? [], payoutFailed };
      }).catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return { duplicate: true as const, applied: null, notices: [], payoutFailed: false };
        throw err;
      });
      await afterCommit(result.applied, { later: true });
      if (!result.duplicate) {
        await transfers.notifyAll(result.notices);
        if (result.payoutFailed && payout) await transfers.takeBackPayout(payout.account, payout.payout);
      }
      return { received: true, duplicate: result.duplicate };
    },

    /** Resolves once the captures started after webhooks' answers have finished (tests, benches, shutdown). */
    async idle(): Promise<void> {
      while (capturing.size) await Promise.all([...capturing]);
    },
    /** Card purchases still unpaid after their time: cancelled at the provider, then given up (every minute). */
    expiryJob,
    /** Sellers' connected accounts and the transfers of their card sub-orders (decision 0147). */
    transfers,
    /** Card sub-orders whose return window closed, transferred to their sellers (every 10 minutes, on the runtime's clock). */
    transfersJob,
    /** Card disputes and failed refunds, for the admin (decision 0145). */
    cardIssues: () => cardIssues(db),
    /** Refunds to the card what a purchase's shopper is owed (the bus calls it after cancellations and refunds). */
    refundOwed: (purchaseId: number) => refunds.settleOwed(purchaseId),
  };
}
