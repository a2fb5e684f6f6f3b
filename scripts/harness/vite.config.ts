import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import app, { selfHostedAssets } from '../../vite.config';

/**
 * The harness page: the app's own workers and modules in a bare page that the Node scripts
 * (chunk, eval) and the corpus tests drive through Playwright. Built to dist-harness/ with the
 * app's resolve and worker settings, so the workers are bundled exactly as in the app.
 */
const project = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: `${project}public`,
  plugins: [selfHostedAssets()],
  resolve: app.resolve,
  worker: app.worker,
  optimizeDeps: app.optimizeDeps,
  build: { outDir: `${project}dist-harness`, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8192 },
  logLevel: 'warn',
});
