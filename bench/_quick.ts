import fs from 'node:fs/promises';
import { median, startBuiltServer } from './lib/built-server.js';
const dataDir = process.argv[2]!;
const runs = Number(process.argv[3] ?? 3);
await fs.mkdir(dataDir, { recursive: true });
const first = await startBuiltServer({ dataDir }); await first.stop();
const w: number[] = [], c: number[] = [], m: number[] = [];
for (let i = 0; i < runs; i++) { const s = await startBuiltServer({ dataDir }); await s.stop(); w.push(s.healthyMs); c.push(s.cpuMs!); m.push(s.mainThreadCpuMs!); }
console.log('wall', Math.round(median(w)), 'cpu', median(c), c.join(','), 'main', median(m), m.join(','));
