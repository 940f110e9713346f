import { Spinner } from './Spinner';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-slate-500">
      <Spinner size="md" label={label} className="text-brand-600" />
    </div>
  );
}
