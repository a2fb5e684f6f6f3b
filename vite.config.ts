import { svelte } from '@sveltejs/vite-plugin-svelte';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from './workers/sw/csp';
import { fileHandlerAccept, shareTargetAccept } from './common/file-types';

/**
 * Where the page may download models from when the user asks: the Hugging Face hub and its file
 * CDNs, plus the origins a deployment lists in CARREL_MODEL_HOSTS at build time (space-separated,
 * e.g. a mirror; the browser tests list their stand-in hub). Nothing else is ever fetched from them.
 */
const MODEL_HOSTS = [
  'https://huggingface.co',
  'https://*.huggingface.co',
  'https://*.hf.co',
  ...(process.env.CARREL_MODEL_HOSTS ?? '').split(/\s+/).filter(Boolean),
];

/** The policy itself is workers/sw/csp.ts, which the service worker also uses to add the sync origin. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(MODEL_HOSTS);

const SECURITY_HEADERS = {
  // Cross-origin isolation lets ONNX Runtime use threads where the machine has cores to spare.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * `npm start`'s server sends the built files as they are. Vite's preview server gzips every text
 * response again on each request; on one machine that gains nothing, and it cost the server about
 * 0.4 s of a core per fresh browser (1.1 s with the service worker's precache), a tenth of the
 * browser tests' CPU. Files stored compressed (`.gz`) still go with their Content-Encoding.
 */
function uncompressedPreview(): Plugin {
  return {
    name: 'carrel-uncompressed-preview',
    configurePreviewServer(server) {
      // Runs before Vite adds its compression, which then finds no encoding the browser accepts.
      server.middlewares.use((request, _response, next) => {
        delete request.headers['accept-encoding'];
        next();
      });
    },
  };
}

/** The same policy as a meta tag in the built page, for hosts that cannot set headers. */
function cspMeta(): Plugin {
  return {
    name: 'carrel-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Files served from our own origin, copied from npm packages: pdf.js's image decoders
 * (common/pdfjs-wasm.ts), and for OCR (workers/parse/ocr.ts) tesseract.js's worker and its
 * WebAssembly core (SIMD, LSTM engine). The English model is our own file in public/ocr/lang/.
 */
const SELF_HOSTED: Record<string, string> = {
  'pdfjs/wasm/jbig2.wasm': 'node_modules/pdfjs-dist/wasm/jbig2.wasm',
  'pdfjs/wasm/openjpeg.wasm': 'node_modules/pdfjs-dist/wasm/openjpeg.wasm',
  'pdfjs/wasm/qcms_bg.wasm': 'node_modules/pdfjs-dist/wasm/qcms_bg.wasm',
  'ocr/worker.min.js': 'node_modules/tesseract.js/dist/worker.min.js',
  'ocr/tesseract-core-simd-lstm.wasm.js': 'node_modules/tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
};

/**
 * One fix to tesseract.js 7.0.0's worker: given a language as `{ code, data }` (a model Carrel
 * read from its cache), it loads the data but then starts the engine with the bytes as the
 * language's name, so the model is never found. Its name is its code. The build fails if the
 * text is not found, so an upgrade shows whether the fix is still needed.
 */
const PATCHES: Record<string, [from: string, to: string]> = {
  'ocr/worker.min.js': [
    'return"string"==typeof t?t:t.data})).join("+")',
    'return"string"==typeof t?t:t.code})).join("+")',
  ],
};

export function selfHostedAssets(): Plugin {
  const contents = (name: string) => {
    const bytes = readFileSync(fileURLToPath(new URL(`./${SELF_HOSTED[name]}`, import.meta.url)));
    const patch = PATCHES[name];
    if (!patch) return bytes;
    const text = bytes.toString('utf8');
    if (!text.includes(patch[0]))
      throw new Error(
        `${SELF_HOSTED[name]} no longer has the text vite.config.ts patches: check whether the fix is still needed.`,
      );
    return Buffer.from(text.replace(patch[0], patch[1]));
  };
  return {
    name: 'carrel-self-hosted-assets',
    generateBundle() {
      for (const fileName of Object.keys(SELF_HOSTED))
        this.emitFile({ type: 'asset', fileName, source: contents(fileName) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.slice(1) ?? '';
        if (!(name in SELF_HOSTED)) return next();
        res.setHeader(
          'Content-Type',
          name.endsWith('.js')
            ? 'text/javascript'
            : name.endsWith('.wasm')
              ? 'application/wasm'
              : 'application/octet-stream',
        );
        res.end(contents(name));
      });
    },
  };
}

export default defineConfig({
  plugins: [
    svelte(),
    cspMeta(),
    uncompressedPreview(),
    selfHostedAssets(),
    VitePWA({
      // Our own service worker (workers/sw.ts), for the policy it serves with the sync origin added.
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg'],
      manifest: {
        name: 'Carrel — private document search',
        short_name: 'Carrel',
        description:
          'Search your PDFs, scans, Word files, e-books, Markdown, HTML and text files offline. Nothing leaves this device.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#2f5d50',
        background_color: '#f7f5f0',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Installed, Carrel opens the types it reads (common/file-types.ts) from the OS; the page takes them from window.launchQueue.
        file_handlers: [{ action: '/', accept: fileHandlerAccept() }],
        // The service worker (workers/sw.ts) answers this POST and hands the files to the page.
        share_target: {
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'files', accept: shareTargetAccept() }] },
        },
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,wasm,mjs,png,svg,json,onnx,webmanifest,gz}'],
        // The WebGPU runtime (27 MB) is fetched only if a model runs on WebGPU; the built-in one never does.
        // Language tables (up to 2.4 MB each) are fetched when a text or a question of their
        // language turns up, and kept from then on (workers/sw.ts): an English library needs none.
        globIgnores: ['**/*asyncify*', '**/*jsep*', '**/*jspi*', 'languages/**'],
        maximumFileSizeToCacheInBytes: 64 * 2 ** 20,
        // One classic script: no module service workers needed.
        rollupFormat: 'iife',
      },
    }),
  ],
  resolve: {
    alias: {
      // Its "browser" build decodes entities with document.createElement, which workers lack;
      // the plain build carries the entity table instead. The Markdown parser runs in a worker.
      'decode-named-character-reference': fileURLToPath(
        new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url),
      ),
    },
  },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  optimizeDeps: { exclude: ['voy-search'] },
  server: { headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
  preview: { port: 4173, strictPort: true, headers: SECURITY_HEADERS },
});
