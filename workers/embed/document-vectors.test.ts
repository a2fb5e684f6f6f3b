// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder';
import { embedAll, propositionText } from './document-vectors';

/** Records the texts it is asked to embed; each vector is the text's length, so rows can be told apart. */
function recordingEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    texts,
    modelId: 'recording',
    dims: 1,
    device: 'cpu',
    embed: async (batch) => {
      texts.push(...batch);
      return batch.map((text) => Float32Array.of(text.length));
    },
    countTokens: (text) => text.split(/\s+/).length,
    dispose: async () => {},
  };
}

describe('embedAll', () => {
  it('embeds a proposition under its own heading, and one without a heading as it is', async () => {
    const embedder = recordingEmbedder();
    const vectors = await embedAll(
      embedder,
      'doc',
      {
        title: 'Style guide',
        summary: '',
        sections: [
          {
            id: 's1',
            embedded: true,
            headingPath: ['Style guide', '3.2 Line length'],
            text: 'Lines must not exceed 80 characters.',
          },
        ],
        propositions: [
          { id: 'p1', headingPath: ['Style guide', '3.2 Line length'], text: 'Lines must not exceed 80 characters.' },
          { id: 'p2', headingPath: [], text: 'A preface without a heading.' },
        ],
      },
      { signal: new AbortController().signal, progress: () => {} },
    );
    expect(embedder.texts).toEqual([
      'Style guide',
      'Style guide 3.2 Line length\nLines must not exceed 80 characters.',
      '3.2 Line length\nLines must not exceed 80 characters.',
      'A preface without a heading.',
    ]);
    expect(vectors.propositionIds).toEqual(['p1', 'p2']);
    expect([...vectors.propositions]).toEqual([embedder.texts[2]!.length, embedder.texts[3]!.length]);
  });

  it('puts only the section’s own heading before a proposition, not the whole path', () => {
    expect(
      propositionText({
        headingPath: ['Manual', '3 Shell', '3.6 Redirections', '3.6.6 Here Documents'],
        text: 'This type of redirection…',
      }),
    ).toBe('3.6.6 Here Documents\nThis type of redirection…');
  });
});
