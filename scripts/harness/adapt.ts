/** Adapts the built-in model to the library the harness holds (`npm run eval -- --adapt`); resolves to the training report. */
import { engine } from '../../src/lib/workers';
import type { AdaptOptions } from '../../workers/embed/adapt';

export function adapt(options: AdaptOptions & { apply?: boolean; keepFloor?: boolean }) {
  return engine.api.adapt(options, { timeoutMs: 600_000 });
}
