// Where a CPU profile's time went (issue 36 item 10, decision 0166): self time by party and by file, from a
// .cpuprofile (bench:orders --cpu-prof DIR, or node --cpu-prof).
//   tsx bench/lib/profile-summary.ts FILE.cpuprofile [--top 30]
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Who a frame's code belongs to: the local provider, Souq, the official Stripe client, pg, Fastify, Node itself… */
export function partyOf(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  if (url.includes('/modules/payments/local/')) return 'local provider';
  if (url.includes('/node_modules/stripe/')) return 'stripe-node client';
  if (url.includes('/node_modules/pg') || url.includes('/node_modules/drizzle-orm/')) return 'pg + drizzle';
  if (url.includes('/node_modules/fastify') || url.includes('/node_modules/@fastify/') || url.includes('/node_modules/find-my-way') || url.includes('/node_modules/light-my-request')) return 'fastify';
  if (url.includes('/node_modules/zod')) return 'zod';
  if (url.includes('/node_modules/')) return 'other packages';
  if (url.includes('/apps/server/src/') || url.includes('/packages/')) return 'souq';
  if (url.includes('/bench/')) return 'bench';
  if (url.startsWith('node:') || url === '') return 'node internals / native';
  return 'other';
}

function summarise(p: Profile, top: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const parties = new Map<string, number>();
  const files = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const party = partyOf(n.callFrame.url, n.callFrame.functionName);
    total += us;
    parties.set(party, (parties.get(party) ?? 0) + us);
    const file = n.callFrame.url.replace(/^.*\/(node_modules\/[^/]+|apps\/server\/src|packages|bench)\//, '$1/') || `(${n.callFrame.functionName || 'native'})`;
    files.set(file, (files.get(file) ?? 0) + us);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
  }
  const busy = total - (parties.get('(idle)') ?? 0);
  const rows = (m: Map<string, number>, k: number) => [...m].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, k)
    .map(([name, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`);
  console.log(`profile ${((p.endTime - p.startTime) / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(2)} s (idle left out)`);
  console.log('\nby party (self time)');
  console.log(rows(parties, 20).join('\n'));
  console.log('\nby file');
  console.log(rows(files, top).join('\n'));
  console.log('\nby function');
  console.log(rows(fns, top).join('\n'));
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const file = process.argv[2]!;
  const topAt = process.argv.indexOf('--top');
  summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile, topAt > 0 ? Number(process.argv[topAt + 1]) : 30);
}
