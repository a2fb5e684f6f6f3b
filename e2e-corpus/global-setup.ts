/**
 * Builds the harness page once, before the corpus workers start: each worker's fixture then finds it
 * fresh, and two workers never build it at once (one would replace dist-harness/ under the other).
 */
import { buildHarness } from '../scripts/lib/harness-build.mjs';

export default function globalSetup(): void {
  buildHarness();
}
