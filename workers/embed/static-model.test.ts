// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ElemType, initializer, model, node, valueInfo } from '../../scripts/model/onnx-writer.mjs';
import { pooledRows, readStaticTable } from './static-model';

/** A lookup model of three rows in two dimensions, as scripts/build-model.mjs writes one; `nodes` may change its graph. */
function lookupModel(nodes = LOOKUP) {
  return model({
    producer: 'test',
    graphName: 'tiny',
    inputs: [valueInfo(11, 'input_ids', ElemType.INT64, ['batch_size', 'sequence_length'])],
    outputs: [valueInfo(12, 'last_hidden_state', ElemType.FLOAT, ['batch_size', 'sequence_length', 2])],
    initializers: [
      initializer('table', ElemType.INT8, [3, 2], new Uint8Array(new Int8Array([0, 0, 127, -64, 3, 4]).buffer)),
      initializer('row_scale', ElemType.FLOAT, [3, 1], new Uint8Array(new Float32Array([1, 0.5, 0.1]).buffer)),
    ],
    nodes,
  });
}
const LOOKUP = [
  node('Gather', ['table', 'input_ids'], ['rows_int8'], 'lookup', { axis: 0 }),
  node('Cast', ['rows_int8'], ['rows'], 'to_float', { to: ElemType.FLOAT }),
  node('Gather', ['row_scale', 'input_ids'], ['scale'], 'lookup_scale', { axis: 0 }),
  node('Mul', ['rows', 'scale'], ['last_hidden_state'], 'dequantize'),
];

describe('readStaticTable', () => {
  it('reads the int8 rows and their scales of a one-lookup graph', () => {
    const table = readStaticTable(lookupModel())!;
    expect(table).toMatchObject({ vocabSize: 3, dims: 2 });
    expect([...table.rows]).toEqual([0, 0, 127, -64, 3, 4]);
    expect([...table.scales]).toEqual([1, 0.5, Math.fround(0.1)]);
  });

  it('reads no other graph: it then runs through ONNX Runtime', () => {
    const [lookup, cast, lookupScale, mul] = [LOOKUP[0]!, LOOKUP[1]!, LOOKUP[2]!, LOOKUP[3]!];
    const add = node('Add', ['rows', 'scale'], ['last_hidden_state'], 'dequantize');
    expect(readStaticTable(lookupModel([lookup, cast, lookupScale, add]))).toBeNull();
    expect(readStaticTable(lookupModel([lookup, cast, lookupScale]))).toBeNull();
    expect(readStaticTable(lookupModel([lookup, cast, lookupScale, mul, mul]))).toBeNull();
    expect(readStaticTable(new Uint8Array(0))).toBeNull();
  });

  it('pools the rows of unmasked tokens into unit vectors, null for no known word', () => {
    const table = readStaticTable(lookupModel())!;
    // Row 1 is (63.5, -32), row 2 (0.3, 0.4); the second text is padding and the zero row only.
    const ids = new BigInt64Array([1n, 2n, 2n, 0n, 0n, 0n]);
    const mask = new BigInt64Array([1n, 1n, 0n, 1n, 0n, 0n]);
    const [first, second] = pooledRows(table, ids, mask, 2);
    const sum = [Math.fround(127 * 0.5) + Math.fround(3 * Math.fround(0.1)), -32 + Math.fround(4 * Math.fround(0.1))];
    const norm = Math.hypot(...sum);
    expect([...first!]).toEqual(sum.map((x) => Math.fround(x / norm)));
    expect(second).toBeNull();
    expect(() => pooledRows(table, new BigInt64Array([7n]), new BigInt64Array([1n]), 1)).toThrow(/outside/);
  });
});
