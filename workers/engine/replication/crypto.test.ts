import { describe, expect, it } from 'vitest';
import { fromBase64, newKeyCheck, open, recordId, seal, SYNC_PBKDF2_ITERATIONS, unlock } from './crypto';
import { packPayload, unpackPayload } from './records';

describe('sync keys', () => {
  it('opens the library with its passphrase only, and seals records that no other key opens', async () => {
    expect(SYNC_PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const { keyCheck, keys } = await newKeyCheck('right passphrase');
    expect(keyCheck.iterations).toBe(SYNC_PBKDF2_ITERATIONS);
    expect(await unlock('wrong passphrase', keyCheck)).toBeNull();
    const again = await unlock('right passphrase', keyCheck);
    expect(again).not.toBeNull();

    const plain = new TextEncoder().encode('Clinic Notes: antibiotics for ten days');
    const sealed = await seal(keys, plain);
    expect(new TextDecoder().decode(await open(again!, sealed))).toBe('Clinic Notes: antibiotics for ten days');
    // A fresh IV each time: the same record sealed twice gives two ciphertexts.
    expect(await seal(keys, plain)).not.toEqual(sealed);
    const tampered = sealed.slice();
    tampered[20]! ^= 1;
    await expect(open(keys, tampered)).rejects.toThrow();
    const other = await newKeyCheck('right passphrase');
    await expect(open(other.keys, sealed)).rejects.toThrow();
    expect(fromBase64(keyCheck.salt)).toHaveLength(16);

    // Sealed for one record id, a record opens under that id only.
    const id = (name: string) => new TextEncoder().encode(name);
    const bound = await seal(keys, plain, id('record-a'));
    expect(await open(keys, bound, id('record-a'))).toEqual(plain);
    await expect(open(keys, bound, id('record-b'))).rejects.toThrow();
    await expect(open(keys, bound)).rejects.toThrow();
  });

  it('names records by keyed hash: the same on every device with the passphrase, per kind, and nothing of the name', async () => {
    const { keyCheck, keys } = await newKeyCheck('p');
    const same = await unlock('p', keyCheck);
    const id = await recordId(keys, 'd', 'sha256-of-clinic-notes');
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    expect(await recordId(same!, 'd', 'sha256-of-clinic-notes')).toBe(id);
    expect(await recordId(keys, 'c', 'sha256-of-clinic-notes')).not.toBe(id);
    expect(await recordId((await newKeyCheck('p')).keys, 'd', 'sha256-of-clinic-notes')).not.toBe(id);
  });

  it('packs typed arrays and files bit for bit', async () => {
    const codes = new Int8Array([-128, 0, 127, 5]);
    const scales = new Float32Array([0.5, 1e-7]);
    const bytes = await packPayload({
      kind: 'document',
      document: { id: 'd' } as never,
      file: new Blob(['original'], { type: 'text/markdown' }),
      text: { docId: 'd', deflated: new Uint8Array([1, 2, 3]) },
      chunks: null,
      vectors: [
        { modelId: 'm', docId: 'd', dims: 2, doc: null, sections: { codes, scales }, propositions: { codes, scales } },
      ],
    });
    const back = unpackPayload(bytes);
    if (back.kind !== 'document') throw new Error('not a document');
    expect(back.vectors[0]!.sections.codes).toEqual(codes);
    expect(back.vectors[0]!.sections.scales).toEqual(scales);
    expect(back.text!.deflated).toEqual(new Uint8Array([1, 2, 3]));
    expect(await back.file!.text()).toBe('original');
    expect(back.file!.type).toBe('text/markdown');
  });
});
