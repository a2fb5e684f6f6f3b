import { describe, expect, it } from 'vitest';
import {
  GENERATOR_CATALOGUE,
  customGenerator,
  generatorDtype,
  generatorFiles,
  promptBudget,
  whyNotFit,
} from './generators';

const small = GENERATOR_CATALOGUE.find((g) => g.label === 'SmolLM2 360M Instruct')!;
const big = GENERATOR_CATALOGUE.find((g) => g.label === 'Qwen2.5 1.5B Instruct')!;

describe('generators', () => {
  it('lists the issue’s models with context, size, languages and licence', () => {
    expect(GENERATOR_CATALOGUE.map((g) => g.label)).toEqual(
      expect.arrayContaining([
        'Qwen3 0.6B',
        'Qwen2.5 0.5B Instruct',
        'Llama 3.2 1B Instruct',
        'SmolLM2 1.7B Instruct',
        'Gemma 3 270M',
        'Gemma 3 1B',
      ]),
    );
    for (const g of GENERATOR_CATALOGUE)
      expect(g.contextTokens > 0 && g.bytes > 0 && !!g.licence && !!g.languages).toBe(true);
  });

  it('uses q4f16 only on WebGPU with shader-f16, else q4', () => {
    expect(generatorDtype('webgpu', true)).toBe('q4f16');
    expect(generatorDtype('webgpu', false)).toBe('q4');
    expect(generatorDtype('wasm', true)).toBe('q4');
    expect(generatorFiles('q4')).toContain('onnx/model_q4.onnx');
    expect(generatorFiles('q4f16')).toContain('onnx/model_q4f16.onnx');
  });

  it('sizes the prompt to the smaller of the preset and the model window, leaving room for the answer', () => {
    expect(promptBudget(big, 4000)).toBe(4000 - 384);
    expect(promptBudget(customGenerator('a/b'), 4000)).toBe(2048 - 384);
  });

  it('refuses a model that will not fit in storage or memory, saying why', () => {
    expect(whyNotFit(small, { freeBytes: 10e9, deviceMemoryGb: 8 })).toBeNull();
    expect(whyNotFit(small, {})).toBeNull();
    expect(whyNotFit(big, { freeBytes: 500e6 })).toMatch(/storage.*Free some space/);
    expect(whyNotFit(big, { deviceMemoryGb: 2 })).toMatch(/memory.*2 GB/);
  });
});
