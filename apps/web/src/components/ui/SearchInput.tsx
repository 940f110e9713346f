import { Input } from './Field';
import { Spinner } from './Spinner';
import { cx } from './cx';

/** A search box with a magnifier icon and an accessible label; shows a small spinner while results are on their way. */
export function SearchInput({ label, value, onChange, placeholder, busy, className }: {
  /** Accessible name, e.g. 'Search users' (the placeholder is not a label). */
  label: string;
  value: string;
  /** Called with the text on every keystroke (debounce in the caller or use useListQuery's setSearchText). */
  onChange: (text: string) => void;
  placeholder?: string;
  /** Shows a spinner inside the box (e.g. while the search request runs). */
  busy?: boolean;
  /** Width classes of the wrapper (default full width, 18rem from sm). */
  className?: string;
}) {
  return (
    <div className={cx('relative w-full sm:w-72', className)}>
      <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="9" cy="9" r="6" />
        <path d="M14 14l4 4" strokeLinecap="round" />
      </svg>
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} className={cx('ps-9', busy && 'pe-9')} />
      {busy && <Spinner size="sm" className="absolute top-1/2 end-3 -mt-2 text-brand-600" />}
    </div>
  );
}
