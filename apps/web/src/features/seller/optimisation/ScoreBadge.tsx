import type { Priority } from '@souq/shared/rules/product-score';
import { scoreBand } from '@souq/shared/rules/product-score';
import { BADGE_TONES, type BadgeTone } from '@/lib/status-badges';
import { cx } from '@/components/ui/cx';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const BAND_TONE: Record<ReturnType<typeof scoreBand>, BadgeTone> = { excellent: 'green', good: 'blue', fair: 'amber', poor: 'orange', critical: 'red' };
const PRIORITY_TONE: Record<Priority, BadgeTone> = { critical: 'red', high: 'orange', medium: 'amber' };
// the bands' and priorities' names in the page's language (the codes stay the rule's)
// (a band describes a score, a priority a recommendation: Arabic agrees each with its own noun, so they are told apart)
const BAND_NAME: Record<ReturnType<typeof scoreBand>, MessageDescriptor> = {
  excellent: msg({ message: 'excellent', context: 'score band' }), good: msg({ message: 'good', context: 'score band' }),
  fair: msg({ message: 'fair', context: 'score band' }), poor: msg({ message: 'poor', context: 'score band' }),
  critical: msg({ message: 'critical', context: 'score band' }),
};
const PRIORITY_NAME: Record<Priority, MessageDescriptor> = {
  critical: msg({ message: 'critical', context: 'recommendation priority' }), high: msg({ message: 'high', context: 'recommendation priority' }),
  medium: msg({ message: 'medium', context: 'recommendation priority' }),
};
const pill = 'inline-flex items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset whitespace-nowrap';

/** A score out of 100 in its band's colour (90+ excellent, 80 good, 70 fair, 60 poor, lower critical); the band is also in words. */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  const { t, i18n } = useLingui();
  const band = scoreBand(score);
  const bandName = i18n._(BAND_NAME[band]);
  return (
    <span className={cx(pill, 'min-w-10', BADGE_TONES[BAND_TONE[band]], className)} title={t`${score} / 100: ${bandName}`}>
      {score}
      <span className="sr-only"> {t`out of 100, ${bandName}`}</span>
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  const { i18n } = useLingui();
  return <span className={cx(pill, 'capitalize', BADGE_TONES[PRIORITY_TONE[priority]])}>{i18n._(PRIORITY_NAME[priority])}</span>;
}
