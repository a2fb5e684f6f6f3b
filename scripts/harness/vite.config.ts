import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import app, { selfHostedAssets } from '../../vite.config';

/**
 * The harness page: the app's own workers and modules in a bare page that the Node scripts
 * (chunk, eval) and the corpus tests drive through Playwright. Built to dist-harness/ with the
 * app's resolve and worker settings, so the workers are bundled exactly as in the app; Svelte
 * compiles the app's rune modules (the ingest queue) as in the app.
 */
const project = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: `${project}public`,
  plugins: [svelte(), selfHostedAssets()],
  resolve: {
    ...app.resolve,
    alias: {
      ...app.resolve?.alias,
      'virtual:pwa-register': fileURLToPath(new URL('./no-service-worker.ts', import.meta.url)),
    },
  },
  worker: app.worker,
  optimizeDeps: app.optimizeDeps,
  build: { outDir: `${project}dist-harness`, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8192 },
  logLevel: 'warn',
});
