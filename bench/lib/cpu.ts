import fs from 'node:fs';

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

/** CPU time used so far by the given processes together (PostgreSQL backends serving one database, say). */
export function totalCpuMs(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const ms = cpuMsOf(pid);
    if (ms === null) return null;
    total += ms;
  }
  return total;
}
