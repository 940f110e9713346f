import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VendorDocumentField } from '@souq/shared/api/vendors';
import type { BUSINESS_TYPES, EMIRATES, INDUSTRIES } from '@souq/shared/constants';

// The vendor screens' fixed words of shared/constants and shared/api/vendors (ONBOARDING_STEPS, VENDOR_DOCUMENT_LABELS,
// EMIRATES, BUSINESS_TYPES, INDUSTRIES), in the catalogue so they read in the page's language. The values sent to the
// server stay the English ones; only what a person reads is translated. English is exactly the shared text.

/** The six onboarding steps, in order (ONBOARDING_STEPS). */
export const STEP_TEXT: readonly MessageDescriptor[] = [
  msg`Basic Information`, msg`Location Details`, msg`Business Details`, msg`Document Upload`, msg`Review & Submit`, msg`Verification`,
];

export const DOCUMENT_TEXT: Record<VendorDocumentField, MessageDescriptor> = {
  trade_license: msg`Trade license`,
  emirates_id_front: msg`Emirates ID (front)`,
  emirates_id_back: msg`Emirates ID (back)`,
};

export const EMIRATE_TEXT: Record<(typeof EMIRATES)[number], MessageDescriptor> = {
  'Abu Dhabi': msg`Abu Dhabi`,
  Dubai: msg`Dubai`,
  Sharjah: msg`Sharjah`,
  Ajman: msg`Ajman`,
  'Umm Al Quwain': msg`Umm Al Quwain`,
  'Ras Al Khaimah': msg`Ras Al Khaimah`,
  Fujairah: msg`Fujairah`,
};

export const BUSINESS_TYPE_TEXT: Record<(typeof BUSINESS_TYPES)[number], MessageDescriptor> = {
  LLC: msg`LLC`,
  'Sole Proprietorship': msg`Sole Proprietorship`,
  Partnership: msg`Partnership`,
  'Branch Office': msg`Branch Office`,
  'Free Zone Company': msg`Free Zone Company`,
};

export const INDUSTRY_TEXT: Record<(typeof INDUSTRIES)[number], MessageDescriptor> = {
  Electronics: msg`Electronics`,
  Fashion: msg`Fashion`,
  'Home & Garden': msg`Home & Garden`,
  Sports: msg`Sports`,
  Beauty: msg`Beauty`,
  Automotive: msg`Automotive`,
  Books: msg`Books`,
  Food: msg`Food`,
  Health: msg`Health`,
  Other: msg`Other`,
};

/** A stored value's words: the translation of a known value, the value itself otherwise (older data). */
export const wordsOf = (table: Record<string, MessageDescriptor>, value: string, translate: (d: MessageDescriptor) => string): string =>
  table[value] ? translate(table[value]) : value;
