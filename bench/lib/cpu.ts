import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';

/**
 * CPU time (user + system) a process has used so far, from /proc: all its threads, or only its main thread (the
 * JavaScript one: on an idle machine with a spare core, the critical path). Null where /proc is missing.
 */
export function cpuMsOf(pid: number, thread: 'all' | 'main' = 'all'): number | null {
  try {
    const stat = thread === 'main' ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    // fields 14 and 15 of stat (utime, stime), counted from field 3 after the command name; clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU used by a database's backends over a stretch of time, counting backends that open or close meanwhile (a pool
 * closes idle connections and opens new ones during a run). The backends are listed every `everyMs`; each one's
 * first and last readings are kept, so a backend that ends loses at most its last interval (it was idle then).
 */
export function backendCpuSampler(listPids: () => Promise<number[]>, everyMs = 250) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let failed = false;
  let started = false;
  const sample = async () => {
    for (const pid of await listPids()) {
      const ms = cpuMsOf(pid);
      if (ms === null) continue; // gone between the listing and the read
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, ms);
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    /** Takes the baseline: backends open now count from their current CPU, later ones from zero. */
    async start() {
      if (!fs.existsSync('/proc/self/stat')) failed = true;
      else await sample();
      started = true;
      timer = setInterval(() => void sample().catch(() => (failed = true)), everyMs);
    },
    /** Stops sampling; the CPU used since start() in ms, or null where /proc is missing or listing failed. */
    async stop(): Promise<number | null> {
      clearInterval(timer);
      if (failed) return null;
      await sample();
      let total = 0;
      for (const [pid, end] of last) total += end - (first.get(pid) ?? 0);
      return total;
    },
  };
}

/**
 * The CPU of one PostgreSQL database's backends over a stretch of time (`backendCpuSampler`), listed from a connection
 * of the sampler's own, opened at start() and closed at stop(). Not from the app's pool (decision 0200): the pool's
 * backend that ran the first listing left itself out of it (`pid <> pg_backend_pid()`), was seen at a later listing
 * as if it had just opened, and its whole life's CPU — the earlier phases' included — was charged to the phase: ~0.3 ms
 * a cash purchase and 1.5–1.8 ms a paid card purchase in bench:orders.
 */
export function databaseCpuSampler(url: string, everyMs = 250) {
  const client = new pg.Client({ connectionString: url });
  const sampler = backendCpuSampler(async () => (await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid), everyMs);
  return {
    async start() {
      await client.connect();
      await sampler.start();
    },
    async stop(): Promise<number | null> {
      const ms = await sampler.stop();
      await client.end();
      return ms;
    },
  };
}

/**
 * Starts measuring one phase of a bench: the CPU of this process (the app) and of the database's backends (the
 * database at `databaseUrl`; none for PGlite, inside this process), and with `profileDir` the app's CPU profile of the
 * phase alone (start-up left out), written as `<profileDir>/<name>.cpuprofile` for `node --cpu-prof`'s readers. The
 * function returned ends the phase and gives both figures in milliseconds.
 */
export async function measurePhase(databaseUrl: string | null, profileDir: string | null, name: string) {
  const sampler = databaseUrl ? databaseCpuSampler(databaseUrl) : null;
  await sampler?.start();
  const profile = profileDir ? new Session() : null;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.start');
  }
  const app0 = process.cpuUsage();
  return async (): Promise<{ appMs: number; dbMs: number }> => {
    const app = process.cpuUsage(app0);
    if (profile) {
      const { profile: taken } = await profile.post('Profiler.stop');
      fs.writeFileSync(`${profileDir}/${name}.cpuprofile`, JSON.stringify(taken));
      profile.disconnect();
    }
    return { appMs: (app.user + app.system) / 1000, dbMs: (await sampler?.stop()) ?? 0 };
  };
}
