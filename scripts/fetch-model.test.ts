// @vitest-environment node
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHub, type FakeHub } from '../e2e/fake-hub';

const run = promisify(execFile);
const BUILTIN = join(import.meta.dirname, '..', 'public', 'models');
const SCRIPT = join(import.meta.dirname, 'fetch-model.mjs');
const WEIGHTS = 'onnx/model_quantized.onnx';

let hub: FakeHub;
// The stand-in hub serves the built-in model's folder under the id owner/carrel-glove-50k.
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'carrel-hub-'));
  mkdirSync(join(root, 'owner'));
  symlinkSync(join(BUILTIN, 'carrel-glove-50k'), join(root, 'owner', 'carrel-glove-50k'));
  hub = await startFakeHub(root, 0);
});
afterAll(() => hub?.close());

describe('npm run models:fetch', () => {
  it('puts the model files under the output folder, byte for byte', async () => {
    const out = mkdtempSync(join(tmpdir(), 'carrel-models-'));
    await run('node', [SCRIPT, 'owner/carrel-glove-50k', '--host', hub.url, '--out', out]);
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', WEIGHTS]) {
      expect(
        readFileSync(join(out, 'owner/carrel-glove-50k', file)).equals(
          readFileSync(join(BUILTIN, 'carrel-glove-50k', file)),
        ),
        file,
      ).toBe(true);
    }
  });

  it('continues a partial file with a Range request', async () => {
    const out = mkdtempSync(join(tmpdir(), 'carrel-models-'));
    const weights = readFileSync(join(BUILTIN, 'carrel-glove-50k', WEIGHTS));
    mkdirSync(join(out, 'owner/carrel-glove-50k/onnx'), { recursive: true });
    writeFileSync(join(out, 'owner/carrel-glove-50k', `${WEIGHTS}.part`), weights.subarray(0, 4_000_000));
    const before = hub.served();
    const { stderr } = await run('node', [SCRIPT, 'owner/carrel-glove-50k', '--host', hub.url, '--out', out]);
    expect(stderr).toContain('resumed at 4000000');
    expect(readFileSync(join(out, 'owner/carrel-glove-50k', WEIGHTS)).equals(weights)).toBe(true);
    expect(hub.served() - before).toBeLessThan(weights.length - 4_000_000 + 1_000_000);
  });

  it('says so when the hub has no such model', async () => {
    const out = mkdtempSync(join(tmpdir(), 'carrel-models-'));
    const failure = await run('node', [SCRIPT, 'owner/missing', '--host', hub.url, '--out', out]).catch(
      (error: { stderr: string; code: number }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('404 (is the model id right?)');
    expect(existsSync(join(out, 'owner/missing/config.json'))).toBe(false);
  });
});
