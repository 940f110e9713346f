import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { errorBodySchema } from '@souq/shared/api/common';
import {
  DEFAULT_VENDOR_SHIPPING_RULE, vendorShippingSchema, vendorShippingUpdateSchema, type VendorShipping, type VendorShippingUpdate,
} from '@souq/shared/api/vendor-shipping';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { changesBetween, actorOf, type Actor, type AuditLog } from '../../platform/audit.js';
import { principalOf, requireVendor } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';

type Row = {
  shippingFeeCents: number | null; freeShippingAboveCents: number | null; returnWindowDays: number; deliveryMinDays: number | null; deliveryMaxDays: number | null;
  handlingDays: number; cutoffTime: string;
};
const toDto = (r: Row): VendorShipping => ({
  shipping_fee_cents: r.shippingFeeCents,
  free_shipping_above_cents: r.freeShippingAboveCents,
  return_window_days: r.returnWindowDays,
  delivery_min_days: r.deliveryMinDays,
  delivery_max_days: r.deliveryMaxDays,
  handling_days: r.handlingDays,
  cutoff_time: r.cutoffTime,
  default_rule: DEFAULT_VENDOR_SHIPPING_RULE,
});
const audited = (r: Row) => ({
  shipping_fee_cents: r.shippingFeeCents, free_shipping_above_cents: r.freeShippingAboveCents, return_window_days: r.returnWindowDays,
  delivery_min_days: r.deliveryMinDays, delivery_max_days: r.deliveryMaxDays, handling_days: r.handlingDays, cutoff_time: r.cutoffTime,
});

export type VendorShippingService = ReturnType<typeof createVendorShippingService>;

/**
 * A vendor's shipping rule and return window (decision 0096): what checkout prices its part with (0086) and how long
 * after delivery its money is held. Written with its audit entry in one transaction; placed orders keep their fee.
 */
export function createVendorShippingService(deps: { db: Db; audit: AuditLog }) {
  const { db } = deps;
  const columns = {
    shippingFeeCents: vendors.shippingFeeCents, freeShippingAboveCents: vendors.freeShippingAboveCents, returnWindowDays: vendors.returnWindowDays,
    deliveryMinDays: vendors.deliveryMinDays, deliveryMaxDays: vendors.deliveryMaxDays, handlingDays: vendors.handlingDays, cutoffTime: vendors.cutoffTime,
  };
  return {
    async get(vendorId: number): Promise<VendorShipping> {
      const [row] = await db.select(columns).from(vendors).where(eq(vendors.id, vendorId));
      if (!row) throw notFound(MSG.vendorNotFound);
      return toDto(row);
    },
    /** Several vendors' rules at once (the assistant's answers about sub-orders of several sellers). */
    async many(vendorIds: number[]): Promise<Map<number, VendorShipping & { name: string }>> {
      if (vendorIds.length === 0) return new Map();
      const rows = await db.select({ id: vendors.id, name: vendors.companyName, ...columns }).from(vendors).where(inArray(vendors.id, [...new Set(vendorIds)]));
      return new Map(rows.map((r) => [r.id, { ...toDto(r), name: r.name }]));
    },
    async update(vendorId: number, input: VendorShippingUpdate, actor: Actor): Promise<VendorShipping> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(columns).from(vendors).where(eq(vendors.id, vendorId)).for('update');
        if (!before) throw notFound(MSG.vendorNotFound);
        const [after] = await tx.update(vendors).set({
          shippingFeeCents: input.shipping_fee_cents, freeShippingAboveCents: input.free_shipping_above_cents, returnWindowDays: input.return_window_days,
          ...(input.delivery_min_days !== undefined ? { deliveryMinDays: input.delivery_min_days, deliveryMaxDays: input.delivery_max_days ?? null } : {}),
          ...(input.handling_days !== undefined ? { handlingDays: input.handling_days } : {}),
          ...(input.cutoff_time !== undefined ? { cutoffTime: input.cutoff_time } : {}),
          updatedAt: new Date(),
        }).where(eq(vendors.id, vendorId)).returning(columns);
        await deps.audit.record(tx, { actor, action: 'vendor.shipping', target: { type: 'vendor', id: vendorId }, changes: changesBetween(audited(before), audited(after!)) });
        return toDto(after!);
      });
    },
  };
}

/** The vendor of the session (never an id from the request). */
function vendorIdOf(req: FastifyRequest): number {
  const { vendorId } = principalOf(req);
  if (vendorId === null) throw forbidden();
  return vendorId;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export function vendorShippingRoutes(deps: { shipping: VendorShippingService }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/vendor/shipping', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: "The signed-in vendor's shipping fee, free-shipping threshold and return window (null = the marketplace's default rule)",
        response: { 200: vendorShippingSchema, ...errors },
      },
    }, async (req) => deps.shipping.get(vendorIdOf(req)));
    r.put('/api/vendor/shipping', {
      preHandler: requireVendor,
      schema: {
        tags: ['vendor'],
        summary: 'Set the shipping fee, free-shipping threshold, return window, delivery estimate, handling days and cut-off time (audited); fee, threshold and promise rule apply to orders placed from now on',
        body: vendorShippingUpdateSchema,
        response: { 200: vendorShippingSchema, ...errors },
      },
    }, async (req) => deps.shipping.update(vendorIdOf(req), req.body, actorOf(req)));
  };
}
