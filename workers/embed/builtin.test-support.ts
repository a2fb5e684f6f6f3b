/**
 * The built-in model in Node, as the engine worker opens it (workers/embed/embedders.ts): its
 * lookup table read from its file, not run through ONNX Runtime. `throughOnnx` opens the same
 * files through Transformers.js and ONNX Runtime instead, which the lookup must match.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BUILTIN_MODEL } from '../../common/models';
import { createEmbedder, type Embedder, type EmbedderOptions } from './embedder';

export const MODELS = fileURLToPath(new URL('../../public/models/', import.meta.url));

type Extra = Partial<Pick<EmbedderOptions, 'languages'>>;

const options = (extra: Extra): EmbedderOptions => ({
  modelId: BUILTIN_MODEL.id,
  modelBaseUrl: MODELS,
  device: 'cpu',
  ...extra,
});

export function builtinEmbedder(extra: Extra = {}): Promise<Embedder> {
  return createEmbedder({
    ...options(extra),
    readFile: async (path) => new Uint8Array(await readFile(`${MODELS}${BUILTIN_MODEL.id}/${path}`)),
  });
}

export function throughOnnx(extra: Extra = {}): Promise<Embedder> {
  return createEmbedder(options(extra));
}
