import { lazy, Suspense, useState } from 'react';
import { useAddToCart } from '@/lib/shop/actions';
import { ShelfList } from '@/components/shop/ShelfList';
import type { ProductRef } from '@/lib/shop/product-ref';
import { track } from '@/lib/shop/track';
import { DemoHeader } from './DemoHeader';
import { t } from '@lingui/core/macro';

const ProductDetailDialog = lazy(() => import('@/components/shop/ProductDetailDialog'));

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
