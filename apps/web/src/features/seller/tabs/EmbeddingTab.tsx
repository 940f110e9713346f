import { PageHeader } from '@/components/ui/PageHeader';
import { VendorSignedIn } from '../VendorSignedIn';
import { ProductEmbeddingTool } from '../embedding/ProductEmbeddingTool';
import { useLingui } from '@lingui/react/macro';

/** The vendor dashboard's Product Embedding tab (vendor §2): the embedding tool for the signed-in vendor. */
export default function EmbeddingTab() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t`Product Embedding`} description={t`Create a product and show it on any other website with an embed code.`} />
      <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <VendorSignedIn>{(vendor) => <ProductEmbeddingTool vendorId={vendor.id} />}</VendorSignedIn>
      </section>
    </div>
  );
}
