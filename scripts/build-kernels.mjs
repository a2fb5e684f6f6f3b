// Compiles the WebAssembly kernels (workers/index/*.wat) with wabt into TypeScript modules that
// hold the bytes, so the app's build needs no WebAssembly toolchain. `npm run build:kernels`;
// workers/index/int8-scan.test.ts and pq-fastscan.test.ts fail when a committed module no longer
// matches its source.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kernelModule } from './lib/kernels.mjs';

for (const name of ['int8-scan', 'pq-fastscan']) {
  const source = fileURLToPath(new URL(`../workers/index/${name}.wat`, import.meta.url));
  const target = fileURLToPath(new URL(`../workers/index/${name}-wasm.ts`, import.meta.url));
  writeFileSync(target, await kernelModule(readFileSync(source, 'utf8'), `${name}.wat`));
  console.log(`wrote ${target}`);
}
