import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { OPTIMISER_AUTO_RUN_MS, PERF_MONITOR_REFRESH_MS } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Tabs } from '@/components/ui/Tabs';
import { notify } from '@/components/ui/toast';
import { useOptimiserResults, useOptimiserState, useRunOptimisation } from './api';
import { OverviewPanel } from './OverviewPanel';
import { PerformancePanel } from './PerformancePanel';
import { ProductOptimizationPanel } from './ProductOptimizationPanel';
import { SeoContentPanel } from './SeoContentPanel';
import { SettingsPanel } from './SettingsPanel';
import { usePerformanceMonitor } from './performance-monitor';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';

type Tab = 'overview' | 'products' | 'seo' | 'performance' | 'settings';
const TABS = [
  { value: 'overview', label: msg`Overview` },
  { value: 'products', label: msg`Product Optimization` },
  { value: 'seo', label: msg`SEO Content` },
  { value: 'performance', label: msg`Performance` },
  { value: 'settings', label: msg`Settings` },
] as const;

/** Runs `task` every `ms` while `enabled` (the timers of the Settings tab). */
function useEvery(ms: number, enabled: boolean, task: () => void) {
  const run = useEffectEvent(task);
  useEffect(() => {
    if (!enabled) return;
    const id = window.setInterval(run, ms);
    return () => window.clearInterval(id);
  }, [ms, enabled]);
}

/**
 * The AI optimisation dashboard (vendor §2, §9) of the signed-in vendor: Overview, Product Optimization, SEO Content,
 * Performance and Settings. Scores come from the shared rules (on the server for runs, on the screen for SEO content);
 * settings, runs, activity and performance readings are kept on the server.
 */
export function OptimisationDashboard() {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<Tab>('overview');
  const state = useOptimiserState();
  const results = useOptimiserResults();
  const run = useRunOptimisation();
  const monitor = usePerformanceMonitor();
  const settings = state.data?.settings;

  async function runNow() {
    try {
      const res = await run.mutateAsync();
      notify.success(t`Optimisation complete: ${plural(res.run.products, { one: `${res.run.products} product`, other: `${res.run.products} products` })}, average score ${res.run.averages.overall}`);
    } catch (err) {
      notify.errorFrom(err, MSG.requestFailed);
    }
  }

  useEvery(OPTIMISER_AUTO_RUN_MS, settings?.autoOptimize ?? false, () => void runNow());
  useEvery(PERF_MONITOR_REFRESH_MS, settings?.performanceMonitoring ?? false, () => void monitor.measure());

  let panel: ReactNode;
  if (tab === 'overview') panel = <OverviewPanel state={state.data} loading={state.isPending} />;
  else if (tab === 'products') {
    panel = <ProductOptimizationPanel results={results.data} loading={results.isPending} error={results.isError ? results.error : null} onRetry={() => void results.refetch()} />;
  } else if (tab === 'seo') panel = <SeoContentPanel />;
  else if (tab === 'performance') {
    panel = <PerformancePanel history={state.data?.performance} loading={state.isPending} autoRefresh={settings?.performanceMonitoring ?? false} {...monitor} measure={() => void monitor.measure()} />;
  } else panel = <SettingsPanel settings={settings} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {run.isPending ? <Trans>Running the optimisation...</Trans> : settings?.autoOptimize ? <Trans>Auto-optimisation is on: every 30 minutes while this dashboard is open.</Trans> : <Trans>Score every product for SEO, performance and conversion.</Trans>}
        </p>
        <Button onClick={() => void runNow()} loading={run.isPending}><Trans>Run Optimization</Trans></Button>
      </div>
      {state.isError && (
        <Alert tone="error" title={t`Failed to load the optimiser`}>
          <p>{state.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void state.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      )}
      <Tabs label={t`AI optimisation`} items={TABS.map((item) => ({ value: item.value, label: i18n._(item.label) }))} value={tab} onValueChange={setTab} panelClassName="pt-5">
        {panel}
      </Tabs>
    </div>
  );
}
