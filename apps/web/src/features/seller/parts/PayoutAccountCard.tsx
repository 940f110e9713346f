import { useState, type FormEvent } from 'react';
import { payoutAccountUpdateSchema } from '@souq/shared/api/payouts';
import { useMsg } from '@/lib/use-msg';
import { formatIban } from '@souq/shared/rules/iban';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/Skeleton';
import { notify } from '@/components/ui/toast';
import { usePayoutAccount, useSavePayoutAccount } from '../earnings-api';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PayoutAccount } from '@souq/shared/api/payouts';
import { formatDate } from '@souq/shared/rules/locale';

/**
 * Where the vendor's payouts go: a UAE IBAN and the account holder (decision 0095). The same checksum rule as the
 * server's (packages/shared rules/iban) tells a typing mistake before saving.
 */
export function PayoutAccountCard({ vendorId }: { vendorId: number }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const account = usePayoutAccount(vendorId);
  const save = useSavePayoutAccount(vendorId);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ iban: '', account_holder: '' });
  const [errors, setErrors] = useState<{ iban?: string; account_holder?: string }>({});
  const a = account.data;

  function start() {
    setForm({ iban: a?.iban ? formatIban(a.iban) : '', account_holder: a?.account_holder ?? '' });
    setErrors({});
    setEditing(true);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = payoutAccountUpdateSchema.safeParse(form);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof typeof errors] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      notify.success(MSG.payoutAccountSaved);
      setEditing(false);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  return (
    <section aria-labelledby="payout-account-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="payout-account-heading" className="text-base font-semibold text-slate-900"><Trans>Payout account</Trans></h3>
          <p className="text-sm text-slate-500"><Trans>Payouts are sent by bank transfer in AED to a UAE IBAN.</Trans></p>
        </div>
        {!editing && a && (
          <Button variant="secondary" size="sm" onClick={start}>{a.iban ? <Trans>Change</Trans> : <Trans>Add IBAN</Trans>}</Button>
        )}
      </div>
      {!a ? (
        <Skeleton className="mt-3 h-5 w-64" />
      ) : editing ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field label="IBAN" required error={errors.iban} hint={t`AE followed by 21 digits`}>
            <Input dir="auto" value={form.iban} onChange={(e) => setForm({ ...form, iban: e.target.value })} autoComplete="off" inputMode="text" placeholder={t`AE07 0331 2345 6789 0123 456`} />
          </Field>
          <Field label={t`Account holder`} required error={errors.account_holder} hint={t`As the bank has it`}>
            <Input dir="auto" value={form.account_holder} onChange={(e) => setForm({ ...form, account_holder: e.target.value })} autoComplete="off" />
          </Field>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={save.isPending}><Trans>Save payout account</Trans></Button>
            <Button variant="ghost" onClick={() => setEditing(false)}><Trans>Cancel</Trans></Button>
          </div>
        </form>
      ) : a.iban ? (
        <>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <div className="min-w-0"><dt className="text-slate-500">IBAN</dt><dd className="font-mono break-all text-slate-900" dir="ltr">{formatIban(a.iban)}</dd></div>
            <div className="min-w-0"><dt className="text-slate-500"><Trans>Account holder</Trans></dt><dd className="break-words text-slate-900" dir="auto">{a.account_holder}</dd></div>
          </dl>
          <AccountState account={a} />
        </>
      ) : (
        <p className="mt-3 text-sm text-amber-800">{MSG.payoutAccountMissing}</p>
      )}
    </section>
  );
}

/**
 * Whether payouts reach the account now (decision 0125): new or changed details wait for the marketplace's check and,
 * after a change, some days; an account the bank refused is not paid again until the seller changes it.
 */
function AccountState({ account: a }: { account: PayoutAccount }) {
  // the moment the card was first shown: the wait is days long, a render's clock changes nothing
  const [now] = useState(Date.now);
  const waiting = a.payable_from !== null && Date.parse(a.payable_from) > now;
  const from = a.payable_from ? formatDate(a.payable_from) : '';
  if (a.state === 'failed') {
    return (
      <p role="status" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        <Trans>Your bank returned a payout to this account ({a.failure_reason}). Payouts to it are stopped and the money stays in your balance: change your payout details to receive it.</Trans>
      </p>
    );
  }
  if (a.state === 'pending_verification') {
    return (
      <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {waiting
          ? <Trans>Waiting for verification. For your safety, payouts to changed details start after our team verifies them and not before {from}.</Trans>
          : <Trans>Waiting for verification: payouts start once our team has verified this account.</Trans>}
      </p>
    );
  }
  return (
    <p role="status" className="mt-3 text-sm text-emerald-700">
      {waiting ? <Trans>Verified. Payouts to this account start on {from}.</Trans> : <Trans>Verified: payouts are sent to this account.</Trans>}
    </p>
  );
}
