import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageFrame } from '@/components/ui/PageFrame';
import { SignedInAs } from '@/components/ui/SignedInAs';

/** /product-manager (admin §2): the frame of the product manager, with the session it works under. */
export default function ProductManagerPage() {
  return (
    <PageFrame area="Products" title="Product Manager" description="Products with their embed codes, for use on external pages." headerRight={<SignedInAs prefer="admin" />}>
      <p className="text-sm text-slate-600">
        <Link to={paths.admin} className="font-medium text-brand-700 hover:underline">Back to the admin dashboard</Link>
      </p>
    </PageFrame>
  );
}
