import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { hasShared, itWithShared, sharedPath } from '../../../../../test/shared-assets.js';
import { DAY_MS } from '../clock.js';
import { startTestStripe } from './testing.js';

/**
 * Every object the local Stripe answers, beside Stripe's own published example of that object
 * (`../shared/stripe-fixtures/fixtures3.json`, from Stripe's OpenAPI repository): the same `object` name, the same id
 * prefix, every field of the example present, no field the example lacks except those the official client's types
 * (newer than the examples) declare, and the same JSON type wherever both have a value, at every depth.
 */
const FIXTURES = 'stripe-fixtures';
const itFixtures = itWithShared(FIXTURES);

/**
 * Fields beyond the examples, each declared by the official client's types: ones the types require that the examples
 * predate (checked at build time by `satisfies`), and an endpoint's `secret`, answered only when it is created.
 */
const BEYOND_EXAMPLES: Record<string, string[]> = {
  payment_intent: ['allowed_payment_method_types', 'payment_record'],
  dispute: ['intended_submission_method'],
  webhook_endpoint: ['secret'],
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const kind = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Type disagreements between an example and ours, wherever both have a value (metadata is free-form). */
function typeDiffs(example: Json, ours: Json, path: string, out: string[]) {
  if (example === null || ours === null) return out;
  if (kind(example) !== kind(ours)) {
    out.push(`${path}: ${kind(example)} in Stripe's example, ${kind(ours)} here`);
    return out;
  }
  if (Array.isArray(example) && Array.isArray(ours) && example.length && ours.length) typeDiffs(example[0]!, ours[0]!, `${path}[0]`, out);
  else if (kind(example) === 'object' && !path.endsWith('metadata')) {
    const e = example as Record<string, Json>;
    const o = ours as Record<string, Json>;
    for (const k of Object.keys(e)) if (k in o) typeDiffs(e[k]!, o[k]!, `${path}.${k}`, out);
  }
  return out;
}

const prefix = (id: unknown) => (typeof id === 'string' ? id.slice(0, id.indexOf('_') + 1) : null);

let t: Awaited<ReturnType<typeof startTestStripe>>;
const ours: Record<string, Record<string, Json>> = {};

/** Raw JSON as it crosses the wire (not the client's parsed objects). */
async function raw(path: string, init: { method?: string; body?: string; account?: string } = {}) {
  const res = await fetch(`${t.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${t.local.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', ...(init.account ? { 'stripe-account': init.account } : {}) },
    body: init.body,
  });
  return (await res.json()) as Record<string, Json>;
}

beforeAll(async () => {
  if (!hasShared(FIXTURES)) return;
  t = await startTestStripe();
  const s = t.stripe;
  const acct = await s.accounts.create({ type: 'express', country: 'AE', email: 'seller@souq.test', capabilities: { transfers: { requested: true } } });
  ours.account_link = await raw('/v1/account_links', { method: 'POST', body: `account=${acct.id}&type=account_onboarding&return_url=https://souq.test/r&refresh_url=https://souq.test/f` });
  await fetch(new URL(new URL(ours.account_link.url as string).pathname, t.server.url), { method: 'POST', body: 'bank=pays', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  ours.account = await raw(`/v1/accounts/${acct.id}`);
  ours.webhook_endpoint = await raw('/v1/webhook_endpoints', { method: 'POST', body: 'url=https://souq.test/hooks&enabled_events[0]=*' });
  const pi = await s.paymentIntents.create({ amount: 10_000, currency: 'aed', payment_method: 'pm_card_bypassPending', confirm: true, capture_method: 'automatic', transfer_group: 'SQ-1' });
  ours.payment_intent = await raw(`/v1/payment_intents/${pi.id}`);
  ours.payment_method = await raw(`/v1/payment_methods/${pi.payment_method as string}`);
  ours.charge = await raw(`/v1/charges/${pi.latest_charge as string}`);
  ours.balance_transaction = await raw(`/v1/balance_transactions/${ours.charge.balance_transaction as string}`);
  const re = await s.refunds.create({ payment_intent: pi.id, amount: 1_000 });
  ours.refund = await raw(`/v1/refunds/${re.id}`);
  const tr = await s.transfers.create({ amount: 5_000, currency: 'aed', destination: acct.id, source_transaction: pi.latest_charge as string });
  const trr = await s.transfers.createReversal(tr.id, { amount: 500 });
  ours.transfer = await raw(`/v1/transfers/${tr.id}`);
  ours.transfer_reversal = await raw(`/v1/transfers/${tr.id}/reversals/${trr.id}`);
  const po = await s.payouts.create({ amount: 1_000, currency: 'aed' });
  t.local.advance(DAY_MS);
  ours.payout = await raw(`/v1/payouts/${po.id}`);
  const disputed = await s.paymentIntents.create({ amount: 2_000, currency: 'aed', payment_method: 'pm_card_createDispute', confirm: true });
  ours.dispute = await raw(`/v1/disputes/${(await s.disputes.list({ payment_intent: disputed.id })).data[0]!.id}`);
  ours.balance = await raw('/v1/balance');
  ours.event = await raw(`/v1/events/${(await s.events.list({ type: 'payment_intent.succeeded', limit: 1 })).data[0]!.id}`);
});
afterAll(() => t?.close());

describe("local Stripe objects beside Stripe's published examples", () => {
  const kinds = ['payment_intent', 'payment_method', 'charge', 'balance_transaction', 'refund', 'transfer', 'transfer_reversal', 'account', 'account_link', 'payout', 'dispute', 'balance', 'event', 'webhook_endpoint'];
  for (const k of kinds) {
    itFixtures(`${k}: same object name, id prefix, fields and types`, async () => {
      const example = (JSON.parse(fs.readFileSync(sharedPath(FIXTURES, 'fixtures3.json'), 'utf8')) as { resources: Record<string, Record<string, Json>> }).resources[k]!;
      const mine = ours[k]!;
      expect(example, `fixtures3.json has no ${k}`).toBeTruthy();
      expect(mine.object).toBe(example.object);
      expect(prefix(mine.id)).toBe(prefix(example.id));
      const missing = Object.keys(example).filter((f) => !(f in mine));
      const extra = Object.keys(mine).filter((f) => !(f in example) && !(BEYOND_EXAMPLES[k] ?? []).includes(f));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      expect(typeDiffs(example, mine, k, [])).toEqual([]);
    });
  }
});
