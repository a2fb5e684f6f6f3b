// Compiles the WebAssembly kernels (workers/index/*.wat) with wabt into TypeScript modules that
// hold the bytes, so the app's build needs no WebAssembly toolchain. `npm run build:kernels`;
// workers/index/int8-scan.test.ts fails when a committed module no longer matches its source.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kernelModule } from './lib/kernels.mjs';

const source = fileURLToPath(new URL('../workers/index/int8-scan.wat', import.meta.url));
const target = fileURLToPath(new URL('../workers/index/int8-scan-wasm.ts', import.meta.url));
writeFileSync(target, await kernelModule(readFileSync(source, 'utf8'), 'int8-scan.wat'));
console.log(`wrote ${target}`);
