import { defineConfig } from 'vitest/config';
import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';

const shared = path.resolve(import.meta.dirname, 'packages/shared/src');

export default defineConfig({
  // the web app's components use Lingui's macros and import .po catalogues (decision 0104)
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  resolve: {
    alias: [
      { find: /^@souq\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
      { find: /^@\/(.*)$/, replacement: `${path.resolve(import.meta.dirname, 'apps/web/src')}/$1` },
    ],
  },
  test: {
    // PGlite is CPU-bound; two workers fit this 2-core machine
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // the web's code reads the shared texts a page loads before it (apps/web/src/test-setup.ts, decision 0156)
        test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'], environment: 'node', setupFiles: ['apps/web/src/test-setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api',
          // The API test files share a worker's modules (decision 0174): each file builds its own app on its own
          // database, and evaluating the server's module graph for every file was most of this phase's CPU.
          isolate: false,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
