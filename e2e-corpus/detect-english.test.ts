import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { detectLanguages } from '../workers/text/detect';

// English documents must stay English: a document taken for another language is read by another
// analyser, and an English library that seems to hold other languages reads every short question
// in them too. SciFact's abstracts are dense with terms no dictionary has, a hard case for n-grams.
it('takes SciFact abstracts for English', async () => {
  const lines = readFileSync('../shared/eval/benchmark/scifact/corpus.jsonl', 'utf8').trim().split('\n');
  const counts: Record<string, number> = {};
  for (const line of lines) {
    const { title, text } = JSON.parse(line) as { title: string; text: string };
    const lang = (await detectLanguages(`${title}\n${text}`.slice(0, 2000)))[0]?.lang ?? 'none';
    counts[lang] = (counts[lang] ?? 0) + 1;
  }
  console.log(`languages found in ${lines.length} SciFact abstracts: ${JSON.stringify(counts)}`);
  expect(counts.en! / lines.length).toBeGreaterThan(0.995);
}, 120_000);
