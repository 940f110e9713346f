import { Suspense } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { AdminFrame } from './AdminFrame';
import { AdminGate } from './AdminGate';
import { Spinner } from '@/components/ui/Spinner';
import { SECTION_COMPONENTS } from './sections/registry';
import { sectionFromLocation, sectionTitle, sectionUrl, type AdminSectionId } from './sections';

/** The spec's placeholder texts of sections without content (admin §2). */
const PLACEHOLDER: Partial<Record<AdminSectionId, MessageDescriptor>> = {
  payments: msg`Payment Management Section`,
  marketing: msg`Marketing Section`,
  system: msg`System Settings Section`,
};

function Section({ id }: { id: AdminSectionId }) {
  const { i18n, t } = useLingui();
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
      <EmptyState className="mt-5" title={PLACEHOLDER[id] ? i18n._(PLACEHOLDER[id]) : t`${title} has nothing to show yet`} />
    </section>
  );
}

/**
 * /admin (and /admin/vendors, which opens on the vendors section): one screen whose sidebar switches sections
 * (admin §2). The section is kept in the query string, so a reload or a shared link shows the same section; the
 * other query keys belong to the section's list (search, filters, page) and are left behind when switching.
 */
export default function AdminDashboardPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const section = sectionFromLocation(location);
  const select = (id: AdminSectionId) => {
    if (id !== section) navigate(sectionUrl(id));
  };

  return (
    <AdminGate>
      <AdminFrame active={section} crumb={sectionTitle(section)} onSelect={select}>
        <Section key={section} id={section} />
      </AdminFrame>
    </AdminGate>
  );
}
