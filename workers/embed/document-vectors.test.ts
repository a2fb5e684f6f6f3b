// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder';
import { embedAll, propositionText } from './document-vectors';

/** Records the texts it is asked to embed; each vector is the text's length, so rows can be told apart. */
function recordingEmbedder(): Embedder & { texts: string[]; langs: (string | undefined)[] } {
  const texts: string[] = [];
  const langs: (string | undefined)[] = [];
  return {
    texts,
    langs,
    modelId: 'recording',
    dims: 1,
    device: 'cpu',
    embed: async (batch, opts) => {
      texts.push(...batch);
      langs.push(...(opts?.langs ?? batch.map(() => opts?.lang)));
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

  it('reads each text in the language the document stores for it, never guessing again', async () => {
    const embedder = recordingEmbedder();
    const formats = "strftime('%Y-%m-%d', ...) | strftime('%Y-%m-%d %H:%M:%S', ...) | julianday(...)";
    await embedAll(
      embedder,
      'doc',
      {
        title: 'Date functions',
        summary: 'SQLite date and time functions',
        lang: 'en',
        sections: [{ id: 's1', embedded: true, headingPath: ['Overview'], text: formats }],
        propositions: [
          { id: 'p1', headingPath: ['Overview'], text: formats },
          { id: 'p2', headingPath: ['Résumé'], text: 'Les fonctions de date et de temps.', lang: 'fr' },
        ],
      },
      { signal: new AbortController().signal, progress: () => {} },
    );
    expect(embedder.langs).toEqual(['en', 'en', 'en', 'fr']);
  });

  it('guesses the language of a document that does not store one', async () => {
    const embedder = recordingEmbedder();
    await embedAll(
      embedder,
      'doc',
      {
        title: 'Notes',
        summary: 'Die Festplatte ist voll und der Rechner startet nicht mehr.',
        sections: [],
        propositions: [{ id: 'p1', headingPath: [], text: 'Die Partition ist zu klein und sie ist voll.' }],
      },
      { signal: new AbortController().signal, progress: () => {} },
    );
    expect(embedder.langs).toEqual(['de', 'de']);
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
