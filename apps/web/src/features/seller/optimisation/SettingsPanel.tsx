import type { OptimiserSettings } from '@souq/shared/api/optimisation';
import { useMsg } from '@/lib/use-msg';
import { Switch } from '@/components/ui/Switch';
import { notify } from '@/components/ui/toast';
import { useUpdateOptimiserSettings } from './api';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const ROWS: { key: keyof OptimiserSettings; label: MessageDescriptor; description: MessageDescriptor }[] = [
  { key: 'autoOptimize', label: msg`Auto-optimisation`, description: msg`Runs the optimisation every 30 minutes while this dashboard is open, and keeps each run in the history.` },
  { key: 'performanceMonitoring', label: msg`Performance monitoring`, description: msg`Measures load, render, memory and latency every 10 minutes while this dashboard is open.` },
  { key: 'includeDrafts', label: msg`Include drafts`, description: msg`Analyses draft and inactive products too (archived products never).` },
];

/** Settings tab: the optimiser's settings, saved on the server for this vendor. */
export function SettingsPanel({ settings }: { settings: OptimiserSettings | undefined }) {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const update = useUpdateOptimiserSettings();
  async function set(key: keyof OptimiserSettings, value: boolean) {
    try {
      await update.mutateAsync({ [key]: value });
      notify.success(t`Settings saved`);
    } catch (err) {
      notify.errorFrom(err, MSG.requestFailed);
    }
  }
  return (
    <section aria-label={t`Optimisation settings`} className="flex max-w-2xl flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {ROWS.map((r) => (
        <Switch key={r.key} label={i18n._(r.label)} description={i18n._(r.description)} checked={settings?.[r.key] ?? false} disabled={!settings || update.isPending} onChange={(v) => void set(r.key, v)} />
      ))}
    </section>
  );
}
