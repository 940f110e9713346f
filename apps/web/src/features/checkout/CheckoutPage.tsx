import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS, PAYMENT_NOTES, TAX_RATE, type PaymentMethod } from '@souq/shared/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/use-locale';
import { formatCount } from '@souq/shared/rules/locale';
import { normaliseTrn } from '@souq/shared/rules/tax';
import type { OrderRequest } from '@souq/shared/api/orders';
import { cartTotals } from '@souq/shared/rules/pricing';
import { paths } from '@/lib/paths';
import { ApiError } from '@/lib/api-client';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { useContentLang } from '@/lib/content-lang';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useCustomerToken, useCustomerUser } from '@/lib/session';
import { Button, buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field, Input, Select } from '@/components/ui/Field';
import { Price } from '@/components/ui/Price';
import { cx } from '@/components/ui/cx';
import { cartItems, lineKey, lineName, lineOptions, useCart } from '@/lib/shop/cart-store';
import { ProductImage } from '@/components/shop/ProductImage';
import { paymentReturnUrl, placeOrder, quoteCart, rememberPaymentToken } from './api';
import { StoreCreditBox } from './StoreCreditBox';
import { CouponBox, useCoupon } from './CouponBox';
import { amountToCents, centsToAmount } from '@souq/shared/rules/money';
import { CodCardOnlyNotice, useCodEligibility } from './CodAvailability';
import { useCheckoutAddress } from '@/components/delivery/CheckoutAddress';
import { PromiseLine } from '@/components/delivery/PromiseLine';

// the spec's labels of shared/constants (PAYMENT_METHOD_LABELS), in the catalogue so they are read in the page's language
const PAYMENT_LABELS: Record<PaymentMethod, MessageDescriptor> = { card: msg`Credit/Debit Card`, cod: msg`Cash on Delivery` };

type Shipping = { name: string; email: string; phone: string; address: string; city: string; country: string; zip: string; company: string; trn: string };

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cx('min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /checkout (customer spec §2, §5): shipping, payment, order summary; POST /api/orders with an Idempotency-Key. */
export default function CheckoutPage() {
  const lines = useCart((s) => s.lines);
  const clearCart = useCart((s) => s.clear);
  const token = useCustomerToken();
  const client = useQueryClient();
  const user = useCustomerUser();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const lang = useContentLang();
  const MSG = useMsg();
  const taxPercent = formatCount(Math.round(TAX_RATE * 100), locale);
  const [form, setForm] = useState<Shipping>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: '',
    address: '',
    city: '',
    country: '',
    zip: '',
    company: '',
    trn: '',
  }));
  const [method, setMethod] = useState<PaymentMethod>('card');
  // store credit (decision 0141): whether to use it, and how much (as typed)
  const [useCredit, setUseCredit] = useState(false);
  const [creditAmount, setCreditAmount] = useState('');
  // too many refused deliveries: card only (decision 0140)
  const cod = useCodEligibility(!!token);
  const cardOnly = cod !== null && !cod.cod_allowed;
  const chosen: PaymentMethod = cardOnly ? 'card' : method;
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<{ number: string; email: string; mailQueued: boolean } | null>(null);
  // One key per checkout attempt: a retry of the same order reuses it (the server then answers with the first
  // order instead of charging twice); a changed cart or address is a new attempt with a new key.
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);

  // The server's split of the cart by seller, each part with its own shipping rule, is what the order will charge;
  // until it answers (or when it cannot), the summary shows the cart priced by the same rule in the browser.
  // the chosen options go with each line, so the quote prices them as the order will (decision 0080)
  const items = cartItems(lines);
  // the UAE address (decision 0151): its emirate gives each seller's part its delivery promise
  const addr = useCheckoutAddress({ signedIn: !!token, name: form.name, phone: form.phone });
  // a promo code (decision 0152): checked against the cart, sent with the order while it applies
  const coupon = useCoupon(items, token);
  // the quote prices the cart's promotions as the order will (decision 0158): each seller's shipping is judged on
  // its subtotal after its share of them, and the total is what the shopper pays
  const quote = useQuery({
    // the shopper's session is in the key: a deal limited per shopper prices differently for each (decision 0163)
    queryKey: ['checkout-quote', token, items, addr.emirate, coupon.sendCode],
    queryFn: ({ signal }) => quoteCart(items, signal, addr.emirate, coupon.sendCode),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const local = cartTotals(lines);
  const totals = quote.data ?? local;
  const sellers = quote.data && quote.data.sellers.length > 1 ? quote.data.sellers : null;
  const set = (k: keyof Shipping) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  // a business buyer's TRN is optional; when typed it must be one (15 digits starting with 100, decision 0099)
  const trnInvalid = form.trn.trim() !== '' && !normaliseTrn(form.trn);
  const missingRequired = !form.name || !form.email || trnInvalid;
  // what promotions take off: the seller's share lowers its lines, the marketplace pays its share toward the total;
  // either way the shopper pays that much less (the quote's figure; the cart's own until it answers)
  const totalCents = quote.data ? amountToCents(quote.data.amount_due) : amountToCents(local.total) - coupon.discountCents;
  const creditCents = useCredit && token ? Math.max(0, Math.min(totalCents, amountToCents(Number(creditAmount) || 0))) : 0;
  const dueCents = totalCents - creditCents;
  const sellerName = (vendorId: number | null) => quote.data?.sellers.find((p) => p.vendor_id === vendorId)?.seller_name ?? '';
  // a purchase the credit covers in full needs no payment: placed with nothing due (as cash on delivery, or as a card
  // purchase for a shopper who may only pay by card)
  const payment: PaymentMethod = dueCents === 0 && creditCents > 0 ? (cardOnly ? 'card' : 'cod') : chosen;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (placing || lines.length === 0) return;
    if (!form.name.trim() || !form.email.trim()) {
      window.alert(currentMsg().checkoutRequired);
      return;
    }
    // the structured address, saved or typed (decision 0151); its messages show under its fields
    const delivery = addr.request();
    if (!delivery) return;
    // A card is paid on the provider's page after the purchase is placed (decision 0137): nothing of it is sent here.
    const body: OrderRequest = {
      items: lines.map((l) => ({ product_id: l.id, quantity: l.quantity, variants: l.variants ?? {} })),
      customer_info: {
        email: form.email.trim(), name: form.name.trim(), phone: form.phone.trim() || null,
        ...(form.company.trim() ? { company: form.company.trim() } : {}),
        ...(form.trn.trim() ? { trn: form.trn.trim() } : {}),
      },
      ...delivery,
      billing_address: delivery.shipping_address,
      payment_method: payment,
      payment_intent_id: null,
      notes: PAYMENT_NOTES[payment],
      ...(creditCents > 0 ? { store_credit_amount: centsToAmount(creditCents) } : {}),
      ...(coupon.sendCode ? { coupon_code: coupon.sendCode } : {}),
    };
    const fingerprint = JSON.stringify([body, token]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newKey(), fingerprint };

    setPlacing(true);
    try {
      // the purchase events come from the server, which records the order's lines once (decision 0010)
      const res = await placeOrder(body, attempt.current.key);
      // a deal limited per shopper may be used up by this order: what was priced before it is not asked again from the
      // cache (30 s fresh), or the next checkout of the same product would show the deal its order no longer gives
      for (const key of ['checkout-quote', 'deals-quote', 'coupon-check']) client.removeQueries({ queryKey: [key] });
      clearCart();
      await useCart.persist.clearStorage();
      attempt.current = null;
      if (res.payment) {
        // the purchase waits, its stock held, until the provider authorises the payment: on to the provider's page
        rememberPaymentToken(res.order_number, res.payment.token);
        window.location.assign(res.payment.pay_url ?? paymentReturnUrl(res.order_number));
        return;
      }
      setPlaced({ number: res.order_number, email: res.order.customer_email, mailQueued: res.confirmation_email_queued });
      window.alert(currentMsg().orderPlaced(res.order_number));
    } catch (err) {
      if (err instanceof ApiError) addr.showServerErrors(err.body?.fields);
      window.alert(err instanceof ApiError && err.body?.error ? err.message : currentMsg().orderFailed);
    } finally {
      setPlacing(false);
    }
  }

  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
          <Link to={paths.assistant} className={buttonClass('ghost', 'sm', '-ms-2')}>
            {/* the arrow points back along the reading direction: to the right in Arabic */}
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span> <Trans>Back to shop</Trans>
          </Link>
          <h1 className="text-lg font-semibold text-slate-900 sm:text-xl"><Trans>Checkout</Trans></h1>
          <LanguageSwitch className="ms-auto" />
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {placed ? (
          <div className="mx-auto max-w-lg rounded-2xl border border-emerald-200 bg-white p-8 text-center shadow-sm" role="status">
            <p className="text-sm font-medium text-emerald-700"><Trans>Thank you!</Trans></p>
            <h2 className="mt-1 text-2xl font-semibold break-words text-slate-900">{MSG.orderPlaced(placed.number)}</h2>
            {/* promise a mail only when the server queued one */}
            <p className="mt-2 text-sm break-words text-slate-600">{placed.mailQueued ? MSG.orderConfirmationSent(placed.email) : MSG.orderKeepNumber}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-2">
              <Link to={paths.assistant} className={buttonClass('primary')}>
                <Trans>Continue shopping</Trans>
              </Link>
              {token && (
                <Link to={paths.profile} className={buttonClass('secondary')}>
                  <Trans>View my orders</Trans>
                </Link>
              )}
            </div>
          </div>
        ) : (
          // minmax(0, 1fr): a long product name must never widen the column past the screen
          <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
            <div className="flex min-w-0 flex-col gap-6">
              <Card title={t`Shipping Information`}>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label={t`Name`} required>
                    <Input value={form.name} onChange={set('name')} autoComplete="name" />
                  </Field>
                  <Field label={t`Email`} required>
                    <Input type="email" value={form.email} onChange={set('email')} autoComplete="email" />
                  </Field>
                  <Field label={t`Phone`} required={addr.phone.required} error={addr.phone.error} hint={addr.phone.hint}>
                    <Input type="tel" dir="ltr" value={form.phone} onChange={set('phone')} autoComplete="tel" />
                  </Field>
                  <div className="sm:col-span-2">{addr.element}</div>
                  <Field label={MSG.checkoutCompanyLabel} hint={MSG.checkoutCompanyHint} className="sm:col-span-2">
                    <Input value={form.company} onChange={set('company')} autoComplete="organization" />
                  </Field>
                  <Field label={MSG.checkoutTrnLabel} error={trnInvalid ? MSG.trnInvalid : undefined}>
                    <Input inputMode="numeric" value={form.trn} onChange={set('trn')} />
                  </Field>
                </div>
              </Card>

              <Card title={t`Payment`}>
                <div className="grid gap-4 sm:grid-cols-2">
                  {lines.length > 0 && <CouponBox coupon={coupon} />}
                  <StoreCreditBox
                    signedIn={!!token}
                    totalCents={totalCents}
                    use={useCredit}
                    amount={creditAmount}
                    onUse={(use, balance) => {
                      setUseCredit(use);
                      if (use && !creditAmount) setCreditAmount(centsToAmount(Math.min(balance, totalCents)).toFixed(2));
                    }}
                    onAmount={setCreditAmount}
                  />
                  {dueCents === 0 && creditCents > 0 ? (
                    <p className="text-sm font-medium text-emerald-800 sm:col-span-2"><Trans>Paid in full with your store credit: nothing to pay by card or on delivery.</Trans></p>
                  ) : (
                  <>
                  <Field label={t`Payment method`} className="sm:col-span-2">
                    <Select value={chosen} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
                      {PAYMENT_METHODS.map((m) => (
                        <option key={m} value={m} disabled={m === 'cod' && cardOnly}>
                          {i18n._(PAYMENT_LABELS[m])}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  {cardOnly && cod && <CodCardOnlyNotice eligibility={cod} />}
                  {chosen === 'card' && (
                    // the card is typed on the payment provider's own page, never on Souq's (decision 0137)
                    <p className="text-sm text-slate-600 sm:col-span-2"><Trans>After you place the order you pay on the payment provider's secure page. Your card details never reach Souq; your bank may ask you to confirm the payment.</Trans></p>
                  )}
                  </>
                  )}
                </div>
              </Card>
            </div>

            <Card
              title={t`Order Summary`}
              // On phones an empty cart is the first thing to see, not the last.
              className={lines.length === 0 ? 'order-first lg:sticky lg:top-6 lg:order-none' : 'lg:sticky lg:top-6'}
            >
              {lines.length === 0 ? (
                <EmptyState
                  title={MSG.cartEmpty}
                  action={
                    <Link to={paths.assistant} className={buttonClass('secondary', 'sm')}>
                      <Trans>Browse products</Trans>
                    </Link>
                  }
                />
              ) : (
                <ul className="mb-4 flex flex-col gap-3" aria-label={t`Order lines`}>
                  {lines.map((l) => (
                    <li key={lineKey(l)} className="flex items-center gap-3">
                      <ProductImage src={l.image} alt="" className="h-12 w-12 shrink-0 rounded-lg" />
                      <div className="min-w-0 flex-1">
                        <p className="line-clamp-2 text-sm font-medium break-words text-slate-900" title={lineName(l, lang)}>
                          <bdi>{lineName(l, lang)}</bdi>
                        </p>
                        {lineOptions(l) && <p className="text-xs text-slate-600"><bdi>{lineOptions(l)}</bdi></p>}
                        <p className="text-xs text-slate-500">
                          {formatCount(l.quantity, locale)} × <Price value={l.price} />
                        </p>
                      </div>
                      <Price value={(l.price || 0) * l.quantity} className="text-sm font-medium" />
                    </li>
                  ))}
                </ul>
              )}
              <dl className="flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm">
                <div className="flex justify-between">
                  <dt className="text-slate-600"><Trans>Subtotal</Trans></dt>
                  <dd>
                    <Price value={quote.data ? quote.data.subtotal_before_promotions : local.subtotal} />
                  </dd>
                </div>
                {sellers ? (
                  sellers.map((p) => (
                    <div key={p.vendor_id ?? 'shop'} className="flex justify-between gap-3">
                      <dt className="min-w-0 text-slate-600">
                        <Trans>Shipping from <bdi className="break-words">{p.seller_name}</bdi></Trans>
                        {p.delivery_promise && <PromiseLine promise={p.delivery_promise} />}
                      </dt>
                      <dd>
                        <Price value={p.shipping} />
                      </dd>
                    </div>
                  ))
                ) : (
                  <div className="flex justify-between">
                    <dt className="text-slate-600">
                      <Trans>Shipping</Trans>
                      {quote.data?.sellers[0]?.delivery_promise && <PromiseLine promise={quote.data.sellers[0].delivery_promise} />}
                    </dt>
                    <dd>
                      <Price value={totals.shipping} />
                    </dd>
                  </div>
                )}
                {!totals.tax_included && (
                  <div className="flex justify-between">
                    <dt className="text-slate-600"><Trans>Tax ({taxPercent}%)</Trans></dt>
                    <dd>
                      <Price value={totals.tax} />
                    </dd>
                  </div>
                )}
                {coupon.discountCents > 0 && (
                  <>
                    <div className="flex justify-between gap-3 text-emerald-800">
                      <dt className="min-w-0">{coupon.sendCode ? <Trans>Promotion (<bdi className="font-mono">{coupon.code}</bdi>)</Trans> : <Trans>Deals</Trans>}</dt>
                      <dd>
                        <span aria-hidden="true">−</span><Price value={centsToAmount(coupon.discountCents)} />
                      </dd>
                    </div>
                    {/* each seller's part of the discount, when the cart has several */}
                    {coupon.sellers.length > 1 && coupon.sellers.map((p) => (
                      <div key={p.vendor_id ?? 'shop'} className="flex justify-between gap-3 ps-3 text-xs text-emerald-800">
                        <dt className="min-w-0"><bdi className="break-words">{sellerName(p.vendor_id)}</bdi></dt>
                        <dd>
                          <span aria-hidden="true">−</span><Price value={centsToAmount(p.discount_cents)} />
                        </dd>
                      </div>
                    ))}
                  </>
                )}
                <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-semibold">
                  <dt><Trans>Total</Trans></dt>
                  <dd>
                    <Price value={centsToAmount(totalCents)} />
                  </dd>
                </div>
                {creditCents > 0 && (
                  <>
                    <div className="flex justify-between text-emerald-800">
                      <dt><Trans>Store credit</Trans></dt>
                      <dd>
                        <span aria-hidden="true">−</span><Price value={centsToAmount(creditCents)} />
                      </dd>
                    </div>
                    <div className="flex justify-between font-semibold">
                      <dt><Trans>To pay</Trans></dt>
                      <dd>
                        <Price value={centsToAmount(dueCents)} />
                      </dd>
                    </div>
                  </>
                )}
                {/* prices include VAT (decision 0098): the part of each seller's total that is VAT, not a line on top */}
                {totals.tax_included &&
                  (sellers ?? [null]).map((p) => (
                    <div key={p ? (p.vendor_id ?? 'shop') : 'all'} className="flex justify-between gap-3 text-xs text-slate-500">
                      <dt className="min-w-0">
                        {p ? <bdi className="break-words">{p.seller_name}</bdi> : null}
                        {p ? ' ' : ''}
                        {p && !p.vat_registered ? MSG.checkoutNoVat : coupon.discountCents > 0 ? t`includes VAT, worked out on the discounted price` : t`includes VAT`}
                      </dt>
                      {/* the quote's VAT is on the lines after the sellers' shares; the cart's own figure is not, so it waits for it */}
                      <dd>{(p && !p.vat_registered) || (coupon.discountCents > 0 && !quote.data) ? null : <Price value={p ? p.tax : totals.tax} />}</dd>
                    </div>
                  ))}
              </dl>
              <Button type="submit" size="lg" className="mt-5 w-full" disabled={placing || lines.length === 0 || missingRequired}>
                {placing ? t`Placing Order...` : t`Place Order`}
              </Button>
            </Card>
          </form>
        )}
      </main>
    </div>
  );
}
