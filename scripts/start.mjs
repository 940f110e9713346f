#!/usr/bin/env node
// `npm start`: builds what changed since the last build, then runs the bundled server in this same process — one
// Node start instead of a chain of npm and node processes (budget: a restart is healthy within 1.5 s).
import { buildChanged } from './build-changed.mjs';

buildChanged();
await import('../apps/server/dist/server.mjs');
