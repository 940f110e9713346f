// One place for the status → words and colour of every badge in the vendor and admin areas (UI.md "Tables":
// text as well as colour, so a badge reads without colour). Order colours are the spec's (admin §4).
import type { CHAT_PRIORITIES, CHAT_SESSION_STATUSES, OrderStatus, PayoutStatus, ProductStatus, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '@souq/shared/constants';
import type { VendorStatus } from '@souq/shared/rules/vendor-status';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n';

/** Badge colours: Tailwind classes of a soft pill with a ring (delivered is the one solid, dark green pill). */
export const BADGE_TONES = {
  amber: 'bg-amber-50 text-amber-800 ring-amber-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
  green: 'bg-green-50 text-green-800 ring-green-300',
  darkGreen: 'bg-green-800 text-white ring-green-800',
  red: 'bg-red-50 text-red-800 ring-red-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-300',
  orange: 'bg-orange-50 text-orange-800 ring-orange-300',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;
export type BadgeStyle = { label: string; tone: BadgeTone };
/** A badge as written here: its words in the catalogue, read in the page's language when a badge is drawn. */
type BadgeText = { label: MessageDescriptor; tone: BadgeTone };

type ChatStatus = (typeof CHAT_SESSION_STATUSES)[number];
type SupportStatus = (typeof SUPPORT_STATUSES)[number];
type Priority = (typeof SUPPORT_PRIORITIES)[number] & (typeof CHAT_PRIORITIES)[number];

const ORDER: Record<OrderStatus, BadgeText> = {
  awaiting_payment: { label: msg`Awaiting payment`, tone: 'grey' },
  pending: { label: msg`Pending`, tone: 'amber' },
  confirmed: { label: msg`Confirmed`, tone: 'blue' },
  processing: { label: msg`Processing`, tone: 'purple' },
  shipped: { label: msg`Shipped`, tone: 'green' },
  delivered: { label: msg`Delivered`, tone: 'darkGreen' },
  cancelled: { label: msg`Cancelled`, tone: 'red' },
  refunded: { label: msg`Refunded`, tone: 'grey' },
};

const VENDOR_TONE: Record<VendorStatus, BadgeTone> = { verified: 'green', pending: 'amber', incomplete: 'grey', rejected: 'red' };
// the spec's vendor words (shared VENDOR_STATUS_LABELS), in the catalogue
const VENDOR_WORDS: Record<VendorStatus, MessageDescriptor> = { verified: msg`Verified`, pending: msg`Pending Review`, incomplete: msg`Incomplete`, rejected: msg`Rejected` };
const VENDOR = Object.fromEntries(
  (Object.keys(VENDOR_TONE) as VendorStatus[]).map((s) => [s, { label: VENDOR_WORDS[s], tone: VENDOR_TONE[s] }]),
) as Record<VendorStatus, BadgeText>;

const PRODUCT: Record<ProductStatus, BadgeText> = {
  active: { label: msg`Active`, tone: 'green' },
  inactive: { label: msg`Inactive`, tone: 'grey' },
  draft: { label: msg`Draft`, tone: 'blue' },
  archived: { label: msg`Archived`, tone: 'amber' },
};

const SUPPORT: Record<SupportStatus, BadgeText> = {
  open: { label: msg`Open`, tone: 'blue' },
  pending: { label: msg`Pending`, tone: 'amber' },
  resolved: { label: msg`Resolved`, tone: 'green' },
};

const CHAT: Record<ChatStatus, BadgeText> = {
  active: { label: msg`Active`, tone: 'green' },
  paused: { label: msg`Paused`, tone: 'amber' },
  escalated: { label: msg`Escalated`, tone: 'red' },
  closed: { label: msg`Closed`, tone: 'grey' },
};

const PRIORITY: Record<Priority, BadgeText> = {
  low: { label: msg`Low`, tone: 'grey' },
  normal: { label: msg`Normal`, tone: 'blue' },
  high: { label: msg`High`, tone: 'orange' },
  urgent: { label: msg`Urgent`, tone: 'red' },
};

const PAYOUT: Record<PayoutStatus, BadgeText> = {
  pending: { label: msg`Pending`, tone: 'amber' },
  paid: { label: msg`Paid`, tone: 'green' },
  failed: { label: msg`Failed`, tone: 'red' },
};

/** Every badge family with its statuses (support tickets and chat sessions share the priorities). */
export const STATUS_BADGES = { order: ORDER, vendor: VENDOR, product: PRODUCT, support: SUPPORT, chat: CHAT, priority: PRIORITY, payout: PAYOUT } as const;
export type StatusKind = keyof typeof STATUS_BADGES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_BADGES)[K] & string;

/** Words and colour of a status; a value the map does not know (a newer server) reads as itself, in grey. */
export function statusBadge(kind: StatusKind, status: string): BadgeStyle {
  const known = (STATUS_BADGES[kind] as Record<string, BadgeText>)[status];
  if (known) return { label: i18n._(known.label), tone: known.tone };
  const words = status.replace(/[_-]+/g, ' ').trim();
  return { label: words ? words[0]!.toUpperCase() + words.slice(1) : i18n._(msg`Unknown`), tone: 'grey' };
}
