import fs from 'node:fs';
import type { Database } from '../../apps/server/src/platform/db.js';

/**
 * What a PostgreSQL server did during one phase of a bench (decision 0200), read from the server itself rather than
 * estimated from the app's side:
 *  - `pg_stat_statements` of the bench's database (when the extension is loaded: `shared_preload_libraries`), per
 *    statement — calls, execution and planning time, rows, shared buffers, WAL records, full-page images and bytes;
 *  - `pg_stat_wal` (WAL of the whole server: the bench's database is the only busy one on a server of its own) and
 *    the checkpoints that ran;
 *  - with the server on this machine and readable (`pg_read_file` of `postmaster.pid`: a superuser), the CPU of every
 *    process of the server from /proc, split into the backends of the bench's database, other backends, and the
 *    server's own processes (checkpointer, WAL writer, background writer, autovacuum), plus the CPU of processes that
 *    ended meanwhile (counted by the postmaster, which reaps them).
 * Each figure is the difference between the phase's end and its start; nothing is reset, so phases may nest.
 */
export type PgPhase = Awaited<ReturnType<typeof pgSnapshot>>;

type StatementRow = {
  queryid: string; toplevel: boolean; query: string; calls: number; exec_ms: number; plan_ms: number; plans: number; rows: number;
  hit: number; read: number; dirtied: number; written: number; wal_records: number; wal_fpi: number; wal_bytes: number; jit_ms: number;
};

/** CPU ms (user + system; and system alone) of a process, and of its reaped children, from /proc/<pid>/stat. */
function procCpu(pid: number): { own: number; system: number; children: number } | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14–17 of stat, counted here from field 3; clock ticks of 10 ms
    return { own: (Number(fields[11]) + Number(fields[12])) * 10, system: Number(fields[12]) * 10, children: (Number(fields[13]) + Number(fields[14])) * 10 };
  } catch {
    return null;
  }
}

/** The server's processes (children of the postmaster) with their titles, e.g. `postgres: main: checkpointer`. */
function serverProcesses(postmaster: number): { pid: number; title: string; cpu: number; system: number }[] {
  const out: { pid: number; title: string; cpu: number; system: number }[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.split(') ')[1]!.split(' ')[1]);
      if (ppid !== postmaster) continue;
      const title = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const cpu = procCpu(Number(name));
      if (cpu) out.push({ pid: Number(name), title, cpu: cpu.own, system: cpu.system });
    } catch {
      // gone between the listing and the read
    }
  }
  return out;
}

async function postmasterPid(database: Database): Promise<number | null> {
  try {
    const [row] = await database.query<{ t: string }>("select pg_read_file('postmaster.pid') as t");
    const pid = Number(row!.t.split('\n')[0]);
    return fs.existsSync(`/proc/${pid}/stat`) ? pid : null;
  } catch {
    return null;
  }
}

export async function pgSnapshot(database: Database) {
  const [db] = await database.query<{ name: string; statements: boolean }>(
    "select current_database() as name, exists (select 1 from pg_extension where extname = 'pg_stat_statements') as statements");
  let statements: StatementRow[] = [];
  if (db!.statements) {
    statements = await database.query<StatementRow>(
      `select queryid::text, toplevel, query, calls::int, total_exec_time as exec_ms, total_plan_time as plan_ms, plans::int, rows::int,
         shared_blks_hit::int as hit, shared_blks_read::int as read, shared_blks_dirtied::int as dirtied, shared_blks_written::int as written,
         wal_records::int, wal_fpi::int, wal_bytes::float8 as wal_bytes,
         jit_generation_time + jit_inlining_time + jit_optimization_time + jit_emission_time as jit_ms
       from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = current_database()`);
  }
  const [wal] = await database.query<{ records: number; fpi: number; bytes: number; writes: number; syncs: number; sync_ms: number; checkpoints: number }>(
    `select wal_records::int as records, wal_fpi::int as fpi, wal_bytes::float8 as bytes, wal_write::int as writes, wal_sync::int as syncs, wal_sync_time as sync_ms,
       (select (checkpoints_timed + checkpoints_req)::int from pg_stat_bgwriter) as checkpoints from pg_stat_wal`);
  const postmaster = await postmasterPid(database);
  const pm = postmaster ? procCpu(postmaster) : null;
  const [lsn] = await database.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return { database: db!.name, hasStatements: db!.statements, statements, wal: wal!, lsn: lsn!.lsn, postmaster, pmCpu: pm, processes: postmaster ? serverProcesses(postmaster) : [] };
}

/** The phase's figures: `after` − `before`, per statement (sorted by execution + planning time) and per process kind. */
export function pgPhaseDelta(before: PgPhase, after: PgPhase) {
  const key = (s: StatementRow) => `${s.queryid}/${s.toplevel}`;
  const was = new Map(before.statements.map((s) => [key(s), s]));
  const statements = after.statements.map((s) => {
    const b = was.get(key(s));
    const d = (k: keyof StatementRow) => (s[k] as number) - ((b?.[k] as number | undefined) ?? 0);
    return {
      query: s.query, toplevel: s.toplevel, jit_ms: d('jit_ms'), calls: d('calls'), exec_ms: d('exec_ms'), plan_ms: d('plan_ms'), plans: d('plans'), rows: d('rows'),
      hit: d('hit'), read: d('read'), dirtied: d('dirtied'), written: d('written'), wal_records: d('wal_records'), wal_fpi: d('wal_fpi'), wal_bytes: d('wal_bytes'),
    };
  }).filter((s) => s.calls > 0 && !/pg_stat_statements|pg_stat_wal|pg_read_file|pg_stat_activity/.test(s.query))
    .sort((a, b) => b.exec_ms + b.plan_ms - a.exec_ms - a.plan_ms);
  const wal = Object.fromEntries(Object.entries(after.wal).map(([k, v]) => [k, v - (before.wal as Record<string, number>)[k]!])) as PgPhase['wal'];
  // CPU by kind of process: a backend's title names its database; a process seen only at the end counts from zero
  let cpu: { this_database: number; this_database_system: number; other_backends: number; server: Record<string, number>; ended: number; started: number; ended_n: number } | null = null;
  if (after.postmaster && after.postmaster === before.postmaster && before.pmCpu && after.pmCpu) {
    const first = new Map(before.processes.map((p) => [p.pid, p.cpu]));
    // the postmaster's children's time holds the whole lives of the processes it reaped: what those that ended had
    // used before the phase is taken off (a pool closing an idle connection ends a backend that served earlier phases)
    const still = new Set(after.processes.map((p) => p.pid));
    const endedBefore = before.processes.filter((p) => !still.has(p.pid)).reduce((n, p) => n + p.cpu, 0);
    cpu = {
      this_database: 0, this_database_system: 0, other_backends: 0, server: {}, ended: after.pmCpu.children - before.pmCpu.children - endedBefore,
      started: after.processes.filter((p) => !first.has(p.pid)).length, ended_n: before.processes.filter((p) => !still.has(p.pid)).length,
    };
    const firstSystem = new Map(before.processes.map((p) => [p.pid, p.system]));
    for (const p of after.processes) {
      const used = p.cpu - (first.get(p.pid) ?? 0);
      if (p.title.includes(` ${after.database} `)) cpu.this_database_system += p.system - (firstSystem.get(p.pid) ?? 0);
      const kind = /^postgres: (?:[^:]+: )?(.*)$/.exec(p.title)?.[1] ?? p.title;
      if (kind.includes(` ${after.database} `)) cpu.this_database += used;
      else if (/^(checkpointer|background writer|walwriter|autovacuum launcher|logical replication launcher|stats collector|archiver|autovacuum worker)/.test(kind)) {
        const name = kind.split(' ').slice(0, 2).join(' ');
        cpu.server[name] = (cpu.server[name] ?? 0) + used;
      } else cpu.other_backends += used;
    }
    cpu.server.postmaster = after.pmCpu.own - before.pmCpu.own;
  }
  // totals of the statements the clients sent (a nested one, e.g. a foreign key's check, is inside its caller's time)
  const top = statements.filter((s) => s.toplevel);
  const sum = (k: 'calls' | 'exec_ms' | 'plan_ms' | 'wal_records' | 'wal_fpi' | 'wal_bytes' | 'hit' | 'dirtied' | 'jit_ms') => top.reduce((n, s) => n + s[k], 0);
  return {
    statements,
    totals: { calls: sum('calls'), nested: statements.filter((s) => !s.toplevel).reduce((n, s) => n + s.calls, 0), exec_ms: sum('exec_ms'), plan_ms: sum('plan_ms'), jit_ms: sum('jit_ms'), wal_records: sum('wal_records'), wal_fpi: sum('wal_fpi'), wal_bytes: sum('wal_bytes'), hit: sum('hit'), dirtied: sum('dirtied') },
    wal,
    cpu,
  };
}

/** Prints a phase's figures per purchase: the statements taking most time first. */
export function printPgPhase(name: string, delta: ReturnType<typeof pgPhaseDelta>, purchases: number, log: (m: string) => void, top = 25) {
  const per = (x: number, digits = 3) => (x / Math.max(1, purchases)).toFixed(digits);
  const t = delta.totals;
  log(`${name}: ${purchases} purchases; per purchase: ${per(t.calls, 2)} statements sent (${per(t.nested, 1)} nested), exec ${per(t.exec_ms)} ms, plan ${per(t.plan_ms)} ms, JIT ${per(t.jit_ms)} ms, ` +
    `WAL ${per(delta.wal.records, 1)} records / ${per(delta.wal.fpi, 2)} full pages / ${per(delta.wal.bytes, 0)} bytes, ${per(delta.wal.syncs, 2)} WAL syncs (${per(delta.wal.sync_ms)} ms), ` +
    `${delta.wal.checkpoints} checkpoints in the phase`);
  if (delta.cpu) {
    const c = delta.cpu;
    log(`${name}: server CPU per purchase: this database's backends ${per(c.this_database)} ms (system ${per(c.this_database_system)}; ${c.started} started, ${c.ended_n} ended), other backends ${per(c.other_backends)} ms, ended processes ${per(c.ended)} ms, ` +
      Object.entries(c.server).map(([k, v]) => `${k} ${per(v)} ms`).join(', '));
  }
  log('  calls/p   exec ms/p  plan ms/p  rows/p  blks hit/p dirtied/p  wal rec/p fpi/p  wal B/p  statement (+: nested)');
  for (const s of delta.statements.slice(0, top)) {
    log(`  ${per(s.calls, 2).padStart(7)} ${per(s.exec_ms).padStart(10)} ${per(s.plan_ms).padStart(10)} ${per(s.rows, 1).padStart(7)} ${per(s.hit, 1).padStart(11)} ${per(s.dirtied, 2).padStart(9)} ${per(s.wal_records, 1).padStart(10)} ${per(s.wal_fpi, 2).padStart(5)} ${per(s.wal_bytes, 0).padStart(8)}  ${s.toplevel ? '' : '+ '}${s.query.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
}

/**
 * `perf record -g` of the server's processes (the postmaster and its children, those forked later included) for one
 * phase, into `file`; `perf report -i file` reads it. Null where the server is not on this machine or perf is missing.
 */
export async function startServerPerf(database: Database, file: string): Promise<null | (() => Promise<void>)> {
  const postmaster = await postmasterPid(database);
  if (!postmaster) return null;
  const pids = [postmaster, ...serverProcesses(postmaster).map((p) => p.pid)];
  const { spawn } = await import('node:child_process');
  const perf = spawn('perf', ['record', '-q', '-g', '-F', '997', '-o', file, '-p', pids.join(',')], { stdio: 'ignore' });
  const failed = await new Promise<boolean>((ok) => {
    perf.once('error', () => ok(true));
    setTimeout(() => ok(false), 300); // perf attaches before the phase starts
  });
  if (failed) return null;
  return () => new Promise<void>((ok) => {
    perf.once('exit', () => ok());
    perf.kill('SIGINT');
  });
}

/**
 * The WAL written between two snapshots by relation and record kind (pg_walinspect, when installed in the bench's
 * database): which tables and indexes a phase's writes touched, and how often. Relations by their file number.
 */
export async function walByRelation(database: Database, before: PgPhase, after: PgPhase) {
  const [has] = await database.query<{ ok: boolean }>("select exists (select 1 from pg_extension where extname = 'pg_walinspect') as ok");
  if (!has!.ok) return null;
  return database.query<{ relation: string; rmgr: string; kind: string; records: number; bytes: number; fpi_bytes: number }>(
    `with w as (
       select resource_manager as rmgr, record_type as kind, record_length, fpi_length,
         (regexp_match(block_ref, 'rel \\d+/\\d+/(\\d+)'))[1]::oid as node
       from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn))
     select coalesce(c.relname, case when w.node is null then '(none)' else 'file ' || w.node end) as relation, rmgr, kind,
       count(*)::int as records, sum(record_length)::int as bytes, sum(fpi_length)::int as fpi_bytes
     from w left join pg_class c on c.relfilenode = w.node
     group by 1, 2, 3 order by 4 desc`, [before.lsn, after.lsn]);
}

export function printWalByRelation(rows: Awaited<ReturnType<typeof walByRelation>>, purchases: number, log: (m: string) => void, top = 40) {
  if (!rows) return;
  const per = (x: number, d = 2) => (x / Math.max(1, purchases)).toFixed(d);
  log('  WAL per purchase by relation: records  bytes  (fpi bytes)  relation  rmgr/kind');
  for (const r of rows.slice(0, top)) log(`    ${per(r.records).padStart(8)} ${per(r.bytes, 0).padStart(7)} ${per(r.fpi_bytes, 0).padStart(6)}  ${r.relation}  ${r.rmgr}/${r.kind}`);
}
