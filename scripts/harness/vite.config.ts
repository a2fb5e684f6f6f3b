import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The harness page: the app's own parse/chunk/ingest/search modules in a bare page that Node
 * scripts drive through Playwright (pdf.js needs a browser on Node 20). Built to dist-harness/.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const project = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  publicDir: `${project}public`,
  resolve: {
    alias: {
      'decode-named-character-reference': `${project}node_modules/decode-named-character-reference/index.js`,
    },
  },
  build: { outDir: `${project}dist-harness`, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8192 },
  worker: { format: 'es' },
  logLevel: 'warn',
});
