import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { VAT_EMIRATE_NAMES, VAT_EMIRATES, type VatEmirate } from '@souq/shared/rules/tax';
export { emirateOfAddress } from '@souq/shared/rules/tax';
import { EMIRATE_TEXT } from '@/components/seller/labels';
import { Select } from '@/components/ui/Field';

// The seven emirates of Box 1 (decision 0111) with the names the address forms already translate (one catalogue entry
// per emirate); the value sent is the code ('abu_dhabi'), what a person reads is the emirate's name in the page's language.

export const VAT_EMIRATE_TEXT = Object.fromEntries(VAT_EMIRATES.map((e) => [e, EMIRATE_TEXT[VAT_EMIRATE_NAMES[e]]])) as Record<VatEmirate, MessageDescriptor>;

/** A select of the seven emirates; '' = none chosen yet (shown as a prompt, never a default emirate). */
export function EmirateSelect({ value, onChange, prompt, ...rest }: {
  value: VatEmirate | '';
  onChange: (value: VatEmirate | '') => void;
  prompt: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  required?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Select {...rest} value={value} onChange={(e) => onChange(e.target.value as VatEmirate | '')}>
      <option value="">{prompt}</option>
      {VAT_EMIRATES.map((e) => <option key={e} value={e}>{i18n._(VAT_EMIRATE_TEXT[e])}</option>)}
    </Select>
  );
}
