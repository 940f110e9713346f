import type { Priority } from '@souq/shared/rules/product-score';
import { scoreBand } from '@souq/shared/rules/product-score';
import { BADGE_TONES, type BadgeTone } from '@/lib/status-badges';
import { cx } from '@/components/ui/cx';
import { Trans } from '@lingui/react/macro';

const BAND_TONE: Record<ReturnType<typeof scoreBand>, BadgeTone> = { excellent: 'green', good: 'blue', fair: 'amber', poor: 'orange', critical: 'red' };
const PRIORITY_TONE: Record<Priority, BadgeTone> = { critical: 'red', high: 'orange', medium: 'amber' };
const pill = 'inline-flex items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset whitespace-nowrap';

/** A score out of 100 in its band's colour (90+ excellent, 80 good, 70 fair, 60 poor, lower critical); the band is also in words. */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  const band = scoreBand(score);
  return (
    <span className={cx(pill, 'min-w-10', BADGE_TONES[BAND_TONE[band]], className)} title={`${score} / 100: ${band}`}>
      {score}
      <span className="sr-only"> <Trans>out of 100, {band}</Trans></span>
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <span className={cx(pill, 'capitalize', BADGE_TONES[PRIORITY_TONE[priority]])}>{priority}</span>;
}
