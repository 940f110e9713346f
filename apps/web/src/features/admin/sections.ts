import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { paths } from '@/lib/paths';

/**
 * The admin dashboard's sections, by identifier and title (admin §2), with a 24px outline icon path each. The titles
 * are message descriptors, read in the page's language where they are shown (sectionTitle).
 */
export const ADMIN_SECTIONS = [
  { id: 'overview', title: msg`Dashboard`, icon: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z' },
  { id: 'users', title: msg`User Management`, icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7M22 21v-1a6 6 0 0 0-4-5.6' },
  { id: 'vendors', title: msg`Vendor Management`, icon: 'M3 9l1.5-5h15L21 9M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM5 13v7h14v-7' },
  { id: 'products', title: msg`Products`, icon: 'M21 8l-9-5-9 5 9 5zM3 8v8l9 5 9-5V8M12 13v8' },
  { id: 'orders', title: msg`Orders`, icon: 'M6 3h12l1 5H5zM5 8h14v12H5zM9 12h6' },
  // review moderation (issue 28)
  { id: 'reviews', title: msg`Reviews`, icon: 'M12 3l2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.3 6.8 19l1-5.8-4.2-4.1 5.8-.8z' },
  // outside AI agents over UCP (issue 27)
  { id: 'agents', title: msg`Agents`, icon: 'M9 3h6M12 3v3M6 6h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM9 12h.01M15 12h.01M9 16h6' },
  { id: 'payments', title: msg`Payments`, icon: 'M3 6h18v12H3zM3 10h18M7 15h3' },
  // the ledger's read-outs, payouts and adjustments (issue 24, decision 0095)
  { id: 'finance', title: msg`Finance`, icon: 'M4 20h16M6 16V10M10 16V7M14 16v-5M18 16V4' },
  // coupons, deals and campaigns with their cost (issue 39, decision 0148)
  { id: 'promotions', title: msg`Promotions`, icon: 'M9 5H5v4l10 10 4-4L9 5zM7.5 7.5h.01' },
  { id: 'marketing', title: msg`Marketing`, icon: 'M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1zM16 8a5 5 0 0 1 0 8M19 5a9 9 0 0 1 0 14' },
  { id: 'ai-chatbot', title: msg`AI Chatbot Management`, icon: 'M12 3v3M6 8h12a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM9 13h.01M15 13h.01' },
  { id: 'chat-monitor', title: msg`Live Chat Monitor`, icon: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z' },
  { id: 'support', title: msg`Support Center`, icon: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 0 2 2h1v-5H6a2 2 0 0 0-2 2zM20 14a2 2 0 0 1-2 2h-1v-5h1a2 2 0 0 1 2 2zM17 16v1a3 3 0 0 1-3 3h-2' },
  { id: 'system', title: msg`System`, icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1A1.7 1.7 0 0 0 7 19.4l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 13.7H3a2 2 0 1 1 0-4h.1A1.7 1.7 0 0 0 4.6 7l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10.3 3V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.1a2 2 0 1 1 0 4z' },
  { id: 'reports', title: msg`Sales Analytics`, icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2' },
  { id: 'notifications', title: msg`Push Notification Management`, icon: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0' },
  { id: 'security', title: msg`Security`, icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z' },
] as const satisfies readonly { id: string; title: MessageDescriptor; icon: string }[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];
export const DEFAULT_ADMIN_SECTION: AdminSectionId = 'overview';

/** A section's title in the page's language. */
export const sectionTitle = (id: AdminSectionId): string => i18n._(ADMIN_SECTIONS.find((s) => s.id === id)!.title);
export const isAdminSection = (v: unknown): v is AdminSectionId => ADMIN_SECTIONS.some((s) => s.id === v);

/** The section a URL shows: `?section=` (a reload keeps it), else the state another admin page passed, else the path's. */
export function sectionFromLocation(location: { pathname: string; search: string; state: unknown }): AdminSectionId {
  const fromQuery = new URLSearchParams(location.search).get('section');
  if (isAdminSection(fromQuery)) return fromQuery;
  const fromState = (location.state as { section?: unknown } | null)?.section;
  if (isAdminSection(fromState)) return fromState;
  return location.pathname === paths.adminVendors ? 'vendors' : DEFAULT_ADMIN_SECTION;
}

/** The URL of a section: /admin for the default one, /admin?section=<id> for the others. */
export const sectionUrl = (id: AdminSectionId) => (id === DEFAULT_ADMIN_SECTION ? paths.admin : `${paths.admin}?section=${id}`);
