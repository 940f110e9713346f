import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentState } from '@souq/shared/api/payments';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';

// Real Stripe's card fields (decision 0162): the Payment Element, drawn by Stripe.js in Stripe's own frames, so the
// card number never reaches Souq (not its page's script, not its server). Only the parts of Stripe.js's documented
// API Souq uses are typed here. After confirmPayment Stripe sends the shopper back to this page (with 3-D Secure in
// between when the bank asks), and the page reads the payment back from the server as after any provider page.

type StripeError = { type: string; message?: string };
type PaymentElement = { mount(el: HTMLElement): void; on(event: 'ready', handler: () => void): void; destroy(): void };
type Elements = { create(type: 'payment', options?: Record<string, unknown>): PaymentElement };
type StripeJs = {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): Elements;
  confirmPayment(options: { elements: Elements; confirmParams: { return_url: string } }): Promise<{ error?: StripeError }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeJs;
  }
}

let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

/** Stripe.js from the address the server gives (Stripe requires its own host): one script tag for the page's life. */
export function loadStripeJs(src: string): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function StripeCardForm({ form, amount, returnUrl }: { form: NonNullable<PaymentState['card_form']>; amount: number; returnUrl: string }) {
  const { t, i18n } = useLingui();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: Elements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.locale === 'ar' ? 'ar' : 'en';

  useEffect(() => {
    let cancelled = false;
    let element: PaymentElement | null = null;
    loadStripeJs(form.script_url)
      .then((Stripe) => {
        if (cancelled || !mountRef.current) return;
        const js = Stripe(form.publishable_key, { locale });
        const elements = js.elements({ clientSecret: form.client_secret, locale, appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e', borderRadius: '8px' } } /* the shop's brand-700 (index.css): Stripe's frames cannot read its CSS variables */ });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => !cancelled && setReady(true));
        element.mount(mountRef.current);
        setStripe({ js, elements });
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [form.script_url, form.publishable_key, form.client_secret, locale, attempt]);

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (!stripe || paying) return;
    setPaying(true);
    setError(null);
    // on success Stripe leaves this page (to the bank's check, then back to returnUrl); only a refusal comes back here
    const { error: refused } = await stripe.js.confirmPayment({ elements: stripe.elements, confirmParams: { return_url: returnUrl } });
    setPaying(false);
    if (refused) setError(refused.message ?? t`Your payment did not go through`);
  }

  if (loadFailed) {
    return (
      <div className="mt-6 space-y-3" role="alert">
        <p className="text-sm text-red-700"><Trans>The card form could not load. Check your connection and try again.</Trans></p>
        <Button variant="secondary" onClick={() => { setLoadFailed(false); setReady(false); setAttempt((n) => n + 1); }}><Trans>Try again</Trans></Button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void pay(e)} className="mt-6 space-y-4 text-start" aria-busy={!ready}>
      {!ready && (
        <div className="flex items-center justify-center gap-2 py-6 text-sm text-slate-600" role="status">
          <Spinner /> <Trans>Loading the secure card form…</Trans>
        </div>
      )}
      <div ref={mountRef} data-testid="stripe-payment-element" />
      {error && <p className="text-sm font-medium break-words text-red-700" role="alert" dir="auto">{error}</p>}
      <p className="text-xs text-slate-500"><Trans>Your card details go straight to Stripe, our payment provider. Souq never sees them.</Trans></p>
      <Button type="submit" className="w-full" disabled={!ready} loading={paying}>
        <Trans>Pay <Price value={amount} /></Trans>
      </Button>
    </form>
  );
}
