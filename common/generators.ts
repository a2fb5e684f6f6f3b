/**
 * The answer generators Carrel knows: small instruct models Transformers.js runs, from
 * the onnx-community builds on the hub. The hub could not be reached from where this was written:
 * sizes are estimates from parameter count × 4-bit weights (marked `verified: false`); licences and
 * context lengths are the model cards' as recalled, to be checked before relying on them.
 */
import type { Device } from './gpu';

export type GeneratorDtype = 'q4f16' | 'q4' | 'q8';

export interface GeneratorInfo {
  id: string;
  label: string;
  /** The model's own context window, in tokens. */
  contextTokens: number;
  /** Approximate download in bytes of the q4 weights and the tokenizer. */
  bytes: number;
  languages: string;
  licence: string;
  /** Whether the figures above were checked against the hub (false: estimates, see above). */
  verified: boolean;
}

const MB = 1_000_000;

/** The answer generator chosen in Settings → Answers: none (extractive only), a downloaded model, or the browser's own. */
export type GeneratorChoice =
  { kind: 'none' } | { kind: 'browser' } | { kind: 'model'; info: GeneratorInfo; dtype: GeneratorDtype };

export const GENERATOR_CATALOGUE: GeneratorInfo[] = [
  {
    id: 'onnx-community/Qwen3-0.6B-ONNX',
    label: 'Qwen3 0.6B',
    contextTokens: 32_768,
    bytes: 570 * MB,
    languages: '100+ languages',
    licence: 'Apache-2.0',
    verified: false,
  },
  {
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5 0.5B Instruct',
    contextTokens: 32_768,
    bytes: 480 * MB,
    languages: '29+ languages',
    licence: 'Apache-2.0',
    verified: false,
  },
  {
    id: 'onnx-community/Qwen2.5-1.5B-Instruct',
    label: 'Qwen2.5 1.5B Instruct',
    contextTokens: 32_768,
    bytes: 1_300 * MB,
    languages: '29+ languages',
    licence: 'Apache-2.0',
    verified: false,
  },
  {
    id: 'onnx-community/Llama-3.2-1B-Instruct',
    label: 'Llama 3.2 1B Instruct',
    contextTokens: 131_072,
    bytes: 1_100 * MB,
    languages: '8 languages',
    licence: 'Llama 3.2 Community Licence (acceptable-use policy)',
    verified: false,
  },
  {
    id: 'HuggingFaceTB/SmolLM2-360M-Instruct',
    label: 'SmolLM2 360M Instruct',
    contextTokens: 8_192,
    bytes: 270 * MB,
    languages: 'English',
    licence: 'Apache-2.0',
    verified: false,
  },
  {
    id: 'HuggingFaceTB/SmolLM2-1.7B-Instruct',
    label: 'SmolLM2 1.7B Instruct',
    contextTokens: 8_192,
    bytes: 1_100 * MB,
    languages: 'English',
    licence: 'Apache-2.0',
    verified: false,
  },
  {
    id: 'onnx-community/gemma-3-270m-it-ONNX',
    label: 'Gemma 3 270M',
    contextTokens: 32_768,
    bytes: 420 * MB,
    languages: '140+ languages',
    licence: 'Gemma Terms of Use',
    verified: false,
  },
  {
    id: 'onnx-community/gemma-3-1b-it-ONNX',
    label: 'Gemma 3 1B',
    contextTokens: 32_768,
    bytes: 1_000 * MB,
    languages: '140+ languages',
    licence: 'Gemma Terms of Use',
    verified: false,
  },
];

/** A generator added by its hub id: nothing known about it until its config is read. */
export function customGenerator(id: string): GeneratorInfo {
  return {
    id,
    label: id,
    contextTokens: 2_048,
    bytes: 0,
    languages: 'unknown',
    licence: 'see the model card',
    verified: false,
  };
}

/** 4-bit weights: with fp16 activations on WebGPU when the adapter has `shader-f16`, else q4 (WASM q4 kernels are the fastest CPU path). */
export function generatorDtype(device: Device, shaderF16: boolean): GeneratorDtype {
  return device === 'webgpu' && shaderF16 ? 'q4f16' : 'q4';
}

const WEIGHTS: Record<GeneratorDtype, string> = {
  q4f16: 'onnx/model_q4f16.onnx',
  q4: 'onnx/model_q4.onnx',
  q8: 'onnx/model_quantized.onnx',
};

/** The files a generator needs with the weights of one dtype. */
export const generatorFiles = (dtype: GeneratorDtype): string[] => [
  'config.json',
  'generation_config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  WEIGHTS[dtype],
];

/** Tokens kept for the answer itself; the prompt gets the rest of the window. */
export const ANSWER_TOKENS = 384;

/** The prompt budget: the chosen preset (2k/4k) or the model's window if smaller, less the answer's room. */
export function promptBudget(model: GeneratorInfo, preset: number): number {
  return Math.max(256, Math.min(preset, model.contextTokens) - ANSWER_TOKENS);
}

export interface DeviceRoom {
  /** Free storage in bytes (quota − usage), if the browser says. */
  freeBytes?: number;
  /** `navigator.deviceMemory` in GB (rounded down, capped at 8 by browsers), if present. */
  deviceMemoryGb?: number;
}

/**
 * Why `model` will not fit here, or null when it will. It needs its download in storage, and
 * about twice its weights in memory while running (weights, KV cache, runtime).
 */
export function whyNotFit(model: GeneratorInfo, room: DeviceRoom): string | null {
  if (room.freeBytes !== undefined && model.bytes > room.freeBytes) {
    return `${model.label} needs about ${gb(model.bytes)} of storage and this browser lets Carrel use ${gb(room.freeBytes)} more. Free some space or pick a smaller model.`;
  }
  if (room.deviceMemoryGb !== undefined && model.bytes * 2 > room.deviceMemoryGb * 1e9) {
    return `${model.label} needs about ${gb(model.bytes * 2)} of memory and this device reports ${room.deviceMemoryGb} GB. Pick a smaller model.`;
  }
  return null;
}

const gb = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`);
