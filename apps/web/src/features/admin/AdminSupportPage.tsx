import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { paths } from '@/lib/paths';
import { useAdminAccess } from '@/lib/session';
import { AdminAccessRequired } from '@/components/admin/AdminAccessRequired';
import { AdminFrame } from './AdminFrame';
import type { AdminSectionId } from './sections';
import { SupportSection } from './sections/SupportSection';

/** /admin/support (admin §2): the support inbox inside the admin frame (the same screen as the dashboard's section). */
export default function AdminSupportPage() {
  const granted = useAdminAccess();
  const navigate = useNavigate();
  const { t } = useLingui();
  if (!granted) return <AdminAccessRequired title={t`Support Center`} />;
  const open = (section: AdminSectionId) => navigate(paths.admin, { state: { section } });
  return (
    <AdminFrame active="support" crumb={t`Support Center`} onSelect={open}>
      <SupportSection />
    </AdminFrame>
  );
}
