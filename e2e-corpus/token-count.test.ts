import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AutoTokenizer, env, Tensor } from '@huggingface/transformers';
import { expect, it } from 'vitest';
import { plainInputs, tokenCounter } from '../workers/embed/token-count';

// Chunking counts tokens without encoding plain ASCII text (workers/embed/token-count.ts): the count
// must be the tokenizer's own, or chunks would be cut elsewhere than before. Checked here on every
// paragraph and line of the real documents and of the benchmark corpora.
const EVAL = '../shared/eval';

function texts(): string[] {
  const out: string[] = [];
  const add = (text: string) => out.push(text, ...text.split(/\n\s*\n/), ...text.split('\n'));
  for (const kind of ['text', 'markdown', 'html']) {
    for (const name of readdirSync(`${EVAL}/docs/${kind}`)) add(readFileSync(`${EVAL}/docs/${kind}/${name}`, 'utf8'));
  }
  // A PDF's text as poppler reads it (pdf.js reads the same characters).
  for (const name of readdirSync(`${EVAL}/docs/pdf`).filter(
    (n) => n.endsWith('.pdf') && !/encrypted|password/i.test(n),
  )) {
    try {
      add(execFileSync('pdftotext', ['-q', `${EVAL}/docs/pdf/${name}`, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
    } catch {
      // No poppler, or a PDF it cannot read: the other texts still count.
    }
  }
  for (const line of readFileSync(`${EVAL}/benchmark/scifact/corpus.jsonl`, 'utf8').trim().split('\n')) {
    const { title, text } = JSON.parse(line) as { title: string; text: string };
    out.push(title, text);
  }
  return out.filter((text) => text.trim());
}

it('counts every text of ../shared/eval as the built-in tokenizer encodes it', async () => {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = fileURLToPath(new URL('../public/models/', import.meta.url));
  const tokenizer = await AutoTokenizer.from_pretrained('carrel-glove-50k');
  const count = tokenCounter(tokenizer);
  const all = texts();
  const wrong = all.filter((text) => count(text) !== tokenizer.encode(text, { add_special_tokens: false }).length);
  console.log(`${all.length} texts counted, ${wrong.length} differ`);
  expect(all.length).toBeGreaterThan(10_000);
  expect(wrong.map((text) => text.slice(0, 80))).toEqual([]);

  // And the model's inputs made without encoding, in the embedder's batches of 64.
  const inputs = plainInputs(tokenizer, Tensor)!;
  const unencoded = all.filter((text) => inputs([text]) !== null);
  let differ = 0;
  for (let i = 0; i < unencoded.length; i += 64) {
    const batch = unencoded.slice(i, i + 64);
    const ours = inputs(batch)!;
    const theirs = tokenizer(batch, { padding: true, truncation: true }) as Record<string, { data: BigInt64Array }>;
    const same = Object.keys(theirs).every((key) => {
      const [a, b] = [ours[key]!.data as BigInt64Array, theirs[key]!.data];
      return a.length === b.length && a.every((value, k) => value === b[k]);
    });
    if (!same) differ++;
  }
  console.log(`${unencoded.length} texts in ${Math.ceil(unencoded.length / 64)} batches, ${differ} differ`);
  expect(unencoded.length).toBeGreaterThan(all.length * 0.99);
  expect(differ).toBe(0);
}, 600_000);
