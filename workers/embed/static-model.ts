/**
 * The built-in model's rows without ONNX Runtime. Its ONNX graph is one table lookup
 * (scripts/build-model.mjs): `Gather(table, input_ids)` of int8 rows, cast to float and multiplied
 * by `Gather(row_scale, input_ids)`. Reading the two tables from the same file and doing that
 * multiply here gives the same float32 numbers as ONNX Runtime, bit for bit (a unit test compares
 * them), without loading its 14 MB of WebAssembly: at each start of the engine worker that
 * compile and the session took about 0.7 s of a core (a Chromium trace, docs/performance.md).
 * A graph of any other shape is not read here: it runs through Transformers.js as every other model.
 */

/** The table of a lookup model: row `id` of the output is `rows[id * dims + d] * scales[id]`. */
export interface StaticTable {
  rows: Int8Array;
  scales: Float32Array;
  vocabSize: number;
  dims: number;
}

/** ONNX TensorProto data types used here (onnx.proto's TensorProto.DataType). */
const FLOAT = 1;
const INT8 = 3;

/** One field of a protobuf message: its number, and its value (a varint, or the bytes of a length-delimited field). */
interface Field {
  field: number;
  varint?: bigint;
  bytes?: Uint8Array;
}

/** The fields of one protobuf message, in order; throws on a wire type this reader does not know. */
function fields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= buf.length) throw new Error('truncated varint');
      const byte = buf[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ field, varint: varint() });
    else if (wire === 2) {
      const length = Number(varint());
      if (at + length > buf.length) throw new Error('truncated field');
      out.push({ field, bytes: buf.subarray(at, at + length) });
      at += length;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`wire type ${wire}`);
  }
  return out;
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const strings = (list: Field[], field: number) => list.filter((f) => f.field === field).map((f) => text(f.bytes));

interface Tensor {
  name: string;
  dataType: number;
  dims: number[];
  raw: Uint8Array;
}

/** A TensorProto with raw data (dims as varints, packed or not). */
function tensor(bytes: Uint8Array): Tensor | null {
  const list = fields(bytes);
  const dims: number[] = [];
  for (const f of list.filter((f) => f.field === 1)) {
    if (f.varint !== undefined) dims.push(Number(f.varint));
    else for (const packed of packedVarints(f.bytes!)) dims.push(packed);
  }
  const raw = list.find((f) => f.field === 9)?.bytes;
  if (!raw) return null;
  return {
    name: text(list.find((f) => f.field === 8)?.bytes),
    dataType: Number(list.find((f) => f.field === 2)?.varint ?? 0),
    dims,
    raw,
  };
}

function packedVarints(buf: Uint8Array): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const byte of buf) {
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) {
      out.push(value);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * The table of an ONNX lookup model (the graph above, and nothing else), or null for any other
 * graph. Throws only on bytes that are not a protobuf message.
 */
export function readStaticTable(onnx: Uint8Array): StaticTable | null {
  const graphBytes = fields(onnx).find((f) => f.field === 7)?.bytes;
  if (!graphBytes) return null;
  const graph = fields(graphBytes);
  const nodes = graph
    .filter((f) => f.field === 1)
    .map((f) => {
      const node = fields(f.bytes!);
      return { op: text(node.find((n) => n.field === 4)?.bytes), inputs: strings(node, 1), outputs: strings(node, 2) };
    });
  const initializers = new Map(
    graph.flatMap((f) => (f.field === 5 ? [tensor(f.bytes!)] : [])).flatMap((t) => (t ? [[t.name, t] as const] : [])),
  );
  const inputs = graph
    .filter((f) => f.field === 11)
    .map((f) => text(fields(f.bytes!).find((v) => v.field === 1)?.bytes));
  const outputs = graph
    .filter((f) => f.field === 12)
    .map((f) => text(fields(f.bytes!).find((v) => v.field === 1)?.bytes));
  if (nodes.length !== 4 || inputs.length !== 1 || outputs.length !== 1) return null;
  const [lookup, cast, lookupScale, mul] = nodes as [
    (typeof nodes)[0],
    (typeof nodes)[0],
    (typeof nodes)[0],
    (typeof nodes)[0],
  ];
  const ids = inputs[0]!;
  const table = initializers.get(lookup.inputs[0]!);
  const scale = initializers.get(lookupScale.inputs[0]!);
  const shaped =
    lookup.op === 'Gather' &&
    lookup.inputs[1] === ids &&
    cast.op === 'Cast' &&
    cast.inputs[0] === lookup.outputs[0] &&
    lookupScale.op === 'Gather' &&
    lookupScale.inputs[1] === ids &&
    mul.op === 'Mul' &&
    mul.inputs.includes(cast.outputs[0]!) &&
    mul.inputs.includes(lookupScale.outputs[0]!) &&
    mul.outputs[0] === outputs[0];
  if (!shaped || !table || !scale || table.dataType !== INT8 || scale.dataType !== FLOAT) return null;
  const [vocabSize, dims] = table.dims as [number, number];
  if (table.dims.length !== 2 || scale.dims[0] !== vocabSize || table.raw.length !== vocabSize * dims) return null;
  if (scale.raw.length !== vocabSize * 4) return null;
  return {
    rows: new Int8Array(table.raw.buffer.slice(table.raw.byteOffset, table.raw.byteOffset + table.raw.length)),
    // A copy: the raw bytes need not sit at a multiple of 4 in the file.
    scales: new Float32Array(scale.raw.slice().buffer),
    vocabSize,
    dims,
  };
}

/** The index of row `id` in `table.rows`; throws for an id outside the table. */
function rowStart(table: StaticTable, id: number): number {
  if (!(id >= 0 && id < table.vocabSize))
    throw new Error(`token id ${id} is outside the model's ${table.vocabSize} rows`);
  return id * table.dims;
}

/**
 * The rows of a list of token ids, one after another, as ONNX Runtime's output gives them: each
 * int8 value times its row's scale, as a float32 (Float32Array rounds the product as ONNX Runtime's
 * Mul does; int8 × float32 is exact in a double).
 */
export function tableRowsOf(table: StaticTable, ids: ArrayLike<bigint | number>): Float32Array {
  const { rows, scales, dims } = table;
  const out = new Float32Array(ids.length * dims);
  for (let at = 0; at < ids.length; at++) {
    const id = Number(ids[at]);
    const offset = rowStart(table, id);
    for (let d = 0; d < dims; d++) out[at * dims + d] = rows[offset + d]! * scales[id]!;
  }
  return out;
}

/**
 * Per row of a [batch, tokens] batch of ids: the sum of its unmasked tokens' rows, scaled to unit
 * length, as `meanPooledUnitVectors` gives from ONNX Runtime's output (each row's float32 values,
 * summed in float64 in token order); null when there was nothing to sum.
 */
export function pooledRows(
  table: StaticTable,
  ids: ArrayLike<bigint | number>,
  mask: ArrayLike<bigint | number>,
  batch: number,
): (Float32Array | null)[] {
  const { rows, scales, dims } = table;
  const tokens = batch ? ids.length / batch : 0;
  const vectors: (Float32Array | null)[] = [];
  for (let row = 0; row < batch; row++) {
    const sum = new Float64Array(dims);
    for (let token = 0; token < tokens; token++) {
      const at = row * tokens + token;
      if (!Number(mask[at])) continue;
      const id = Number(ids[at]);
      const offset = rowStart(table, id);
      const scale = scales[id]!;
      // Math.fround: the float32 product of tableRowsOf, without an array for every token's row.
      for (let d = 0; d < dims; d++) sum[d]! += Math.fround(rows[offset + d]! * scale);
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += sum[d]! * sum[d]!;
    norm = Math.sqrt(norm);
    vectors.push(norm > 0 && Number.isFinite(norm) ? Float32Array.from(sum, (x) => x / norm) : null);
  }
  return vectors;
}
