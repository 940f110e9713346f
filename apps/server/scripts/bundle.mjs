// Bundles the compiled server (dist/main.js and everything it imports) into one file, dist/server.mjs, which
// `npm start` runs: one file to read and compile instead of some 700 modules to find, read and link, about a tenth
// of the start-up (decision 0057). No source map: enabling one costs more start-up than the bundle saves, and the
// bundle is not minified, so its stack traces still name the functions. dist/main.js stays runnable as it is
// (`npm run serve` runs it with source maps); tests and `npm run dev` never use the bundle.
import * as esbuild from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

await esbuild.build({
  entryPoints: [path.join(root, 'dist/main.js')],
  outfile: path.join(root, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // CommonJS packages inside an ES module bundle still call require() for Node's built-ins
  banner: { js: "import { createRequire as __souqCreateRequire } from 'node:module'; const require = __souqCreateRequire(import.meta.url);" },
  external: [
    // native code and WebAssembly, loaded from their packages
    '@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg-native',
    // loaded only when configured (PostgreSQL, Redis, SMTP): never read by a start on the embedded database
    'pg', 'ioredis', 'nodemailer',
  ],
  plugins: [keepFileLocations],
});
