import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';

const shared = path.resolve(import.meta.dirname, '../../packages/shared/src');

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: [{ find: /^@souq\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }, { find: '@', replacement: path.resolve(import.meta.dirname, 'src') }] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // 'hidden': maps are written for error reports but no bundle points at them; the server never serves *.map
  build: { target: 'es2022', sourcemap: 'hidden', chunkSizeWarningLimit: 400 },
});
