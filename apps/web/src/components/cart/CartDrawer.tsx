import { useNavigate } from 'react-router';
import { cartTotals } from '@souq/shared/rules/pricing';
import { Button } from '@/components/ui/Button';
import { Drawer } from '@/components/ui/Drawer';
import { EmptyState } from '@/components/ui/EmptyState';
import { Price } from '@/components/ui/Price';
import { ProductImage } from '@/components/shop/ProductImage';
import { paths } from '@/lib/paths';
import { lineKey, lineName, lineOptions, lineTitle as titleIn, useCart } from '@/lib/shop/cart-store';
import { useMsg } from '@/lib/use-msg';
import { useContentLang } from '@/lib/content-lang';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

const iconPath = { minus: 'M5 10h10', plus: 'M10 5v10M5 10h10' } as const;
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
    <path d={d} />
  </svg>
);

function QtyButton({ label, icon, disabled, onClick }: { label: string; icon: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300"
    >
      <Icon d={icon} />
    </button>
  );
}

/** The drawer 'My Cart' (customer spec §2). Open state lives in the cart store so any cart button can open it. */
export default function CartDrawer() {
  const open = useCart((s) => s.open);
  const setOpen = useCart((s) => s.setOpen);
  const lines = useCart((s) => s.lines);
  const setQuantity = useCart((s) => s.setQuantity);
  const remove = useCart((s) => s.remove);
  const navigate = useNavigate();
  const { subtotal } = cartTotals(lines);
  const close = () => setOpen(false);
  const texts = useMsg();
  // the product names in the shopper's language (the Arabic name kept with the line when it was added)
  const lang = useContentLang();
  const lineTitle = (line: (typeof lines)[number]) => titleIn(line, lang);

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t`My Cart`}
      footer={
        <div className="flex flex-col gap-3">
          <div className="flex items-center justify-between text-base font-semibold">
            <span><Trans>Total</Trans></span>
            <Price value={subtotal} />
          </div>
          <Button
            size="lg"
            disabled={lines.length === 0}
            onClick={() => {
              close();
              navigate(paths.checkout);
            }}
          >
            <Trans>Proceed to Checkout</Trans>
          </Button>
        </div>
      }
    >
      {lines.length === 0 ? (
        <EmptyState title={texts.cartEmpty} className="mt-4" />
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label={t`Cart items`}>
          {lines.map((line) => (
            <li key={lineKey(line)} className="flex gap-3 py-3">
              <ProductImage src={line.image} alt={lineName(line, lang)} className="h-16 w-16 shrink-0 rounded-lg" />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="line-clamp-2 text-sm font-medium text-slate-900"><bdi>{lineName(line, lang)}</bdi></p>
                    {lineOptions(line) && <p className="text-xs text-slate-600"><bdi>{lineOptions(line)}</bdi></p>}
                  </div>
                  <Price value={line.price} className="shrink-0 text-sm font-semibold text-slate-900" />
                </div>
                <div className="flex items-center justify-between">
                  <div className="flex items-center gap-1" role="group" aria-label={t`Quantity of ${lineTitle(line)}`}>
                    <QtyButton
                      label={t`Decrease quantity of ${lineTitle(line)}`}
                      icon={iconPath.minus}
                      disabled={line.quantity <= 1}
                      onClick={() => setQuantity(lineKey(line), line.quantity - 1)}
                    />
                    <span className="w-8 text-center text-sm tabular-nums" aria-live="polite" aria-label={t`Quantity ${line.quantity}`}>
                      {line.quantity}
                    </span>
                    <QtyButton
                      label={t`Increase quantity of ${lineTitle(line)}`}
                      icon={iconPath.plus}
                      onClick={() => setQuantity(lineKey(line), line.quantity + 1)}
                    />
                  </div>
                  <button
                    type="button"
                    aria-label={t`Remove ${lineTitle(line)}`}
                    onClick={() => remove(lineKey(line))}
                    className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
