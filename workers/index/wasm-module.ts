/** The WebAssembly kernels' modules (int8-scan.wat, pq-fastscan.wat), each compiled once. */
const compiled = new Map<string, WebAssembly.Module | null>();

/** The module `base64` holds, or null where it does not validate (WebAssembly SIMD missing): the caller scans in JavaScript. */
export function compiledModule(base64: string): WebAssembly.Module | null {
  let module = compiled.get(base64);
  if (module !== undefined) return module;
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    module = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    module = null;
  }
  compiled.set(base64, module);
  return module;
}
