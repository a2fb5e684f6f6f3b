/**
 * A minimal protobuf encoder for the few ONNX messages a lookup-table model needs. Field numbers
 * are those of onnx.proto (ModelProto, GraphProto, NodeProto, TensorProto, ValueInfoProto).
 */

export const ElemType = { FLOAT: 1, INT8: 3, INT64: 7 };

function varint(value) {
  const bytes = [];
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n; // two's complement, as protobuf encodes negative int64
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return Uint8Array.from(bytes);
}

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) out.set(part, (offset += part.length) - part.length);
  return out;
};

/** Field helpers: each returns the encoded bytes of one field. */
const key = (field, wire) => varint((field << 3) | wire);
const int = (field, value) => concat([key(field, 0), varint(value)]);
const bytes = (field, data) => concat([key(field, 2), varint(data.length), data]);
const str = (field, text) => bytes(field, new TextEncoder().encode(text));
const msg = (field, parts) => bytes(field, concat(parts));

function shape(dims) {
  return dims.map((d) => msg(1, [typeof d === 'number' ? int(1, d) : str(2, d)]));
}

/** ValueInfoProto for a tensor input or output with symbolic or fixed dims. */
export function valueInfo(field, name, elemType, dims) {
  return msg(field, [str(1, name), msg(2, [msg(1, [int(1, elemType), msg(2, shape(dims))])])]);
}

/** TensorProto initializer with raw little-endian data. */
export function initializer(name, elemType, dims, raw) {
  return msg(5, [...dims.map((d) => int(1, d)), int(2, elemType), str(8, name), bytes(9, raw)]);
}

/** NodeProto; `attributes` are integer attributes only (all this model needs). */
export function node(opType, inputs, outputs, name, attributes = {}) {
  const attrs = Object.entries(attributes).map(([attrName, value]) =>
    msg(5, [str(1, attrName), int(3, value), int(20, 2)]),
  );
  return msg(1, [
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, name),
    str(4, opType),
    ...attrs,
  ]);
}

/** A whole ModelProto (IR 8, opset 17) around one graph. */
export function model({ graphName, nodes, initializers, inputs, outputs, producer }) {
  const graph = msg(7, [...nodes, str(2, graphName), ...initializers, ...inputs, ...outputs]);
  return concat([int(1, 8), str(2, producer), graph, msg(8, [str(1, ''), int(2, 17)])]);
}
