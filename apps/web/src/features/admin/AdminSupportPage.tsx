import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAdminAccess } from '@/lib/session';
import { AdminAccessRequired } from './AdminAccessRequired';
import { AdminFrame } from './AdminFrame';
import type { AdminSectionId } from './sections';

/** /admin/support (admin §2): the support screen inside the admin frame; not gated on the client. */
export default function AdminSupportPage() {
  const granted = useAdminAccess();
  const navigate = useNavigate();
  if (!granted) return <AdminAccessRequired title="Support Center" />;
  const open = (section: AdminSectionId) => navigate(paths.admin, { state: { section } });
  return (
    <AdminFrame active="support" crumb="Support Center" onSelect={open}>
      <section aria-labelledby="support-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="support-heading" className="text-lg font-semibold text-slate-900">Support Center</h2>
        <p className="mt-1 text-sm text-slate-600">Signed in as Admin User (Super Admin).</p>
      </section>
    </AdminFrame>
  );
}
