/**
 * Recommendation quality benchmark: next-item prediction on a session log.
 *
 *   npm run bench:recs -- --data DIR [--json]
 *
 * DIR/events.csv has a header with session_id, item_id, timestamp (seconds, milliseconds or ISO) and optionally
 * user_id and event_type (default view); DIR/items.csv (item_id, category, tags separated by |, name) is optional
 * and feeds the content model. Sessions are split by start time: the oldest 80 % train the REAL engine through the
 * server's own training path (trainEngine/toEngineEvent of recommendations.service.ts); in each of the newest 20 %,
 * every next item is predicted from the session's prefix (fed event by event, as the live server learns).
 * Prints HitRate@20 and MRR@20 for Souq and for a popularity baseline (most frequent training items).
 */
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_TYPES, type EventType } from '@souq/shared/constants';
import { RecommendationEngine, type ItemMeta } from '../apps/server/src/modules/recommendations/engine.js';
import { toEngineEvent, trainEngine, type StoredEvent } from '../apps/server/src/modules/recommendations/recommendations.service.js';
import { parseArgs, readCsv, fail } from './lib/bench-io.js';

const K = 20;
const { data, json } = parseArgs(process.argv.slice(2), 'bench:recs');

function parseTime(raw: string): Date {
  if (/^\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) fail(`unreadable timestamp: ${raw}`);
  return d;
}

const { header, rows } = readCsv(path.join(data, 'events.csv'));
for (const col of ['session_id', 'item_id', 'timestamp']) if (!header.includes(col)) fail(`events.csv lacks the column ${col}`);
const col = (name: string) => header.indexOf(name);
const [cs, ci, ct, cu, ce] = [col('session_id'), col('item_id'), col('timestamp'), col('user_id'), col('event_type')];

type Row = StoredEvent & { order: number };
const sessions = new Map<string, Row[]>();
rows.forEach((r, order) => {
  const sessionId = r[cs]!;
  const type = (ce >= 0 && r[ce] ? r[ce] : 'view') as EventType;
  if (!EVENT_TYPES.includes(type)) fail(`unknown event_type ${type}`);
  const event: Row = { sessionId, userId: cu >= 0 && r[cu] ? r[cu]! : sessionId, itemId: r[ci]!, eventType: type, createdAt: parseTime(r[ct]!), order };
  let list = sessions.get(sessionId);
  if (!list) sessions.set(sessionId, (list = []));
  list.push(event);
});
const byTime = (a: Row, b: Row) => a.createdAt.getTime() - b.createdAt.getTime() || a.order - b.order;
const ordered = [...sessions.values()].map((s) => s.sort(byTime)).sort((a, b) => byTime(a[0]!, b[0]!));
const cut = Math.floor(ordered.length * 0.8);
const train = ordered.slice(0, cut).flat().sort(byTime);
const test = ordered.slice(cut);

// the engine, trained as the server trains it
const engine = new RecommendationEngine({ trendingRefreshMs: 0 });
const itemsFile = path.join(data, 'items.csv');
if (fs.existsSync(itemsFile)) {
  const items = readCsv(itemsFile);
  const ic = (name: string) => items.header.indexOf(name);
  const metas: ItemMeta[] = items.rows.map((r) => ({
    id: r[ic('item_id')]!,
    categories: ic('category') >= 0 && r[ic('category')] ? [r[ic('category')]!] : [],
    tags: ic('tags') >= 0 && r[ic('tags')] ? r[ic('tags')]!.split('|') : [],
    text: ic('name') >= 0 ? r[ic('name')] : '',
  }));
  // events for items the file does not list would be ignored in strict mode: add them as bare items
  const known = new Set(metas.map((m) => m.id));
  for (const e of [...train, ...test.flat()]) if (!known.has(e.itemId)) {
    known.add(e.itemId);
    metas.push({ id: e.itemId, categories: [], tags: [] });
  }
  engine.setCatalogue(metas);
}
trainEngine(engine, train);

// popularity baseline: the most frequent items of the training sessions
const counts = new Map<string, number>();
for (const e of train) counts.set(e.itemId, (counts.get(e.itemId) ?? 0) + 1);
const popular = [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);

let predictions = 0;
const souq = { hits: 0, rr: 0 };
const base = { hits: 0, rr: 0 };
const score = (acc: { hits: number; rr: number }, list: string[], target: string) => {
  const rank = list.indexOf(target);
  if (rank >= 0 && rank < K) {
    acc.hits++;
    acc.rr += 1 / (rank + 1);
  }
};
for (const session of test) {
  for (let i = 0; i < session.length - 1; i++) {
    const current = session[i]!;
    engine.addEvent(toEngineEvent(current));
    const target = session[i + 1]!.itemId;
    // a repeat of the item on screen is not a recommendation task
    if (target === current.itemId) continue;
    predictions++;
    score(souq, engine.recommend(current.userId, { n: K }).map((s) => s.itemId), target);
    score(base, popular.filter((id) => id !== current.itemId).slice(0, K), target);
  }
  engine.addEvent(toEngineEvent(session[session.length - 1]!));
}

const result = (acc: { hits: number; rr: number }) => ({
  hr20: predictions ? Math.round((acc.hits / predictions) * 10_000) / 10_000 : 0,
  mrr20: predictions ? Math.round((acc.rr / predictions) * 10_000) / 10_000 : 0,
});
const out = { souq: result(souq), baseline: result(base), predictions };
if (json) {
  console.log(JSON.stringify(out));
} else {
  console.log(`Recommendations benchmark: ${data}`);
  console.log(`  sessions ${ordered.length} (train ${cut}, test ${test.length}), training events ${train.length}, predictions ${predictions}`);
  console.log('');
  console.log('  model        HitRate@20   MRR@20');
  console.log(`  souq         ${out.souq.hr20.toFixed(4).padEnd(12)} ${out.souq.mrr20.toFixed(4)}`);
  console.log(`  popularity   ${out.baseline.hr20.toFixed(4).padEnd(12)} ${out.baseline.mrr20.toFixed(4)}`);
}
