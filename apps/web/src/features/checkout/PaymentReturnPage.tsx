import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentState } from '@souq/shared/api/payments';
import { paths } from '@/lib/paths';
import { ApiError } from '@/lib/api-client';
import { useMsg } from '@/lib/use-msg';
import { useCustomerToken } from '@/lib/session';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { buttonClass } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@souq/shared/rules/locale';
import { useLocale } from '@/lib/use-locale';
import { paymentReturnUrl, paymentState, rememberPaymentToken } from './api';
import { StripeCardForm } from './StripeCardForm';

/**
 * /checkout/payment — where the payment provider sends the shopper back (decision 0137). The page asks the server,
 * which reads the payment back from the provider: paid (the purchase is placed), declined or failed 3-D Secure (the
 * provider's reason and another card for the same purchase), waiting for the bank, or expired. The address says only
 * which purchase; nothing it carries is believed.
 */
export default function PaymentReturnPage() {
  const { t } = useLingui();
  const MSG = useMsg();
  const locale = useLocale();
  const token = useCustomerToken();
  const [params, setParams] = useSearchParams();
  const purchase = params.get('purchase')?.trim() ?? '';
  // a purchase an agent placed is paid in a browser that never saw its checkout: the provider sends it back with the
  // payment's read token, kept for this tab and taken out of the address (decision 0138)
  const given = params.get('token');
  if (given && purchase) rememberPaymentToken(purchase, given);
  useEffect(() => {
    if (given) setParams({ purchase }, { replace: true });
  }, [given, purchase, setParams]);
  const state = useQuery({
    queryKey: ['payment-state', purchase, token],
    queryFn: ({ signal }) => paymentState(purchase, signal),
    enabled: purchase !== '',
    retry: false,
    // the provider may still be deciding: ask again until it has
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 2000 : false),
  });
  const s: PaymentState | undefined = state.data;

  let body;
  if (!purchase || (state.isError && state.error instanceof ApiError && state.error.status === 404)) {
    body = (
      <Panel tone="slate" title={t`We could not find this payment`}>
        <p className="mt-2 text-sm text-slate-600"><Trans>Open your orders to see the purchase, or go back to the shop.</Trans></p>
        <Actions signedIn={Boolean(token)} />
      </Panel>
    );
  } else if (state.isError) {
    body = (
      <Panel tone="red" title={t`We could not check your payment`} role="alert">
        <p className="mt-2 text-sm text-slate-600">{state.error instanceof ApiError ? state.error.message : MSG.orderFailed}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <button type="button" className={buttonClass('primary')} onClick={() => void state.refetch()}><Trans>Try again</Trans></button>
        </div>
      </Panel>
    );
  } else if (!s || s.status === 'processing') {
    body = (
      <div className="flex flex-col items-center gap-3 py-16 text-slate-600" role="status">
        <Spinner size="lg" />
        <p><Trans>Checking your payment with the payment provider…</Trans></p>
      </div>
    );
  } else if (s.paid) {
    body = (
      <Panel tone="green" title={MSG.orderPlaced(s.purchase_number)} eyebrow={t`Thank you!`} role="status">
        <p className="mt-2 text-sm text-slate-600">
          <Trans>Your card payment of <Price value={s.amount} /> is confirmed.</Trans> {MSG.orderKeepNumber}
        </p>
        <Actions signedIn={Boolean(token)} />
      </Panel>
    );
  } else if (s.expired) {
    body = (
      <Panel tone="slate" title={t`This order was cancelled`}>
        <p className="mt-2 text-sm text-slate-600"><Trans>The time to pay for this order ran out: it was cancelled and nothing was charged.</Trans></p>
        <Actions signedIn={Boolean(token)} />
      </Panel>
    );
  } else if (s.status === 'requires_action') {
    body = (
      <Panel tone="amber" title={t`Your bank asks you to confirm this payment`}>
        <p className="mt-2 text-sm text-slate-600"><Trans>Order {s.purchase_number} is waiting for your bank's check. Nothing is charged until it is done.</Trans></p>
        {s.pay_url && (
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <a href={s.pay_url} className={buttonClass('primary')}><Trans>Continue to your bank</Trans></a>
          </div>
        )}
      </Panel>
    );
  } else {
    body = (
      <Panel tone={s.failure ? 'red' : 'amber'} title={s.failure ? t`Your payment did not go through` : t`Your order is waiting for payment`} role={s.failure ? 'alert' : undefined}>
        {/* the provider's own words for the decline, as the bank gave them */}
        {s.failure && <p className="mt-2 text-sm font-medium break-words text-red-700" dir="auto">{s.failure.message}</p>}
        <p className="mt-2 text-sm text-slate-600">
          <Trans>Order {s.purchase_number} keeps its items for you until <time dateTime={s.expires_at}>{formatDate(s.expires_at, 'dayTime', locale)}</time>. Nothing has been charged.</Trans>
        </p>
        {s.pay_url && (
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <a href={s.pay_url} className={buttonClass('primary')}>{s.failure ? t`Try another card` : t`Pay now`}</a>
          </div>
        )}
        {/* real Stripe: its own card fields on this page; the bank's check and the way back are Stripe's */}
        {s.card_form && <StripeCardForm form={s.card_form} amount={s.amount} returnUrl={`${window.location.origin}${paymentReturnUrl(s.purchase_number)}`} />}
      </Panel>
    );
  }

  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
          <Link to={paths.assistant} className={buttonClass('ghost', 'sm', '-ms-2')}>
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> <Trans>Back to shop</Trans>
          </Link>
          <h1 className="text-lg font-semibold text-slate-900 sm:text-xl"><Trans>Payment</Trans></h1>
          <LanguageSwitch className="ms-auto" />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{body}</main>
    </div>
  );
}

const TONES = {
  green: 'border-emerald-200 text-emerald-700',
  red: 'border-red-200 text-red-700',
  amber: 'border-amber-200 text-amber-700',
  slate: 'border-slate-200 text-slate-600',
} as const;

function Panel({ tone, title, eyebrow, role, children }: { tone: keyof typeof TONES; title: string; eyebrow?: string; role?: 'status' | 'alert'; children: React.ReactNode }) {
  return (
    <div className={`mx-auto max-w-lg rounded-2xl border bg-white p-8 text-center shadow-sm ${TONES[tone]}`} role={role}>
      {eyebrow && <p className="text-sm font-medium">{eyebrow}</p>}
      <h2 className="mt-1 text-2xl font-semibold break-words text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

function Actions({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mt-6 flex flex-wrap justify-center gap-2">
      <Link to={paths.assistant} className={buttonClass('primary')}><Trans>Continue shopping</Trans></Link>
      {signedIn && <Link to={paths.profile} className={buttonClass('secondary')}><Trans>View my orders</Trans></Link>}
    </div>
  );
}
