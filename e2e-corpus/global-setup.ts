/**
 * Builds the harness page once, before the corpus workers start: each worker's fixture then finds it
 * fresh, and two workers never build it at once (one would replace dist-harness/ under the other).
 * Empties the folder where the workers share their file reports, so this run reads every file anew.
 */
import { buildHarness } from '../scripts/lib/harness-build.mjs';
import { clearReports } from './reports';

export default function globalSetup(): void {
  buildHarness();
  clearReports();
}
