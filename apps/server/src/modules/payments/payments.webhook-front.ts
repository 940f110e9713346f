import type { paymentAttempts } from '../../db/schema/payments.js';

// What the webhook's first statement needs, apart from the service that sends it (payments.service.ts).

type AttemptStatus = (typeof paymentAttempts.$inferSelect)['status'];

/** How far a payment has got: a stale read-back never moves the stored state back. */
export const RANK: Record<AttemptStatus, number> = {
  requires_payment_method: 0, requires_action: 0, processing: 0, authorized: 1, captured: 2, canceled: 2,
};

/**
 * The webhook's one-statement front (decision 0157), with the ranks above over payment_attempts.status: whether the
 * event was stored before, and for an event that can move nothing its row stored at once with its outcome. A named
 * statement (decision 0186): PostgreSQL parses and plans it once per pooled connection, not at each of a paid
 * purchase's two deliveries (its planning was 0.16 ms of each). $1 provider, $2 payment id, $3 the rank the event
 * claims, $4 event id, $5 its type, $6 the object it names, $7 the raw body. Answers whether the event was seen, whether
 * it was stored here, and the payment's attempt and purchase (the purchase's held sub-orders are read from it, decision 0203).
 */
export const WEBHOOK_FRONT = `
  with a as (
    select id, purchase_id, (cash_posted_at is not null or expired_at is not null) as settled,
      (case status ${Object.entries(RANK).map(([status, rank]) => `when '${status}' then ${rank}`).join(' ')} end) as rank
    from payment_attempts where provider = $1::text and provider_payment_id = $2::text
  ), idle as (
    select case when a.settled then 'already settled' else 'nothing beyond what is booked' end as outcome
    from a where a.settled or $3::int <= a.rank
  ), stored as (
    insert into payment_events (provider, event_id, type, object_id, payload, outcome)
    select $1::text, $4::text, $5::text, $6::text, $7::jsonb, idle.outcome from idle
    on conflict (provider, event_id) do nothing returning id
  )
  select exists (select 1 from payment_events where provider = $1::text and event_id = $4::text) as seen, (select count(*) from stored)::int as stored,
    (select id from a) as attempt, (select purchase_id from a) as purchase`;
