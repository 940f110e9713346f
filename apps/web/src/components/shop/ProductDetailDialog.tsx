import { useState, type ReactNode } from 'react';
import ProductReviews from './ProductReviews';
import PriceHistory from './PriceHistory';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMsg } from '@/lib/use-msg';
import type { VariantChoice } from '@souq/shared/rules/variants';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { Stars } from '@/components/ui/Stars';
import { useProduct } from '@/lib/shop/catalogue-api';
import { DepartmentName } from './departments';
import { useAddToCart } from '@/lib/shop/actions';
import { useCart } from '@/lib/shop/cart-store';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { ProductImage } from './ProductImage';
import { refFromProduct, type ProductRef } from '@/lib/shop/product-ref';
import { choiceState, ProductOptions } from './ProductOptions';
import { OfferPrice, OptionsDealNote } from './DealPrice';
import { useOffer } from '@/lib/shop/offers';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/**
 * Product detail modal (customer spec §2). Opens at once with what the card knows and fills in the rest from
 * GET /api/products/:id.
 */
export default function ProductDetailDialog({ product, onClose, onAdd, onAsk }: {
  product: ProductRef | null;
  onClose: () => void;
  onAdd: (p: ProductRef) => void;
  /** Sends a quick question to the chat; without it (no chat on screen) the questions are not offered. */
  onAsk?: (question: string, p: ProductRef) => void;
}) {
  const query = useProduct(product?.id ?? null);
  const addToCart = useAddToCart();
  const openCart = useCart((s) => s.setOpen);
  // the options picked, for the product they were picked on (another product starts with none)
  const [picked, setPicked] = useState<{ id: number; choice: VariantChoice }>({ id: 0, choice: {} });
  const lang = useContentLang();
  const { t } = useLingui();
  const MSG = useMsg();
  const offer = useOffer(product?.id ?? 0);
  if (!product) return null;
  const full = query.data;
  const options = full?.variants ?? [];
  const choice = picked.id === product.id ? picked.choice : {};
  const chosen = choiceState(full?.price ?? product.price, options, choice);
  const base: ProductRef = full ? { ...refFromProduct(full), badge: product.badge, badgeAr: product.badgeAr } : product;
  // with options, what goes into the cart is the product with them, at their price (the price the server charges)
  const ref: ProductRef = options.length ? { ...base, price: chosen.price, variants: choice } : base;
  const category = full?.category?.trim() || ref.category?.trim();
  const waiting = options.length > 0 && chosen.missing !== null;
  const stock = full ? full.stock_quantity ?? full.stock : undefined;
  // Short labels on the buttons; the chat receives the full question with the product's name.
  const questions = [
    { label: t`Tell me more`, text: MSG.quickTellMore(ref.name) },
    { label: t`Is it worth the price?`, text: MSG.quickWorthPrice(ref.name) },
    { label: t`Similar products`, text: MSG.quickSimilar(ref.name) },
    { label: t`How to purchase`, text: MSG.quickHowToPurchase(ref.name) },
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      title={<LocalText en={ref.name} ar={ref.nameAr} lang={lang} />}
      size="lg"
      footer={
        <>
          {waiting && <p className="me-auto self-center text-sm text-slate-600">{MSG.variantChoose(chosen.missing!)}</p>}
          <Button variant="secondary" disabled={waiting} onClick={() => onAdd(ref)}>
            <Trans>Add to Cart</Trans>
          </Button>
          <Button
            disabled={waiting}
            onClick={() => {
              // Buy Now (spec §2): adds one and opens the cart
              addToCart(ref, 1, 'buy_now');
              onClose();
              openCart(true);
            }}
          >
            <Trans>Buy Now</Trans>
          </Button>
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <ProductImage src={ref.image} alt={pickText(ref.name, ref.nameAr ?? '', lang)} eager className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-4">
          <dl className="flex flex-col gap-3">
            <Fact label={t`Price`}>
              <span className="flex flex-wrap items-center gap-3">
                {/* the price charged now: a running deal and the honest was price (decision 0158), never the vendor's typed
                    compare-at price by itself; with options, the option's price and the deal checkout takes off it */}
                {options.length ? (
                  <span className="flex flex-col gap-1">
                    <Price value={ref.price} className="text-2xl font-bold text-slate-900" />
                    <OptionsDealNote offer={offer} />
                  </span>
                ) : (
                  <OfferPrice productId={ref.id} price={ref.price} variant="dialog" className="text-2xl font-bold text-slate-900" />
                )}
                {ref.rating != null && ref.rating > 0 && <Stars rating={ref.rating} showValue />}
              </span>
            </Fact>
            {query.isPending ? (
              <div>
                <Spinner size="sm" label={t`Loading details…`} />
              </div>
            ) : (
              <>
                {options.length > 0 && <ProductOptions options={options} choice={choice} onChange={(c) => setPicked({ id: product.id, choice: c })} />}
                <Fact label={t`Description`}>
                  <span className="whitespace-pre-line">
                    {full?.description?.trim() || full?.description_ar?.trim() ? (
                      <LocalText en={full.description.trim()} ar={full.description_ar.trim()} lang={lang} />
                    ) : full?.short_description?.trim() || MSG.noDescription}
                  </span>
                </Fact>
                <Fact label={t`Category`}>{category ? <DepartmentName name={category} /> : MSG.defaultCategory}</Fact>
                {typeof stock === 'number' && <Fact label={t`Stock`}>{MSG.unitsAvailable(stock)}</Fact>}
                {full && full.tags.length > 0 && (
                  <Fact label={t`Tags`}>
                    <ul className="mt-1 flex flex-wrap gap-1.5">
                      {full.tags.map((tag) => (
                        <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
                          <bdi>{tag}</bdi>
                        </li>
                      ))}
                    </ul>
                  </Fact>
                )}
                {full?.embed_id != null && (
                  <Fact label={t`Embedded product`}>
                    <Trans>Vendor ID: {full.vendor_id ?? '—'} · Theme: {String(full.embed_settings?.theme ?? 'light')}</Trans>
                  </Fact>
                )}
              </>
            )}
          </dl>
          {/* 90 days of prices and a price alert (issue 28); recharts comes in its own chunk when the chart shows */}
          <PriceHistory productId={ref.id} />
          {onAsk && (
            <div>
              <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"><Trans>Ask the assistant</Trans></p>
              <div className="flex flex-wrap gap-2">
                {questions.map((q) => (
                  <button
                    key={q.label}
                    type="button"
                    title={q.text}
                    onClick={() => onAsk(q.text, ref)}
                    className="rounded-full border border-brand-600/30 bg-brand-50 px-3 py-1.5 text-start text-xs font-medium text-brand-800 hover:bg-brand-100"
                  >
                    {q.label}
                  </button>
                ))}
              </div>
            </div>
          )}
        </div>
      </div>
      {/* verified reviews and what buyers say (issue 28); the dialog itself is loaded on demand */}
      <div className="mt-5">
        <ProductReviews productId={ref.id} />
      </div>
    </Dialog>
  );
}
