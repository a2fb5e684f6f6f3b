#!/usr/bin/env node
/**
 * The "nothing relevant found" floor on a question set (a file of eval/…/questions/ with its docs
 * folder beside): how many of its questions each floor lets through when their document is in the
 * library (answerable; the whole library, as `npm run eval -- --questions` reads it), and how many
 * it turns away when it is not (each half of the documents in turn: the other half's questions are
 * unanswerable). scripts/calibrate-relevance.mjs does the same on SQuAD for English questions.
 *   node scripts/calibrate-floor.mjs --questions FILE [--floors '[{"dense": 0.525, "coverage": 0.45}, …]']
 * Prints one JSON line per floor: {floor, kept, rejected, answerable, unanswerable, top3}.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ingestFiles } from './lib/engine-run.mjs';
import { openHarness } from './lib/harness.mjs';

const { values } = parseArgs({
  options: { questions: { type: 'string' }, floors: { type: 'string' } },
});
if (!values.questions) {
  console.error("usage: node scripts/calibrate-floor.mjs --questions FILE [--floors '[{dense, coverage}, …]']");
  process.exit(2);
}
/** @type {{dense: number, coverage: number}[]} */
const floors = values.floors
  ? JSON.parse(values.floors)
  : [0.525, 0.5, 0.475, 0.45, 0.425, 0.4].map((dense) => ({ dense, coverage: 0.45 }));
/** @type {{doc: string, query: string, expect: string[]}[]} */
const cases = JSON.parse(readFileSync(values.questions, 'utf8')).cases;
const docsDir = join(dirname(values.questions), '..', 'docs');

/** Every file under the docs folder, by its path there, as the harness ingests it. */
const files = [];
const walk = (at) => {
  for (const entry of readdirSync(at, { withFileTypes: true })) {
    const path = join(at, entry.name);
    if (entry.isDirectory()) walk(path);
    else files.push({ path: relative(docsDir, path), name: entry.name, base64: readFileSync(path).toString('base64') });
  }
};
walk(docsDir);
files.sort((a, b) => a.path.localeCompare(b.path));
const asked = (list) => list.map((c) => ({ doc: c.doc.split('/').at(-1), query: c.query, expect: c.expect }));

const harness = await openHarness();
/** Per floor: the questions' results over a library of `library` files. */
async function ask(library, list) {
  await harness.page.evaluate(() => window.carrel.reset());
  await ingestFiles(
    harness.page,
    library.map(({ name, base64 }) => ({ name, base64 })),
  );
  const out = [];
  for (const floor of floors)
    out.push(
      await harness.page.evaluate(([c, o]) => window.carrel.askQuestions(c, o), [asked(list), { minRelevance: floor }]),
    );
  return out;
}

try {
  const whole = await ask(files, cases);
  // Each half of the documents in turn; the other half's questions have nothing to find.
  const halves = [0, 1].map((parity) => files.filter((_, i) => i % 2 === parity));
  const unanswered = [];
  for (const half of halves) {
    const held = new Set(half.map((f) => f.path));
    const list = cases.filter((c) => !held.has(c.doc));
    if (list.length) unanswered.push(await ask(half, list));
  }
  floors.forEach((floor, f) => {
    const answerable = whole[f];
    const unanswerable = unanswered.flatMap((results) => results[f]);
    console.log(
      JSON.stringify({
        floor,
        kept: +(answerable.filter((r) => !r.weak).length / answerable.length).toFixed(3),
        rejected: +(unanswerable.filter((r) => r.weak).length / unanswerable.length).toFixed(3),
        answerable: answerable.length,
        unanswerable: unanswerable.length,
        top3: answerable.filter((r) => r.rank !== null && r.rank <= 3).length,
      }),
    );
  });
} finally {
  await harness.close();
}
