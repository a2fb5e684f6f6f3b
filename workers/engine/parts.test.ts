import { describe, expect, it } from 'vitest';
import { joinParts, partKeys, splitIntoParts } from './parts';

const LIMITS = { partBytes: 16, partItems: 3, ownPartBytes: 8 };

describe('snapshot parts', () => {
  const value = {
    vectors: Float32Array.from({ length: 10 }, (_, i) => i / 2),
    small: new Uint32Array([7]),
    ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    nested: {
      tuples: [
        ['x', ['1']],
        ['y', ['2', '3']],
      ] as [string, string[]][],
      count: 2,
    },
  };

  it('cuts big arrays into bounded parts and joins them back to the same value', () => {
    const { skeleton, parts } = splitIntoParts(value, 'snap/', LIMITS);
    // 10 floats at 4 per 16-byte part: 3 parts; 7 ids at 3 per part: 3 parts; the rest stays inline.
    expect(parts.size).toBe(6);
    expect(partKeys(skeleton)).toEqual([...parts.keys()]);
    expect([...parts.keys()].every((key) => key.startsWith('snap/'))).toBe(true);
    for (const part of parts.values()) {
      if (ArrayBuffer.isView(part)) expect(part.byteLength).toBeLessThanOrEqual(LIMITS.partBytes);
      else expect((part as unknown[]).length).toBeLessThanOrEqual(LIMITS.partItems);
    }
    expect(joinParts(skeleton, parts)).toEqual(value);
  });

  it('gives back a typed array stored as one part without copying it', () => {
    const { skeleton, parts } = splitIntoParts(value, 'snap/', { ...LIMITS, partBytes: 1024 });
    const [vectorsKey] = partKeys(skeleton);
    const joined = joinParts(skeleton, parts) as typeof value;
    expect(joined.vectors).toBe(parts.get(vectorsKey!));
  });

  it('is null when a part is missing', () => {
    const { skeleton, parts } = splitIntoParts(value, 'snap/', LIMITS);
    parts.delete(partKeys(skeleton)[4]!);
    expect(joinParts(skeleton, parts)).toBeNull();
  });
});
