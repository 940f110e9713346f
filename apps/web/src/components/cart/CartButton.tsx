import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { useCart, useCartCount } from '@/lib/shop/cart-store';
import { Trans } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

const loadCartDrawer = () => import('./CartDrawer');
const CartDrawer = lazy(loadCartDrawer);
const prefetch = () => void loadCartDrawer();

/**
 * 'Cart' button with the item-count badge; it also mounts the 'My Cart' drawer, whose code loads on first open
 * (prefetched when the pointer or focus reaches the button). Render one per screen.
 */
export function CartButton({ className }: { className?: string }) {
  const open = useCart((s) => s.open);
  const setOpen = useCart((s) => s.setOpen);
  const count = useCartCount();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-label={plural(count, { one: `Cart, # item`, other: `Cart, # items` })}
        className={className}
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M3 3h2l2.4 12.1a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
          <circle cx="10" cy="20.5" r="1" />
          <circle cx="17" cy="20.5" r="1" />
        </svg>
        <Trans>Cart</Trans>
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className={cx(
            'ms-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold tabular-nums',
            count > 0 ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600',
          )}
        >
          {count}
        </span>
      </Button>
      <Suspense fallback={null}>{open && <CartDrawer />}</Suspense>
    </>
  );
}
