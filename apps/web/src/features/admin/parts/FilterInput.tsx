import { useEffect, useEffectEvent, useState } from 'react';
import { Input } from '@/components/ui/Field';
import { useDebounced } from '@/lib/use-debounced';
import { cx } from '@/components/ui/cx';

/**
 * A free-text or number filter of a server list (price bounds, tags): what is typed shows at once and reaches the
 * list's URL (and so the server) when typing pauses; a change from outside (Clear filters, Back) replaces the text.
 */
export function FilterInput({ label, value, onChange, type = 'text', placeholder, className }: {
  label: string;
  /** The filter's value in the URL. */
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const [outside, setOutside] = useState(value);
  if (outside !== value) {
    setOutside(value);
    setText(value);
  }
  const settled = useDebounced(text.trim(), 350);
  // only a pause in typing writes the filter (value and onChange change with every URL update)
  const write = useEffectEvent((next: string) => {
    if (next !== value) onChange(next);
  });
  useEffect(() => write(settled), [settled]);
  return (
    <Input
      type={type}
      inputMode={type === 'number' ? 'decimal' : undefined}
      min={type === 'number' ? 0 : undefined}
      step={type === 'number' ? 'any' : undefined}
      aria-label={label}
      placeholder={placeholder ?? label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      className={cx('min-w-0 flex-1 sm:w-32 sm:flex-none', className)}
    />
  );
}
