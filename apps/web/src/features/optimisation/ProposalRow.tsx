import { Button } from '@/components/ui/Button';
import { useApplyProposal, type ProposalField } from './apply';
import { Trans } from '@lingui/react/macro';

const LABEL: Record<ProposalField, string> = { title: 'Title', description: 'Description', keywords: 'Keywords' };

/** One proposed text with its one-click Apply (nothing to apply when it equals what the product has). */
export function ProposalRow({ productId, field, current, proposal }: {
  productId: number;
  field: ProposalField;
  /** What the product has now, when it is the same kind of value (a title is compared). */
  current?: string | string[];
  proposal: string | string[];
}) {
  const { apply, isPending } = useApplyProposal();
  const text = Array.isArray(proposal) ? proposal.join(', ') : proposal;
  const same = current !== undefined && (Array.isArray(current) ? current.join(', ') : current) === text;
  return (
    <div role="group" aria-label={`Optimised ${field}`} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{LABEL[field]}</p>
        <p className="mt-1 text-sm break-words text-slate-800" data-proposal>{text || <span className="text-slate-400"><Trans>Nothing to propose</Trans></span>}</p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0 self-start"
        disabled={same || !text}
        loading={isPending(productId, field)}
        onClick={() => void apply(productId, field, proposal)}
        aria-label={`Apply the optimised ${field}`}
      >
        {same ? 'Applied' : 'Apply'}
      </Button>
    </div>
  );
}
