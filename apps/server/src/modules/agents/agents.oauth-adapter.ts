import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { oauthRecords } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; accountId?: string; consumed?: number };

/**
 * oidc-provider's storage adapter on PostgreSQL (table oauth_records): one class per model the provider asks for,
 * all on the one table. Expired rows are never answered (and deleted a day later by the sweep, agents.oauth-sweep.ts); consuming a code or a
 * rotated refresh token stamps `consumed_at`, which the provider reads as `consumed` (its replay detection).
 */
export function oauthAdapter(db: Db) {
  return class PgOauthAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db.insert(oauthRecords).values(row).onConflictDoUpdate({ target: [oauthRecords.model, oauthRecords.id], set: { ...row, consumedAt: null } });
    }

    private async findWhere(where: ReturnType<typeof eq>): Promise<Payload | undefined> {
      const [row] = await db
        .select({ payload: oauthRecords.payload, consumedAt: oauthRecords.consumedAt })
        .from(oauthRecords)
        .where(and(eq(oauthRecords.model, this.model), where, or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, new Date()))))
        .limit(1);
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    find(id: string) {
      return this.findWhere(eq(oauthRecords.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oauthRecords.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oauthRecords.userCode, userCode));
    }

    async consume(id: string) {
      await db.update(oauthRecords).set({ consumedAt: new Date() }).where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oauthRecords).where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, id)));
    }

    /** Every token of a grant (all models): a revoked grant leaves nothing usable behind. */
    async revokeByGrantId(grantId: string) {
      await db.delete(oauthRecords).where(eq(oauthRecords.grantId, grantId));
    }
  };
}
