// Copies what tsc does not: the SQL migrations and the demo seed's assets next to the compiled code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const dir of ['src/db/migrations', 'src/demo/assets']) {
  const from = path.join(root, dir);
  if (fs.existsSync(from)) fs.cpSync(from, path.join(root, dir.replace(/^src/, 'dist')), { recursive: true });
}
