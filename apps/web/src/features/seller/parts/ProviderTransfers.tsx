import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OnboardingLinkDto, SellerAccountState, SellerTransfer } from '@souq/shared/api/transfers';
import { formatCents } from '@souq/shared/rules/money';
import { formatDate } from '@souq/shared/rules/locale';
import { api, apiList } from '@/lib/api-client';
import { useMsg } from '@/lib/use-msg';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { TRANSFER_TONE, TransferAmount } from '@/components/transfers/TransferCells';
import { Skeleton } from '@/components/ui/Skeleton';
import { notify } from '@/components/ui/toast';

// Vendor › Earnings: the payout account at the payment provider and the transfers of card orders to it (issue 36
// item 5, decision 0147). A vendor without one keeps the bank payouts; the server takes the vendor from the session.

const keys = { state: ['vendor-provider-account'] as const, transfers: ['vendor-transfers'] as const };

/** A transfer's status in the seller's words. */
const TRANSFER_STATUS: Record<SellerTransfer['status'], MessageDescriptor> = {
  requested: msg`Being sent`,
  paid: msg`Sent`,
  partially_reversed: msg`Partly taken back`,
  reversed: msg`Returned`,
  failed: msg`Refused by the provider`,
};

function useProviderAccount() {
  return useQuery({ queryKey: keys.state, queryFn: ({ signal }) => api<SellerAccountState>('/api/vendor/earnings/provider-account', { auth: 'vendor', signal }) });
}

/** Asks the server for the provider's onboarding page and goes there. */
function useConnect() {
  return useMutation({
    mutationFn: () => api<OnboardingLinkDto>('/api/vendor/earnings/provider-account/onboarding', { method: 'POST', auth: 'vendor' }),
    onSuccess: (link) => window.location.assign(link.url),
  });
}

/** A transfer's explanation: what happened to the money, in the seller's language (the provider's own words as a title). */
function TransferNote({ tr }: { tr: SellerTransfer }) {
  const { t } = useLingui();
  const text = tr.reversal_refused
    ? t`A refund could not be taken back (your provider balance was short): it stays owed and comes off your next transfer.`
    : tr.status === 'reversed' || (tr.status === 'partially_reversed' && tr.failure)
      ? t`Back in your Souq balance.`
      : tr.status === 'partially_reversed'
        ? t`Taken back for a refund.`
        : tr.status === 'failed'
          ? t`Not sent: the money stays in your balance.`
          : '';
  // under the status: a transfer that went as planned needs no second line (a dash there read as a missing value)
  if (!text) return null;
  return <span className="block text-xs text-slate-600" title={tr.failure ?? undefined}>{text}</span>;
}

function ConnectedAccount({ state }: { state: SellerAccountState }) {
  const { t } = useLingui();
  const connect = useConnect();
  const MSG = useMsg();
  const a = state.account;
  const go = () => connect.mutate(undefined, { onError: (err) => notify.error(err instanceof Error ? err.message : MSG.requestFailed) });
  if (!a) {
    return (
      <div className="mt-3 space-y-3">
        <p className="text-sm text-slate-600"><Trans>Get paid for card orders straight from the payment that collected them: connect an account with the payment provider. Until then, and for cash on delivery, you are paid by the bank payouts below.</Trans></p>
        <Button onClick={go} loading={connect.isPending}><Trans>Connect payout account</Trans></Button>
      </div>
    );
  }
  const state_ = a.receives_transfers
    ? t`Receiving transfers: each card order is paid when its return window closes.`
    : a.payout_failure
      ? t`Transfers paused: money came back from this account. Update it at the provider; until then you are paid by the bank payouts.`
      : t`Not ready yet: the provider still needs details from you.`;
  return (
    <div className="mt-3 space-y-3">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0"><dt className="text-slate-500"><Trans>Account</Trans></dt><dd className="font-mono text-xs break-all text-slate-900" dir="ltr">{a.account_id}</dd></div>
        <div className="min-w-0"><dt className="text-slate-500"><Trans>Status</Trans></dt><dd className={a.receives_transfers ? 'text-emerald-700' : 'text-amber-800'}>{state_}</dd></div>
        {a.requirements_due.length > 0 && (
          <div className="min-w-0 sm:col-span-2"><dt className="text-slate-500"><Trans>Still needed by the provider</Trans></dt><dd className="text-xs break-all text-slate-700" dir="ltr">{a.requirements_due.join(', ')}</dd></div>
        )}
      </dl>
      {a.payout_failure && <p className="text-xs text-slate-500" dir="auto">{a.payout_failure}</p>}
      <Button variant="secondary" size="sm" onClick={go} loading={connect.isPending}>{a.receives_transfers ? <Trans>Update at the provider</Trans> : <Trans>Continue at the provider</Trans>}</Button>
    </div>
  );
}

/**
 * The payout account at the payment provider, the seller's transfers, the provider fees behind them, and a debt left
 * by a refund after a transfer. Back from the provider's page (`?provider_account=return`), the account is read back
 * from the provider; an expired link (`refresh`) asks for a new one.
 */
export function ProviderTransfers() {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const client = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useProviderAccount();
  const transfers = useQuery({ queryKey: keys.transfers, queryFn: ({ signal }) => apiList<SellerTransfer>('/api/vendor/earnings/transfers?limit=50', { auth: 'vendor', signal }) });
  const connect = useConnect();
  const refresh = useMutation({
    mutationFn: () => api<SellerAccountState>('/api/vendor/earnings/provider-account/refresh', { method: 'POST', auth: 'vendor' }),
    onSuccess: (fresh) => {
      client.setQueryData(keys.state, fresh);
      void client.invalidateQueries({ queryKey: ['vendor-earnings'] });
      if (fresh.account?.receives_transfers) notify.success(t`Payout account connected: card orders are paid to it by transfer.`);
    },
    onError: (err) => notify.error(err instanceof Error ? err.message : MSG.requestFailed),
  });
  const returning = refresh.isPending;
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const step = params.get('provider_account');
    if (!step || handled.current) return;
    handled.current = true;
    params.delete('provider_account');
    navigate({ search: params.size ? `?${params}` : '' }, { replace: true });
    // an expired or used link: a fresh one; back from the provider: the account read back from it
    if (step === 'refresh') connect.mutate(undefined, { onError: (err) => notify.error(err instanceof Error ? err.message : MSG.requestFailed) });
    else refresh.mutate();
  }, [location.search, navigate, connect, refresh, MSG]);

  const s = state.data;
  if (state.isError && !s) {
    return (
      <Alert tone="error" title={MSG.loadTransfersFailed}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void state.refetch()}><Trans>Try again</Trans></Button>
      </Alert>
    );
  }
  if (s && !s.can_connect) return null;
  const owed = s ? formatCents(s.owed_cents) : '';
  const fees = s ? formatCents(s.provider_fees_cents) : '';

  const columns: DataTableColumn<SellerTransfer>[] = [
    {
      key: 'order',
      header: t`Order`,
      cell: (tr) => (
        <div className="min-w-0">
          {/* isolated, not a left-to-right paragraph: in Arabic the number starts at the cell's start like the date below */}
          <p className="font-medium whitespace-nowrap text-slate-900"><bdi dir="ltr">{tr.order_number}</bdi></p>
          <p className="text-xs text-slate-500">{formatDate(tr.created_at)}</p>
        </div>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (tr) => (
        <div className="min-w-0">
          <p className={`font-medium ${TRANSFER_TONE[tr.status]}`}>{i18n._(TRANSFER_STATUS[tr.status])}</p>
          <TransferNote tr={tr} />
        </div>
      ),
    },
    {
      key: 'amount',
      header: t`Amount`,
      align: 'right',
      cell: (tr) => <TransferAmount tr={tr} />,
    },
  ];

  return (
    <section aria-labelledby="provider-transfers-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="min-w-0">
        <h3 id="provider-transfers-heading" className="text-base font-semibold text-slate-900"><Trans>Payout account with the payment provider</Trans></h3>
        <p className="text-sm text-slate-500"><Trans>Card orders are transferred to it from the payment that paid them once their return window closes.</Trans></p>
      </div>
      {!s || returning ? <Skeleton className="h-5 w-64" /> : <ConnectedAccount state={s} />}
      {s && s.owed_cents > 0 && (
        <Alert tone="warning" title={t`Owed on refunds after a transfer`}>
          <p><Trans>{owed} was refunded to shoppers after it was transferred to you. It comes off your next transfer, or is taken back from your provider account.</Trans></p>
        </Alert>
      )}
      {s?.account && (
        <p className="text-sm text-slate-600"><Trans>Card fees on the payments behind your transfers: {fees}, paid by the marketplace, not deducted from you.</Trans></p>
      )}
      {s?.account && (
        <DataTable
          caption={t`Your transfers`}
          columns={columns}
          rowKey={(tr) => tr.id}
          rows={transfers.data?.items}
          loading={transfers.isPending}
          error={transfers.isError ? transfers.error : null}
          onRetry={() => void transfers.refetch()}
          density="compact"
          empty={{ title: MSG.noTransfers, description: t`Each card order is transferred when its return window closes.` }}
        />
      )}
    </section>
  );
}
