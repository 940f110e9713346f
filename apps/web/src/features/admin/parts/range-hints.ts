import { t } from '@lingui/core/macro';

// The small lines under a report's totals, in the reader's language (they were English template strings).

/**
 * The range a total covers, its days as the API gives them: '2026-10-29 to 2026-11-27'. The Arabic text holds each day
 * between FSI and PDI: at the end of a right-to-left line the bidi algorithm otherwise wrote the last one '27-11-2026'.
 */
export const rangeHint = (from: string, to: string): string => t`${from} to ${to}`;

/** An average per order, the amount already formatted: 'AED 861.83 per order'. */
export const perOrderHint = (amount: string): string => t`${amount} per order`;
