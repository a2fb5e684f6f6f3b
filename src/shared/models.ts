/** The embedding models Carrel knows. The built-in one ships with the app and works offline. */

export interface ModelInfo {
  id: string;
  label: string;
  dims: number;
  dtype: 'q8' | 'fp32' | 'fp16';
  /** Weight of the dense leg in weighted fusion, measured per model by the evaluation. */
  denseWeight: number;
  /** "Nothing relevant found" floor, calibrated per model (scripts/calibrate-relevance.mjs). */
  minRelevance: { dense: number; coverage: number };
  /**
   * Whether a GPU helps. The built-in model is a single table lookup: WebGPU would only add a 27 MB
   * runtime download and shader start-up, so it runs on WASM everywhere.
   */
  prefersGpu: boolean;
}

export const BUILTIN_MODEL: ModelInfo = {
  id: 'carrel-glove-50k',
  label: 'Built-in (GloVe 50k)',
  dims: 100,
  dtype: 'q8',
  denseWeight: 0.2,
  // On SQuAD questions (node scripts/calibrate-relevance.mjs --keep 0.99): keeps 99.0% of the
  // answerable ones and turns away 79.2% of those about articles not in the library.
  minRelevance: { dense: 0.525, coverage: 0.45 },
  prefersGpu: false,
};
