import type { UcpMessage } from '@souq/shared/api/ucp';
import { normaliseCode, type CouponRefusal } from '@souq/shared/rules/promotions';
import type { AgentPlacedDiscounts } from '../../db/schema/agents.js';
import type { Applied, CartLine, LineDiscount } from '../promotions/promotions.apply.js';
import type { Redeemed } from '../promotions/promotions.redeem.js';

/**
 * The UCP discount extension on agents' checkouts (decision 0159). The codes an agent sends are checked by the
 * promotions module's own rule — the one the storefront's checkout and its purchase use (`apply`, decision 0152) — on
 * the session's lines at database prices; this file only chooses the one coupon among the codes sent and says the
 * outcome in the release's words (discount.json: `applied` with allocations; rejected codes as warnings).
 */

/** The promotions module as agents' checkouts use it (late-bound in services.ts: agents never write its tables). */
export type AgentPromotions = {
  apply: (lines: readonly CartLine[], code: string | null, userId: number | null) => Promise<Redeemed>;
  /** promotions' names by id (the applied discounts' titles) */
  names: (ids: number[]) => Promise<Map<number, string>>;
  /** a refused code's reason as the shopper reads it (English; packages/shared) */
  refusalMessage: (reason: CouponRefusal) => string;
  /** whether a purchase's refusal is a coupon's (its message is one of the reasons) */
  isRefusal: (message: string) => boolean;
};

/**
 * The release's standard rejection codes (discount.md, "Rejected Codes"); each of Souq's reasons takes the nearest,
 * and the warning's content says Souq's exact reason.
 */
export const REJECTION_CODES: Record<CouponRefusal, string> = {
  not_found: 'discount_code_invalid',
  paused: 'discount_code_invalid',
  not_started: 'discount_code_invalid',
  expired: 'discount_code_expired',
  used_up: 'discount_code_expired',
  sign_in: 'discount_code_user_not_logged_in',
  not_yours: 'discount_code_user_ineligible',
  already_used: 'discount_code_user_ineligible',
  min_spend: 'discount_code_user_ineligible',
  no_eligible_products: 'discount_code_user_ineligible',
};

/** The promotions on a session's lines: one coupon at most, the deals always, and the codes that did not apply. */
export type SessionDiscounts = { applied: Applied; code: string | null; warnings: UcpMessage[] };

const warning = (i: number, code: string, content: string): UcpMessage => ({ type: 'warning', code, path: `$.discounts.codes[${i}]`, content });

/**
 * Checks the codes in the order sent: the first that applies is the purchase's coupon (Souq takes one, decision
 * 0148); a later one is `discount_code_combination_disallowed`, a repeat `discount_code_already_applied`, a refused
 * one its reason. Without a coupon the running deals still apply (what the purchase would take off unasked).
 */
export async function sessionDiscounts(promotions: AgentPromotions, lines: readonly CartLine[], codes: readonly string[], userId: number | null): Promise<SessionDiscounts> {
  const warnings: UcpMessage[] = [];
  const seen = new Set<string>();
  let chosen: { code: string; redeemed: Redeemed } | null = null;
  for (const [i, code] of codes.entries()) {
    const key = normaliseCode(code);
    if (seen.has(key)) {
      warnings.push(warning(i, 'discount_code_already_applied', `Code '${code}' was sent twice`));
      continue;
    }
    seen.add(key);
    if (chosen) {
      warnings.push(warning(i, 'discount_code_combination_disallowed', `Code '${code}' cannot be combined with '${chosen.code}': one coupon per order`));
      continue;
    }
    const redeemed = await promotions.apply(lines, code, userId);
    const refusal = redeemed.applied.coupon?.refusal ?? null;
    if (refusal) warnings.push(warning(i, REJECTION_CODES[refusal], `Code '${code}': ${promotions.refusalMessage(refusal)}`));
    else chosen = { code, redeemed };
  }
  const applied = chosen?.redeemed.applied ?? (await promotions.apply(lines, null, userId)).applied;
  return { applied, code: chosen?.code ?? null, warnings };
}

/** What a placed checkout keeps of its promotions (its later reads show what the purchase took). */
export const placedDiscounts = (d: SessionDiscounts): AgentPlacedDiscounts => ({ lines: [...d.applied.lines.entries()], code: d.code });
export const fromPlaced = (p: AgentPlacedDiscounts): SessionDiscounts => ({
  applied: { lines: new Map(p.lines as [number, LineDiscount[]][]), coupon: null }, code: p.code, warnings: [],
});

/**
 * discount.json's `applied`: one entry per promotion that took money off a line — the deals (automatic, applied
 * first: priority 1, each line on its own) then the coupon (its code, priority 2, split across the eligible lines by
 * value) — each with its allocations to the lines (`$.line_items[i]`), which add up to its amount.
 */
export function appliedDiscounts(d: SessionDiscounts, names: Map<number, string>) {
  const by = new Map<number, { kind: 'coupon' | 'deal'; amount: number; allocations: { path: string; amount: number }[] }>();
  for (const [n, list] of [...d.applied.lines.entries()].sort(([a], [b]) => a - b)) {
    for (const ld of list) {
      if (ld.discountCents <= 0) continue;
      const e = by.get(ld.promotionId) ?? { kind: ld.kind, amount: 0, allocations: [] };
      e.amount += ld.discountCents;
      e.allocations.push({ path: `$.line_items[${n}]`, amount: ld.discountCents });
      by.set(ld.promotionId, e);
    }
  }
  return [...by.entries()]
    .sort(([a, x], [b, y]) => (x.kind === y.kind ? a - b : x.kind === 'deal' ? -1 : 1))
    .map(([id, e]) => ({
      ...(e.kind === 'coupon' && d.code ? { code: d.code } : {}),
      title: names.get(id) ?? `Promotion ${id}`,
      amount: e.amount,
      automatic: e.kind === 'deal',
      method: e.kind === 'deal' ? ('each' as const) : ('across' as const),
      priority: e.kind === 'deal' ? 1 : 2,
      allocations: e.allocations,
    }));
}

/** Per line (by index): what the promotions take off it in all, and the seller-funded part of that. */
export function lineDiscounts(applied: Applied) {
  const total = new Map<number, number>();
  const seller = new Map<number, number>();
  for (const [n, list] of applied.lines) {
    for (const ld of list) {
      total.set(n, (total.get(n) ?? 0) + ld.discountCents);
      seller.set(n, (seller.get(n) ?? 0) + ld.sellerCents);
    }
  }
  return { total, seller };
}
