import { cx } from './cx';

/** A grey pulsing block standing in for content that is loading; decorative (the container says it is busy). */
export function Skeleton({ className }: { /** size and shape, e.g. 'h-4 w-24' */ className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded-md bg-slate-200/80 motion-reduce:animate-none', className)} />;
}
