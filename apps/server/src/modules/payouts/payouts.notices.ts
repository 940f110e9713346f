import { eq } from 'drizzle-orm';
import { maskIban } from '@souq/shared/rules/iban';
import { isLocale } from '@souq/shared/rules/locale';
import { messagesFor } from '@souq/shared/messages-for';
import { users } from '../../db/schema/accounts.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Mailer } from '../../platform/mailer.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /**
     * A vendor's payout account changed or failed (decision 0125): its owner gets a push in their language (the
     * notifications module) besides the e-mail sent here, so a change it did not make is noticed within the wait.
     */
    'payoutAccount.notice': { vendorId: number; userId: number; kind: 'changed' | 'failed'; ibanMasked: string; holder: string; payableFrom: string | null; reason: string | null };
  }
}

export type PayoutNotice = { vendorId: number; kind: 'changed' | 'failed'; iban: string; holder: string; payableFrom: Date | null; reason: string | null };

/**
 * Tells a vendor's owner about its payout account after the change committed: an e-mail to the vendor's address
 * (when mail is configured) in the owner's saved language, and a bus event the push notifications follow. Never fails
 * the caller: the change already happened, and a lost notice is logged.
 */
export function createPayoutNotices(deps: { db: Db; bus: Bus; mailer: Mailer | null; log: (msg: string) => void }) {
  return async function notify(n: PayoutNotice): Promise<void> {
    try {
      const [v] = await deps.db.select({ userId: vendors.userId, email: vendors.email, locale: users.locale })
        .from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(eq(vendors.id, n.vendorId));
      if (!v) return;
      const M = messagesFor(isLocale(v.locale) ? v.locale : 'en');
      const masked = maskIban(n.iban);
      const from = n.payableFrom ? n.payableFrom.toISOString().slice(0, 10) : '';
      deps.mailer?.queue(n.kind === 'changed'
        ? { to: v.email, subject: M.payoutAccountChangedSubject, text: M.payoutAccountChangedBody(masked, n.holder, from) }
        : { to: v.email, subject: M.payoutAccountFailedSubject, text: M.payoutAccountFailedBody(masked, n.reason ?? '') });
      void deps.bus.emit('payoutAccount.notice', {
        vendorId: n.vendorId, userId: v.userId, kind: n.kind, ibanMasked: masked, holder: n.holder,
        payableFrom: n.payableFrom?.toISOString() ?? null, reason: n.reason,
      });
    } catch (err) {
      deps.log(`payout account notice for vendor ${n.vendorId} not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}
