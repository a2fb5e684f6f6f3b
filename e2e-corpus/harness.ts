/**
 * Fixtures for the corpus tests: one harness page per Playwright worker (the app's real ingest and
 * engine workers, built when stale and served on a free port by the worker), and helpers to chunk
 * the files of ../shared/eval.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChunkFailure, ChunkReport } from '../scripts/harness/chunk-file';
import type {} from '../scripts/harness/harness';
import { buildHarness, HARNESS_DIR } from '../scripts/lib/harness-build.mjs';
import { serveStatic } from '../scripts/lib/static-server.mjs';
import { sharedReport } from './reports';

/** The shared evaluation material beside this checkout. */
export const EVAL_DIR = fileURLToPath(new URL('../../shared/eval/', import.meta.url));

export const test = base.extend<object, { harness: Page }>({
  harness: [
    async ({ browser }, use) => {
      buildHarness();
      const server = await serveStatic(HARNESS_DIR);
      const page = await browser.newPage({ baseURL: server.url });
      await page.goto('/');
      await page.waitForFunction(() => 'carrel' in window);
      const engine = await page.evaluate(() => window.carrel.ready());
      expect(engine.modelError, 'the built-in model loads').toBeNull();
      await use(page);
      await page.close();
      await server.close();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

export { expect };

/**
 * Each file's report, read once per run: several specs check the same document (R-intro.pdf, the
 * scans read by OCR), on two Playwright workers, and the file reader gives the same report for the
 * same bytes. A worker keeps its reports in memory and shares them with the other through
 * REPORT_DIR (reports.ts), emptied at the start of each run.
 */
const reports = new Map<string, Promise<ChunkReport | ChunkFailure>>();

/** What Carrel makes of `path` (relative to ../shared/eval/docs/), through the real file reader. */
export function chunk(page: Page, path: string, password?: string): Promise<ChunkReport | ChunkFailure> {
  const key = JSON.stringify([path, password ?? null]);
  if (!reports.has(key)) {
    const read = () => {
      const bytes = readFileSync(`${EVAL_DIR}docs/${path}`).toString('base64');
      const name = path.split('/').pop()!;
      return page.evaluate(([b64, n, p]) => window.carrel.chunkFile(b64, n, p), [bytes, name, password] as const);
    };
    // A read that broke (the page closed, a timeout) is tried afresh by the next caller.
    reports.set(
      key,
      sharedReport(key, read).catch((error: unknown) => (reports.delete(key), Promise.reject(error))),
    );
  }
  // A copy each: no test sees what another did to its report.
  return reports.get(key)!.then((report) => structuredClone(report));
}

/** Like `chunk`, for a file that must be read: fails the test with Carrel's error otherwise. */
export async function chunkOk(page: Page, path: string, password?: string): Promise<ChunkReport> {
  const result = await chunk(page, path, password);
  if ('error' in result) throw new Error(`${path}: ${result.error.code} ${result.error.message}`);
  expect(result.tokenizer, 'tokens are counted by the model tokenizer').not.toBe('approximate');
  return result;
}

/** Every proposition, with its section's heading path. */
export function propositions(report: ChunkReport) {
  return report.sections.flatMap((s) => s.propositions.map((p) => ({ ...p, headingPath: s.headingPath })));
}

/** Share of `values` within min–max inclusive. */
export function shareWithin(values: number[], min: number, max: number): number {
  return values.filter((v) => v >= min && v <= max).length / Math.max(1, values.length);
}

/** DESIGN §4 hard bounds. */
export const SECTION_BOUNDS = [150, 500] as const;
export const PROPOSITION_BOUNDS = [30, 200] as const;

/**
 * Asserts ≥ 90% of sections and of propositions are within the DESIGN §4 bounds. A section that
 * holds a contents list is left out of the sections' share: its tokens count only its text, and a
 * document's opening lines before its first heading are often little more than the list.
 */
export function expectSizesWithinBounds(report: ChunkReport) {
  const sections = report.sections
    .filter((s) => !s.propositions.some((p) => p.type === 'contents'))
    .map((s) => s.tokens);
  const props = propositions(report).map((p) => p.tokens);
  expect(
    shareWithin(sections, ...SECTION_BOUNDS),
    `share of ${sections.length} sections within 150–500 tokens`,
  ).toBeGreaterThanOrEqual(0.9);
  expect(
    shareWithin(props, ...PROPOSITION_BOUNDS),
    `share of ${props.length} propositions within 30–200 tokens`,
  ).toBeGreaterThanOrEqual(0.9);
}
