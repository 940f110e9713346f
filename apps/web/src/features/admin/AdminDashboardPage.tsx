import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { EmptyState } from '@/components/ui/EmptyState';
import { AdminFrame } from './AdminFrame';
import { AdminGate } from './AdminGate';
import { Spinner } from '@/components/ui/Spinner';
import { SECTION_COMPONENTS } from './sections/registry';
import { DEFAULT_ADMIN_SECTION, isAdminSection, sectionTitle, type AdminSectionId } from './sections';

/** The spec's placeholder texts of sections without content (admin §2). */
const PLACEHOLDER: Partial<Record<AdminSectionId, string>> = {
  payments: 'Payment Management Section',
  marketing: 'Marketing Section',
  system: 'System Settings Section',
  security: 'Security Section',
};

function Section({ id }: { id: AdminSectionId }) {
  const Screen = SECTION_COMPONENTS[id];
  if (Screen) {
    return (
      <Suspense fallback={<div className="flex justify-center p-10 text-slate-500"><Spinner className="text-brand-600" /></div>}>
        <Screen />
      </Suspense>
    );
  }
  const title = sectionTitle(id);
  return (
    <section aria-labelledby="section-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="section-heading" className="text-lg font-semibold text-slate-900">{title}</h2>
      <EmptyState className="mt-5" title={PLACEHOLDER[id] ?? `${title} has nothing to show yet`} />
    </section>
  );
}

/**
 * /admin (and /admin/vendors, which opens on the vendors section): one screen whose sidebar switches sections
 * without changing the route (admin §2). Another admin page can open a section by passing {section} as state.
 */
export default function AdminDashboardPage() {
  const location = useLocation();
  const requested = (location.state as { section?: unknown } | null)?.section;
  const initial: AdminSectionId = isAdminSection(requested) ? requested : location.pathname === paths.adminVendors ? 'vendors' : DEFAULT_ADMIN_SECTION;
  const [section, setSection] = useState<AdminSectionId>(initial);

  return (
    <AdminGate>
      <AdminFrame active={section} crumb={sectionTitle(section)} onSelect={setSection}>
        <Section id={section} />
      </AdminFrame>
    </AdminGate>
  );
}
