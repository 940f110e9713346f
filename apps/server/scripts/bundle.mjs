// Bundles the compiled server (dist/main.js and everything it imports) into one file, which `npm start` runs: one
// file to read and compile instead of some 700 modules to find, read and link, about a tenth of the start-up
// (decision 0057). No source map: enabling one costs more start-up than the bundle saves, and the bundle is not
// minified, so its stack traces still name the functions. dist/main.js stays runnable as it is (`npm run serve` runs
// it with source maps); tests and `npm run dev` never use the bundle.
// The bundle is a CommonJS script, dist/server-<hash of its content>.cjs, and dist/server.mjs its loader
// (scripts/server-loader.mjs), which compiles it with a V8 code cache kept next to it (decision 0066): a new build is
// a new name, so a cache never outlives the code it was made from.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { toAscii } from './ascii.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every bundled file keeps knowing where it came from: `import.meta.url`, `__dirname` and `__filename` become the
 * original file's location, so code that finds files next to itself (migrations, seed assets, the web build, a
 * package's own data) still finds them in dist/ and node_modules/, which stay where they are.
 */
const keepFileLocations = {
  name: 'keep-file-locations',
  setup(build) {
    build.onLoad({ filter: /\.(c|m)?js$/ }, async (args) => {
      let text = await fs.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      if (text.includes('import.meta.url')) text = text.replaceAll('import.meta.url', url);
      if (/\b__(dirname|filename)\b/.test(text)) {
        text = `var __filename = ${JSON.stringify(args.path)}, __dirname = ${JSON.stringify(path.dirname(args.path))};\n${text}`;
      }
      return { contents: text, loader: 'js' };
    });
  },
};

const result = await esbuild.build({
  entryPoints: [path.join(root, 'dist/main.js')],
  outfile: path.join(root, 'dist/server.cjs'),
  write: false,
  bundle: true,
  platform: 'node',
  // a script, so the loader can compile it with a code cache (decision 0066; Node 20 had none for ES modules, and
  // Node 24's module.enableCompileCache is a candidate to replace this, decision 0085)
  format: 'cjs',
  target: 'node24',
  // import() of an external package becomes require(): a script compiled by node:vm has no module loader of its own
  // for import() (every external is a CommonJS package), and a static import of one is required only when first run
  supported: { 'dynamic-import': false },
  logLevel: 'warning',
  external: [
    // native code and WebAssembly, loaded from their packages
    '@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg-native',
    // loaded only when configured (PostgreSQL, Redis, SMTP): never read by a start on the embedded database
    'pg', 'ioredis', 'nodemailer',
    // the payment providers' official clients, loaded when payments start, after the server answers (decision 0124)
    'stripe', 'checkout-sdk-node',
  ],
  plugins: [keepFileLocations],
});

const [output] = result.outputFiles;
// pure ASCII, so V8 keeps the source it holds for the process's life at one byte per character (ascii.mjs)
const code = toAscii(output.text);
const name = `server-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.cjs`;
const dist = path.join(root, 'dist');
// earlier bundles and their code caches
for (const f of await fs.readdir(dist)) {
  if (/^server-[0-9a-f]{16}\.cjs/.test(f) && !f.startsWith(name)) await fs.rm(path.join(dist, f), { force: true });
}
await fs.writeFile(path.join(dist, name), code);
const loader = await fs.readFile(path.join(root, 'scripts/server-loader.mjs'), 'utf8');
await fs.writeFile(path.join(dist, 'server.mjs'), loader.replace('__SOUQ_BUNDLE__', name));
