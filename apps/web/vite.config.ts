import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const shared = path.resolve(import.meta.dirname, '../../packages/shared/src');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes Brotli (best level) and gzip variants next to every compressible file of the build, once, so the server
 * sends them by Accept-Encoding without compressing anything per request. A variant that would not be smaller is
 * not written; source maps are never served, so never compressed.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'souq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: [{ find: /^@souq\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }, { find: '@', replacement: path.resolve(import.meta.dirname, 'src') }] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // 'hidden': maps are written for error reports but no bundle points at them; the server never serves *.map
  build: { target: 'es2022', sourcemap: 'hidden', chunkSizeWarningLimit: 400 },
});
