import { svelte } from '@sveltejs/vite-plugin-svelte';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * No request leaves the origin unasked: scripts, workers, wasm and data all come from 'self'; only
 * a model download the user starts reaches MODEL_HOSTS.
 * 'wasm-unsafe-eval' lets ONNX Runtime and voy compile WebAssembly; no JS eval is allowed.
 * Inline styles stay allowed for Svelte's style: directives (progress bars); no inline script is.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self' ${MODEL_HOSTS.join(' ')}`,
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "manifest-src 'self'",
].join('; ');

const SECURITY_HEADERS = {
  // Cross-origin isolation lets ONNX Runtime use threads where the machine has cores to spare.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

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
 * (src/shared/pdfjs-wasm.ts), and for OCR (workers/parse/ocr.ts) tesseract.js's worker, its
 * WebAssembly core (SIMD, LSTM engine) and the English model.
 */
const SELF_HOSTED: Record<string, string> = {
  'pdfjs/wasm/jbig2.wasm': 'node_modules/pdfjs-dist/wasm/jbig2.wasm',
  'pdfjs/wasm/openjpeg.wasm': 'node_modules/pdfjs-dist/wasm/openjpeg.wasm',
  'pdfjs/wasm/qcms_bg.wasm': 'node_modules/pdfjs-dist/wasm/qcms_bg.wasm',
  'ocr/worker.min.js': 'node_modules/tesseract.js/dist/worker.min.js',
  'ocr/tesseract-core-simd-lstm.wasm.js': 'node_modules/tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'ocr/lang/eng.traineddata.gz': 'node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
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
    selfHostedAssets(),
    VitePWA({
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
        // Installed, Carrel opens these file types from the OS; the page takes them from window.launchQueue.
        file_handlers: [
          {
            action: '/',
            accept: {
              'application/pdf': ['.pdf'],
              'text/markdown': ['.md', '.markdown'],
              'text/plain': ['.txt'],
              'text/html': ['.html', '.htm'],
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
              'application/epub+zip': ['.epub'],
              'application/vnd.oasis.opendocument.text': ['.odt'],
              'application/vnd.oasis.opendocument.presentation': ['.odp'],
              'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
              'image/png': ['.png'],
              'image/jpeg': ['.jpg', '.jpeg'],
              'image/webp': ['.webp'],
              'image/tiff': ['.tif', '.tiff'],
            },
          },
        ],
        // The service worker answers this POST (below) and hands the files to the page.
        share_target: {
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            files: [
              {
                name: 'files',
                accept: [
                  'application/pdf',
                  '.pdf',
                  'text/markdown',
                  '.md',
                  '.markdown',
                  'text/plain',
                  '.txt',
                  'text/html',
                  '.html',
                  '.htm',
                  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                  '.docx',
                  'application/epub+zip',
                  '.epub',
                  'application/vnd.oasis.opendocument.text',
                  '.odt',
                  'application/vnd.oasis.opendocument.presentation',
                  '.odp',
                  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
                  '.pptx',
                  'image/png',
                  '.png',
                  'image/jpeg',
                  '.jpg',
                  '.jpeg',
                  'image/webp',
                  '.webp',
                  'image/tiff',
                  '.tif',
                  '.tiff',
                ],
              },
            ],
          },
        },
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,mjs,png,svg,json,onnx,webmanifest,gz}'],
        // The WebGPU runtime (27 MB) is fetched only if a model runs on WebGPU; the built-in one never does.
        globIgnores: ['**/*asyncify*', '**/*jsep*', '**/*jspi*'],
        maximumFileSizeToCacheInBytes: 64 * 2 ** 20,
        clientsClaim: true,
        navigateFallback: 'index.html',
        runtimeCaching: [
          {
            // Web Share Target: park the shared files in a cache the page empties on /?shared.
            // Workbox copies this function into the service worker as text, so it must stand alone.
            urlPattern: ({ url }) => url.pathname === '/share',
            method: 'POST',
            handler: async ({ request }) => {
              const form = await request.formData();
              const cache = await caches.open('carrel-shared-files');
              const files = form.getAll('files').filter((entry) => entry instanceof File);
              const stamp = Date.now();
              await Promise.all(
                files.map((file, i) =>
                  cache.put(
                    `/shared-files/${stamp}-${i}`,
                    new Response(file, {
                      headers: {
                        'Content-Type': file.type || 'application/octet-stream',
                        'X-File-Name': encodeURIComponent(file.name),
                      },
                    }),
                  ),
                ),
              );
              return Response.redirect('/?shared', 303);
            },
          },
          {
            urlPattern: ({ url }) => url.pathname.includes('asyncify'),
            handler: 'CacheFirst',
            // GPU_RUNTIME_CACHE (src/shared/gpu-runtime.ts): workers put the build there too. The
            // server says "Vary: Origin", and a module import sends an Origin that a plain fetch does
            // not: an entry either one stored must serve the other.
            options: { cacheName: 'carrel-gpu-runtime', matchOptions: { ignoreVary: true } },
          },
          {
            // Self-hosted model files too large to precache (over 64 MB): kept once first used, so
            // the model works offline from then on.
            urlPattern: ({ url }) => url.pathname.startsWith('/models/'),
            handler: 'CacheFirst',
            options: { cacheName: 'carrel-self-hosted-models' },
          },
        ],
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
