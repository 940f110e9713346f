import { eq } from 'drizzle-orm';
import { isLocale } from '@souq/shared/rules/locale';
import { formatCents } from '@souq/shared/rules/money';
import { messagesFor } from '@souq/shared/messages-for';
import { users } from '../../db/schema/accounts.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import type { Mailer } from '../../platform/mailer.js';
import type { TransferNotice } from './payments.transfers.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** A seller's transfer came back, a refund's reversal was refused, or a payout on its connected account failed (decision 0147). */
    'sellerTransfer.notice': { vendorId: number; userId: number; kind: TransferNotice['kind']; amountCents: number; orderNumber: string | null; reason: string | null };
  }
}

/**
 * Tells a seller's owner what happened to money sent to its connected account (decision 0147): an e-mail in the
 * owner's saved language and a bus event (live screens refresh the Earnings). Never fails the caller: the money
 * already moved and is shown on Earnings and in admin Finance; a lost notice is logged.
 */
export function createTransferNotices(deps: { db: Db; bus: Bus; mailer: Mailer | null; log: (msg: string) => void; currency: string }) {
  return async function notify(n: TransferNotice): Promise<void> {
    try {
      const [v] = await deps.db.select({ userId: vendors.userId, email: vendors.email, locale: users.locale })
        .from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(eq(vendors.id, n.vendorId));
      if (!v) return;
      const locale = isLocale(v.locale) ? v.locale : 'en';
      const M = messagesFor(locale);
      const amount = formatCents(n.amountCents, deps.currency, locale);
      deps.mailer?.queue(
        n.kind === 'returned' ? { to: v.email, subject: M.transferReturnedSubject, text: M.transferReturnedBody(amount, n.orderNumber, M.transferReturnedReason) }
          : n.kind === 'reversal_refused' ? { to: v.email, subject: M.transferReversalRefusedSubject, text: M.transferReversalRefusedBody(amount, n.orderNumber) }
            : { to: v.email, subject: M.sellerPayoutFailedSubject, text: M.sellerPayoutFailedBody(amount, n.reason) },
      );
      void deps.bus.emit('sellerTransfer.notice', {
        vendorId: n.vendorId, userId: v.userId, kind: n.kind, amountCents: n.amountCents, orderNumber: n.kind === 'payout_failed' ? null : n.orderNumber, reason: n.kind === 'payout_failed' ? n.reason : null,
      });
    } catch (err) {
      deps.log(`transfer notice for vendor ${n.vendorId} not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}
