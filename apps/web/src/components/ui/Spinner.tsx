import { cx } from './cx';

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-[3px]' } as const;

/**
 * A spinning ring. With a `label` it announces itself (role=status); without one it is decorative,
 * for use inside something that already says it is busy (a button with aria-busy).
 */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  const ring = (
    <span
      aria-hidden="true"
      className={cx('inline-block shrink-0 animate-spin rounded-full border-current border-t-transparent opacity-80', sizes[size], className)}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center gap-2">
      {ring}
      <span className="text-sm">{label}</span>
    </span>
  );
}
