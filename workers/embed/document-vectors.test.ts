// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder';
import { embedAll, propositionText } from './document-vectors';

/**
 * Records the texts it is asked to embed, in the order asked, and the language each was read in;
 * each vector is the text's length, so rows can be told apart.
 */
function recordingEmbedder(): Embedder & {
  texts: string[];
  langs: (string | undefined)[];
  langOf: (text: string) => string | undefined;
} {
  const texts: string[] = [];
  const langs: (string | undefined)[] = [];
  return {
    texts,
    langs,
    langOf: (text) => langs[texts.indexOf(text)],
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
    expect([...embedder.texts].sort()).toEqual(
      [
        'Style guide',
        'Style guide 3.2 Line length\nLines must not exceed 80 characters.',
        '3.2 Line length\nLines must not exceed 80 characters.',
        'A preface without a heading.',
      ].sort(),
    );
    expect(vectors.propositionIds).toEqual(['p1', 'p2']);
    expect([...vectors.propositions]).toEqual([
      '3.2 Line length\nLines must not exceed 80 characters.'.length,
      'A preface without a heading.'.length,
    ]);
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
    expect(embedder.langs).toHaveLength(4);
    expect(embedder.langOf('Date functions')).toBeUndefined();
    expect(embedder.langOf('SQLite date and time functions')).toBe('en');
    expect(embedder.langOf(`Overview\n${formats}`)).toBe('en');
    expect(embedder.langOf('Résumé\nLes fonctions de date et de temps.')).toBe('fr');
  });

  it('embeds texts of like length together, shortest first, and gives each vector back to its own text', async () => {
    const embedder = recordingEmbedder();
    const batches: number[] = [];
    const embed = embedder.embed;
    embedder.embed = (batch, opts) => (batches.push(batch.length), embed(batch, opts));
    // A long section beside short passages: in document order each batch held both, padded to the section.
    const propositions = Array.from({ length: 300 }, (_, i) => ({
      id: `p${i}`,
      headingPath: [],
      text: 'word '.repeat(1 + ((i * 37) % 50)).trim(),
    }));
    const vectors = await embedAll(
      embedder,
      'doc',
      {
        title: 'T',
        summary: '',
        sections: [{ id: 's1', embedded: true, headingPath: ['H'], text: 'long '.repeat(400) }],
        propositions,
      },
      { signal: new AbortController().signal, progress: () => {} },
    );
    const lengths = embedder.texts.map((text) => text.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(batches.length).toBeGreaterThan(1);
    expect(vectors.propositionIds).toEqual(propositions.map((p) => p.id));
    expect([...vectors.propositions]).toEqual(propositions.map((p) => p.text.length));
    expect([...vectors.sections]).toEqual([`H\n${'long '.repeat(400)}`.length]);
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
