// A job the server runs every so often on its own (the monthly commission run, the OAuth records' sweep): one run at a
// time (a call while one runs gets that run's answer), a timer that does not keep the process alive, and failures
// logged instead of thrown from a timer.

export type PeriodicJob<T> = {
  /** Runs now (or joins the run under way) and answers its result. */
  runOnce(now?: Date): Promise<T>;
  /** Runs now, then every `everyMs`. */
  start(): void;
  stop(): void;
};

export function periodicJob<T>(name: string, run: (now: Date) => Promise<T>, opts: { everyMs: number; log: (msg: string) => void }): PeriodicJob<T> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T> | null = null;

  function runOnce(now: Date = new Date()): Promise<T> {
    running ??= run(now).finally(() => {
      running = null;
    });
    return running;
  }
  const quietly = () => void runOnce().catch((err: unknown) => opts.log(`${name}: ${err instanceof Error ? err.message : String(err)}`));

  return {
    runOnce,
    start() {
      if (timer) return;
      quietly();
      timer = setInterval(quietly, opts.everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
