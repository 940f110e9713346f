import { Button } from '@/components/ui/Button';
import { useApplyProposal, type ProposalField } from './apply';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const LABEL: Record<ProposalField, MessageDescriptor> = { title: msg`Title`, description: msg`Description`, keywords: msg`Keywords` };
const NAME: Record<ProposalField, MessageDescriptor> = { title: msg`Optimised title`, description: msg`Optimised description`, keywords: msg`Optimised keywords` };
const APPLY: Record<ProposalField, MessageDescriptor> = { title: msg`Apply the optimised title`, description: msg`Apply the optimised description`, keywords: msg`Apply the optimised keywords` };

/** One proposed text with its one-click Apply (nothing to apply when it equals what the product has). */
export function ProposalRow({ productId, field, current, proposal }: {
  productId: number;
  field: ProposalField;
  /** What the product has now, when it is the same kind of value (a title is compared). */
  current?: string | string[];
  proposal: string | string[];
}) {
  const { i18n } = useLingui();
  const { apply, isPending } = useApplyProposal();
  const text = Array.isArray(proposal) ? proposal.join(', ') : proposal;
  const same = current !== undefined && (Array.isArray(current) ? current.join(', ') : current) === text;
  return (
    <div role="group" aria-label={i18n._(NAME[field])} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{i18n._(LABEL[field])}</p>
        <p className="mt-1 text-sm break-words text-slate-800" data-proposal dir="auto">{text || <span className="text-slate-400"><Trans>Nothing to propose</Trans></span>}</p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0 self-start"
        disabled={same || !text}
        loading={isPending(productId, field)}
        onClick={() => void apply(productId, field, proposal)}
        aria-label={i18n._(APPLY[field])}
      >
        {same ? <Trans>Applied</Trans> : <Trans>Apply</Trans>}
      </Button>
    </div>
  );
}
