import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { PerformanceSample } from '@souq/shared/api/optimisation';
import { PERF_TARGETS } from '@souq/shared/constants';
import { useRecordPerformance } from './api';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type Reading = Omit<PerformanceSample, 'id' | 'created_at'>;

/** The monitor's four figures with their targets (vendor §9) and how each is measured. */
export const METRICS = [
  { key: 'load_ms', label: msg`Load time`, unit: 'ms', target: PERF_TARGETS.loadMs, how: msg`Navigation timing of this page: start to the load event.` },
  { key: 'render_ms', label: msg`Render time`, unit: 'ms', target: PERF_TARGETS.renderMs, how: msg`Time React takes to render and commit the dashboard after a measurement.` },
  { key: 'memory_pct', label: msg`Memory`, unit: '%', target: PERF_TARGETS.memoryPct, how: msg`JavaScript heap in use, as a share of its limit (Chromium browsers only).` },
  { key: 'latency_ms', label: msg`Latency`, unit: 'ms', target: PERF_TARGETS.latencyMs, how: msg`Round trip of HEAD /api/ping to this server.` },
] as const;

/** Whether a figure is under its target; null when the browser cannot measure it. */
export const meetsTarget = (value: number | null, target: number) => (value === null ? null : value < target);

async function pingLatency(): Promise<number> {
  const t0 = performance.now();
  await fetch('/api/ping', { method: 'HEAD', cache: 'no-store' });
  return performance.now() - t0;
}

function pageLoadMs(): number | null {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return nav && nav.loadEventEnd > 0 ? nav.loadEventEnd - nav.startTime : null;
}

function memoryPct(): number | null {
  const m = (performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;
  return m && m.jsHeapSizeLimit > 0 ? (m.usedJSHeapSize / m.jsHeapSizeLimit) * 100 : null;
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/**
 * Measures real figures: latency of HEAD /api/ping, the page's load timing, heap use, and the time the dashboard takes
 * to render the update a measurement causes. Each reading is kept in the server's performance history.
 */
export function usePerformanceMonitor() {
  const record = useRecordPerformance();
  // a measurement's figures so far, waiting for the render it causes (its `tick`) to be committed
  const probe = useRef<{ started: number; partial: Omit<Reading, 'render_ms'> } | null>(null);
  const [tick, setTick] = useState(0);
  const [measuring, setMeasuring] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const measure = useCallback(async () => {
    setMeasuring(true);
    setError(null);
    try {
      const latency = await pingLatency();
      probe.current = { started: performance.now(), partial: { load_ms: round1(pageLoadMs()), memory_pct: round1(memoryPct()), latency_ms: round1(latency)! } };
      setTick((t) => t + 1);
    } catch {
      setMeasuring(false);
      setError(i18n._(msg`The server did not answer the latency check.`));
    }
  }, []);

  // runs after React committed the render the probe started: that span is the render time
  const { mutate } = record;
  useLayoutEffect(() => {
    const started = probe.current;
    if (!started) return;
    probe.current = null;
    const reading: Reading = { ...started.partial, render_ms: round1(performance.now() - started.started) };
    mutate(reading, { onSettled: () => setMeasuring(false), onError: (e) => setError(e.message) });
  }, [tick, mutate]);

  return { measure, measuring, error };
}
