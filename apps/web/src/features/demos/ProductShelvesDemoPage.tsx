import { lazy, Suspense, useState } from 'react';
import { useAddToCart } from '@/features/storefront/actions';
import { ShelfList } from '@/features/storefront/ShelfList';
import type { ProductRef } from '@/features/storefront/product-ref';
import { track } from '@/features/storefront/track';
import { DemoHeader } from './DemoHeader';
import { t } from '@lingui/core/macro';

const ProductDetailDialog = lazy(() => import('@/features/storefront/ProductDetailDialog'));

/** /product-shelves-demo: the storefront shelves on their own. */
export default function ProductShelvesDemoPage() {
  const [detail, setDetail] = useState<ProductRef | null>(null);
  const addToCart = useAddToCart();

  function open(p: ProductRef) {
    track('click', p.id, { source: 'shelves_demo' });
    track('view', p.id, { name: p.name });
    setDetail(p);
  }

  return (
    <div className="min-h-dvh">
      <DemoHeader title={t`Product Shelves`} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <ShelfList onOpen={open} onAdd={(p) => addToCart(p, 1, 'shelves_demo')} selectedId={detail?.id} />
      </main>
      <Suspense fallback={null}>
        {detail && (
          <ProductDetailDialog
            product={detail}
            onClose={() => setDetail(null)}
            onAdd={(p) => addToCart(p, 1, 'shelves_demo')}
          />
        )}
      </Suspense>
    </div>
  );
}
