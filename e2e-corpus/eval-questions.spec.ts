/**
 * The floor on questions in a person's own words: `npm run eval -- --questions` over
 * ../shared/eval/questions/paraphrase-qa.json with the built-in model and default settings must
 * not fall below what was reached (docs/retrieval.md), and every miss must say where it was lost.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EVAL_DIR, expect, test } from './harness';

/**
 * Reached as docs/retrieval.md reports; raise these when retrieval improves. Top-3 was 30 before
 * the translation table went on by default: it costs one of these 35 questions there (a 4th place)
 * while the held-out set gains two first places and two in the top 10, and SciFact gains.
 * Top-1 and top-3 were 20 and 29 until Markdown contents lists were told by shape: "where should a
 * script write its error messages" had counted only because the Shell guide's contents table was
 * read into a section ("STDOUT vs STDERR"); the section that answers is fourth before and after.
 */
const FLOOR = { top1: 19, top3: 28, top10: 33 };
const STAGES = ['floor', 'document', 'section', 'proposition', 'passage', 'missing'];

test('paraphrase questions: top-1, top-3 and top-10 stay at or above the floor', async () => {
  const { stdout } = await promisify(execFile)(
    'node',
    ['scripts/eval.mjs', '--questions', `${EVAL_DIR}questions/paraphrase-qa.json`],
    {
      maxBuffer: 16 * 2 ** 20,
      timeout: 540_000,
    },
  );
  const line = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(line).toMatchObject({ strategy: 'three-stage', model: 'carrel-glove-50k', questions: 35 });
  expect(line.top1).toBeGreaterThanOrEqual(FLOOR.top1);
  expect(line.top3).toBeGreaterThanOrEqual(FLOOR.top3);
  expect(line.top10).toBeGreaterThanOrEqual(FLOOR.top10);
  expect(line.misses).toHaveLength(line.questions - line.top3);
  for (const miss of line.misses) expect(STAGES).toContain(miss.lost);
});
