import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyStoreCredit } from '@souq/shared/api/refunds';
import { amountToCents, centsToAmount, formatCents } from '@souq/shared/rules/money';
import { api } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { Field, Input } from '@/components/ui/Field';

/** GET /api/my/store-credit: the signed-in shopper's balance (a sum of ledger rows) and its movements (decision 0141). */
export const myStoreCredit = (signal?: AbortSignal) => api<MyStoreCredit>('/api/my/store-credit', { signal });

/**
 * "Use store credit" at checkout: shown only to a signed-in shopper with a balance. The amount (capped at the balance
 * and the total) is what the purchase asks the server to spend; the server checks the balance again under the
 * shopper's lock when the order is placed.
 */
export function StoreCreditBox({ signedIn, totalCents, use, amount, onUse, onAmount }: {
  signedIn: boolean;
  totalCents: number;
  use: boolean;
  /** As typed (an amount in the shop's currency). */
  amount: string;
  onUse: (use: boolean, balanceCents: number) => void;
  onAmount: (amount: string) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const credit = useQuery({ queryKey: ['my-store-credit'], queryFn: ({ signal }) => myStoreCredit(signal), enabled: signedIn, retry: false });
  const balance = credit.data?.balance_cents ?? 0;
  if (!signedIn || balance <= 0) return null;
  const currency = credit.data!.currency;
  const most = Math.min(balance, totalCents);
  return (
    <div className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-3 sm:col-span-2">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
          checked={use}
          onChange={(e) => onUse(e.target.checked, balance)}
        />
        <span>
          <span className="font-medium"><Trans>Use store credit</Trans></span>
          <span className="block text-slate-600"><Trans>Your balance: {formatCents(balance, currency, locale)}</Trans></span>
        </span>
      </label>
      {use && (
        <Field label={t`Amount of store credit to use`} hint={t`At most ${formatCents(most, currency, locale)}`}>
          <Input
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
            onBlur={() => {
              const cents = Math.max(0, Math.min(most, amountToCents(Number(amount) || 0)));
              onAmount(centsToAmount(cents).toFixed(2));
            }}
            className="w-40"
          />
        </Field>
      )}
    </div>
  );
}
