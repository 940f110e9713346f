import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CouponCheck, DealsQuote } from '@souq/shared/api/promotions';
import { ApiError, api } from '@/lib/api-client';
import { Price } from '@/components/ui/Price';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { useCartCode } from '@/lib/shop/cart-store';

type Items = { product_id: number; quantity: number; variants?: Record<string, string> }[];

/** POST /api/promotions/check: the code against the cart at database prices (nothing written; rate limited). */
const checkCode = (code: string, items: Items, signal?: AbortSignal) =>
  api<CouponCheck>('/api/promotions/check', { method: 'POST', body: { code, items }, signal });

/** POST /api/promotions/deals: the running deals on the cart, before any code (nothing written). */
const quoteDeals = (items: Items, signal?: AbortSignal) =>
  api<DealsQuote>('/api/promotions/deals', { method: 'POST', body: { items }, signal });

/**
 * The code the shopper applied and what it takes off, checked again whenever the cart changes (decision 0152). The
 * order sends the code only while it applies; the server checks it once more, under the promotion's lock.
 */
export function useCoupon(items: Items, shopper: string | null) {
  // the code applied here or in the chat, kept for this browser session
  const code = useCartCode((s) => s.code);
  const setCode = useCartCode((s) => s.set);
  const check = useQuery({
    // per shopper: a code's and a deal's per-shopper limits answer differently for each (decisions 0152, 0163)
    queryKey: ['coupon-check', shopper, code, items],
    queryFn: ({ signal }) => checkCode(code!, items, signal),
    enabled: code !== null && items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const result = code !== null && check.data?.code === code ? check.data : null;
  const applies = result?.applies === true;
  // without a code that applies, the deals the order takes off unasked (with one, its answer includes them)
  const deals = useQuery({
    queryKey: ['deals-quote', shopper, items],
    queryFn: ({ signal }) => quoteDeals(items, signal),
    enabled: items.length > 0 && !applies,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const sellers = applies ? result!.sellers : deals.data?.sellers ?? [];
  return {
    code,
    // codes match without case (decision 0148): shown as the server stores them, in capitals
    apply: (typed: string) => setCode(typed.trim().toUpperCase() || null),
    remove: () => setCode(null),
    checking: check.isFetching,
    result,
    error: check.error,
    /** The code to send with the order: only one that applies. */
    sendCode: applies ? code : null,
    /** What promotions take off in all (the code's and the deals'), and per seller. */
    discountCents: sellers.reduce((s, p) => s + p.discount_cents, 0),
    sellers,
    /** The code's own part (deals on the same lines apart). */
    codeCents: applies ? result!.discount_cents : 0,
  };
}
export type Coupon = ReturnType<typeof useCoupon>;

/** The checkout's code box: a field with Apply, the reason when the code does not apply, and Remove once it does. */
export function CouponBox({ coupon }: { coupon: Coupon }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const { result } = coupon;
  const refused = result && !result.applies ? result.message : null;
  // a 429 (too many tries) or a server error: its own message
  const failed = coupon.error instanceof ApiError ? coupon.error.message : coupon.error ? t`The code could not be checked. Try again.` : null;

  if (coupon.sendCode) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-emerald-200 bg-emerald-50/60 p-3 sm:col-span-2" role="status">
        <p className="min-w-0 text-sm text-emerald-900">
          <Trans>Code <bdi className="font-mono font-semibold">{coupon.code}</bdi> applied: <Price cents={coupon.codeCents} /> off</Trans>
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={() => { coupon.remove(); setTyped(''); }}>
          <Trans>Remove</Trans>
        </Button>
      </div>
    );
  }
  return (
    // the button beside the field, level with its input (under the label's line)
    <div className="flex items-start gap-2 sm:col-span-2">
      <Field label={t`Promo code`} error={refused ?? failed ?? undefined} className="min-w-0 flex-1">
        <Input
          value={typed}
          dir="ltr"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the code instead of placing the order
            if (e.key === 'Enter') {
              e.preventDefault();
              if (typed.trim()) coupon.apply(typed);
            }
          }}
          className="uppercase"
        />
      </Field>
      <Button type="button" variant="secondary" className="mt-[1.625rem] shrink-0" disabled={!typed.trim() || coupon.checking} onClick={() => coupon.apply(typed)}>
        {coupon.checking ? t`Checking…` : t`Apply`}
      </Button>
    </div>
  );
}
