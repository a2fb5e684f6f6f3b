import { describe, expect, it } from 'vitest';
import type { PropositionHit, ResultHit } from '../../common/types';
import { extractAnswer, quotedPassage } from './answer-extract';

function passage(id: string, text: string, start: number): PropositionHit {
  return { id, text, pages: [2], start, end: start + text.length, type: 'fact', score: 1, scores: { fused: 1 } };
}

function hit(docId: string, sectionId: string, passages: PropositionHit[], headingPath = ['Notes']): ResultHit {
  return {
    docId,
    docName: `${docId}.md`,
    docTitle: docId,
    sectionId,
    headingPath,
    pages: [2],
    score: 1,
    docScores: { fused: 1 },
    sectionScores: { fused: 1 },
    propositions: passages,
  };
}

describe('extractAnswer', () => {
  const clinic = hit('clinic', 's1', [
    passage(
      'p1',
      'The physician prescribed antibiotics to treat the bacterial infection. The course lasts ten days.',
      100,
    ),
    passage('p2', 'Tomatoes grow best in full sun.', 300),
  ]);
  const travel = hit('travel', 's2', [passage('p3', 'Trains arrive at the central station at noon.', 50)]);

  it('picks the sentence sharing most of the question, cited to its passage', () => {
    const answer = extractAnswer('what did the physician prescribe for the infection', [clinic, travel]);
    expect(answer.sentences[0]).toEqual({
      text: 'The physician prescribed antibiotics to treat the bacterial infection.',
      source: 1,
    });
    expect(answer.sources[0]!.passage.id).toBe('p1');
    expect(answer.sources[0]!.hit.docId).toBe('clinic');
    // Unrelated sentences score below half the best and are left out.
    expect(answer.sentences.map((s) => s.text)).not.toContain('Tomatoes grow best in full sun.');
  });

  it('keeps at most three sentences, in document order, numbering sources in that order', () => {
    const a = hit('a', 'sa', [
      passage('a2', 'Copper wire conducts heat well.', 500),
      passage('a1', 'Copper wire conducts electricity.', 10),
    ]);
    const b = hit('b', 'sb', [passage('b1', 'Copper wire is cheap. Copper wire bends.', 0)]);
    const answer = extractAnswer('copper wire', [a, b]);
    expect(answer.sentences).toHaveLength(3);
    // Document a first (it ranked first), in position order; then document b.
    expect(answer.sentences.map((s) => s.text)).toEqual([
      'Copper wire conducts electricity.',
      'Copper wire conducts heat well.',
      'Copper wire is cheap.',
    ]);
    expect(answer.sentences.map((s) => s.source)).toEqual([1, 2, 3]);
    expect(answer.sources.map((s) => s.passage.id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('cites one passage once when two of its sentences are used', () => {
    const answer = extractAnswer('physician antibiotics course ten days', [clinic]);
    expect(answer.sentences.map((s) => s.source)).toEqual([1, 1]);
    expect(answer.sources).toHaveLength(1);
  });

  it('opens a marker on the sentences it quotes from the passage, not the whole passage', () => {
    const cell = hit('cell', 's9', [
      passage(
        'c1',
        '12 | 0003355778 14 | 0022446688. A cell is the smallest unit of life. Cells divide by mitosis.',
        1000,
      ),
    ]);
    const answer = extractAnswer('what is a cell', [cell]);
    const quoted = answer.sentences.filter((s) => s.source === 1).map((s) => s.text);
    const marked = quotedPassage(answer.sources[0]!);
    // From the first sentence it quotes to the last, with the document offsets of that text.
    expect(marked.text.startsWith(quoted[0]!)).toBe(true);
    expect(marked.text.endsWith(quoted.at(-1)!)).toBe(true);
    expect(marked.text).not.toContain('0003355778');
    const full = answer.sources[0]!.passage;
    expect(full.text.slice(marked.start - full.start, marked.end - full.start)).toBe(marked.text);
    expect(marked.pages).toEqual(full.pages);
    // Two quoted sentences of one passage: one span over both.
    const both = extractAnswer('physician antibiotics course ten days', [clinic]);
    expect(quotedPassage(both.sources[0]!).text).toBe(clinic.propositions[0]!.text);
    // A generated answer's source (no quoted span) opens the whole passage.
    expect(quotedPassage({ n: 1, hit: clinic, passage: clinic.propositions[0]! })).toBe(clinic.propositions[0]);
  });

  it('is empty when search found nothing relevant', () => {
    expect(extractAnswer('anything', [])).toEqual({ sentences: [], sources: [] });
  });

  it('answers a paraphrase through the words the search looked for in its stead', () => {
    const answer = extractAnswer('doctor gave medicine for the sickness', [clinic, travel], ['physician']);
    expect(answer.sentences[0]!.text).toContain('physician prescribed antibiotics');
  });

  it('mixes in another document only when it answers as well (a near tie), not a neighbour of the topic', () => {
    const ward = hit('ward', 'w1', [passage('w1p', 'The physician may prescribe rest for a mild infection.', 0)]);
    const answer = extractAnswer('what did the physician prescribe for the infection', [clinic, ward]);
    expect(answer.sources.map((s) => s.hit.docId)).toEqual(['clinic']);
  });

  it('mixes in no document of another language, though it answers as well', () => {
    const twin = (lang?: string) => ({
      ...hit('records', 'r1', [
        passage('r1p', 'The physician prescribed antibiotics to treat the bacterial infection on Monday.', 0),
      ]),
      ...(lang ? { lang } : {}),
    });
    const same = extractAnswer('what did the physician prescribe for the infection', [clinic, twin()]);
    expect(same.sources.map((s) => s.hit.docId)).toEqual(['clinic', 'records']);
    const other = extractAnswer('what did the physician prescribe for the infection', [clinic, twin('de')]);
    expect(other.sources.map((s) => s.hit.docId)).toEqual(['clinic']);
  });

  it('quotes nothing when no sentence shares a word with the question, rather than a loose one', () => {
    expect(extractAnswer('doctor gave medicine for the sickness', [clinic, travel]).sentences).toEqual([]);
    const ticks = hit('log', 'l1', [passage('t1', '✓ ✓ ✓ 12 34 56. -- -- 7 8 9.', 0)]);
    expect(extractAnswer('when is the next train to the coast', [ticks]).sentences).toEqual([]);
  });

  it('quotes the best sentence that shares a word, though one that shares none scores higher by its kind and rank', () => {
    // "Run…" is an instruction in the first result: the bonus for a "how do I" answer and the first
    // place's nudge lift it over the one sentence that holds a word of the question.
    const setup = hit('setup', 'st', [passage('st1', 'Run the setup program first.', 0)]);
    const printing = hit('printing', 'pr', [passage('pr1', 'Old machines print slowly.', 0)]);
    const trains = hit('trains', 'tr', [passage('tr1', 'Trains leave at noon.', 0)]);
    const answer = extractAnswer('how do I print my drawing in colour at home', [setup, printing, trains]);
    expect(answer.sentences.map((s) => s.text)).toEqual(['Old machines print slowly.']);
    expect(answer.sources[0]!.hit.docId).toBe('printing');
  });

  it("opens with the best sentence's document, though another document ranked above it", () => {
    const history = hit('history', 'h1', [
      passage('h1p', 'The old bridge was a wooden one. Boats passed under it.', 0),
    ]);
    const city = hit('city', 'c1', [
      passage('c1p', 'The stone bridge over the river opened in 1932 after six years of work.', 0),
    ]);
    const answer = extractAnswer('when did the stone bridge over the river open', [history, city]);
    expect(answer.sources[0]!.hit.docId).toBe('city');
    expect(answer.sentences[0]!.text).toContain('opened in 1932');
  });

  it('never takes a heading line, nor glues it to the sentence under it', () => {
    const guide = hit(
      'guide',
      'indent',
      [passage('g1', 'Formatting rules follow.\n\nIndentation\n\nIndent 2 spaces. No tabs.', 0)],
      ['Shell Style Guide', 'Formatting', 'Indentation'],
    );
    const texts = extractAnswer('how should I indent', [guide]).sentences.map((s) => s.text);
    expect(texts).toContain('Indent 2 spaces.');
    expect(texts.some((t) => /^Indentation\b/.test(t))).toBe(false);
  });

  it("finds a German question's word as the last part of a compound in the sentence", () => {
    const sections = [
      { ...hit('pakete', 'k1', [passage('k1p', 'Der Text der Pakete ist kurz und klar.', 0)]), lang: 'de' },
      {
        ...hit('regeln', 'k2', [
          passage('k2p', 'Verwenden Sie den Text transitional dummy package in der Kurzbeschreibung.', 0),
        ]),
        lang: 'de',
      },
    ];
    const answer = extractAnswer('Welcher Text gehört in die Beschreibung?', sections);
    expect(answer.sentences[0]!.text).toContain('Kurzbeschreibung');
  });

  it("opens on the best sentence's section, though another section of its document comes first in the text", () => {
    const naming = hit(
      'guide',
      'naming',
      [
        passage(
          'n1',
          'Variable names are lower case, with underscores between words. Loop variables are named like any other variable.',
          900,
        ),
      ],
      ['Guide', 'Naming'],
    );
    const shell = hit(
      'guide',
      'shell',
      [
        passage(
          's1',
          'Bash is the only shell language allowed for scripts. Other shells are not installed everywhere.',
          100,
        ),
      ],
      ['Guide', 'Which Shell'],
    );
    const texts = extractAnswer('how should I name variables in shell scripts', [naming, shell]).sentences.map(
      (s) => s.text,
    );
    expect(texts).toEqual([
      'Variable names are lower case, with underscores between words.',
      'Loop variables are named like any other variable.',
      'Bash is the only shell language allowed for scripts.',
    ]);
  });

  it('never quotes a question: an FAQ passage that runs on into the next question', () => {
    const faq = hit('faq', 'q1', [
      passage(
        'f1',
        'Use the screenshot filter and press s to take a screenshot.\nHow can I use dmix with the player?\nSet the audio output to alsa.',
        0,
      ),
    ]);
    const texts = extractAnswer('how can I take a screenshot with the player', [faq]).sentences.map((s) => s.text);
    expect(texts).toContain('Use the screenshot filter and press s to take a screenshot.');
    expect(texts.some((t) => t.endsWith('?'))).toBe(false);
  });

  it('never takes a comment block of code', () => {
    const script = hit('script', 'config', [
      passage(
        's1',
        '#######################################\n# Get configuration directory.\n# Globals:\n#   SOMEDIR\n#######################################\nget_dir() {\n  echo "${SOMEDIR}"\n}',
        0,
      ),
      passage('s2', 'The configuration directory is read from SOMEDIR when the script starts.', 400),
    ]);
    const texts = extractAnswer('how do I get the configuration directory', [script]).sentences.map((s) => s.text);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.join('\n')).not.toMatch(/#/);
  });

  it('leaves out a line of another section that merely shares one word', () => {
    const quit = hit(
      'manual',
      'using',
      [passage('m1', 'To quit the program, type q() at the prompt and press Enter.', 100)],
      ['Manual', 'Using it interactively'],
    );
    const appendix = hit(
      'manual',
      'sample',
      [passage('m2', 'The points should now look more evenly spaced over the disc, so clean up the program.', 9000)],
      ['Manual', 'A sample session'],
    );
    // The retriever ranked the appendix first: it still shares only "program" with the question.
    const texts = extractAnswer('how do I quit the program', [appendix, quit]).sentences.map((s) => s.text);
    expect(texts).toEqual(['To quit the program, type q() at the prompt and press Enter.']);
  });

  it('prefers the sentence that holds what the question asks for: a year for "when"', () => {
    const history = ['Early', 'Later', 'Meanwhile', 'Finally'].map((opening, i) =>
      hit(`h${i}`, `s${i}`, [
        passage(
          `p${i}`,
          i === 3
            ? 'The bridge over the river was opened to traffic in 1932.'
            : `${opening}, the bridge over the river was opened to traffic by the town council.`,
          0,
        ),
      ]),
    );
    const texts = extractAnswer('when was the bridge over the river opened', history).sentences.map((s) => s.text);
    expect(texts).toContain('The bridge over the river was opened to traffic in 1932.');
  });

  it('prefers an instruction for "how do I": the sentence that opens with the verb asked about', () => {
    const guide = ['Tabs', 'Editors', 'Fonts', 'Spaces'].map((heading, i) =>
      hit(`d${i}`, `s${i}`, [
        passage(
          `q${i}`,
          i === 3
            ? 'Indent code by 2 spaces.'
            : `Many editors indent code in their own way, as ${heading.toLowerCase()} show.`,
          0,
        ),
      ]),
    );
    const answer = extractAnswer('how do I indent code', guide);
    expect(answer.sentences.map((s) => s.text)).toContain('Indent code by 2 spaces.');
  });

  it('keeps the sentence that goes on from the best one by a reference to it ("This is…")', () => {
    const notes = hit('algebra', 'order', [
      passage(
        'z1',
        "Every chain of a partially ordered set has an upper bound in the set. This is known as Zorn's lemma. Proofs vary.",
        0,
      ),
    ]);
    const texts = extractAnswer(
      'what name is given to the claim that every chain of an ordered set has an upper bound',
      [notes],
    ).sentences.map((s) => s.text);
    expect(texts).toEqual([
      'Every chain of a partially ordered set has an upper bound in the set.',
      "This is known as Zorn's lemma.",
    ]);
  });

  it('shows the sentence before a best one that opens on a reference to it, which says what "it" is', () => {
    const union = hit('union', 'council', [
      passage('c1', 'The bank council gathers the heads of government. It appoints the board of the central bank.', 0),
    ]);
    const texts = extractAnswer('who appoints the board of the central bank', [union]).sentences.map((s) => s.text);
    expect(texts).toEqual([
      'The bank council gathers the heads of government.',
      'It appoints the board of the central bank.',
    ]);
  });

  it('never opens on that sentence when it shares no word with the question', () => {
    const union = hit('union', 'council', [
      passage('c1', 'The council gathers the heads of government. It appoints the board of the central bank.', 0),
    ]);
    const texts = extractAnswer('who appoints the board of the central bank', [union]).sentences.map((s) => s.text);
    expect(texts).toEqual(['It appoints the board of the central bank.']);
  });

  it('reads German and French questions: the sentences sharing their words', () => {
    const usb = hit('usb', 'u1', [
      passage(
        'u1p',
        'Der Stick wird beim Einstecken erkannt. Führen Sie lsblk aus, um den Gerätenamen vom Stick zu sehen.',
        0,
      ),
    ]);
    expect(extractAnswer('Wie finde ich den Gerätenamen vom Stick heraus?', [usb]).sentences[0]!.text).toContain(
      'lsblk',
    );
    const memory = hit('memoire', 'm1', [
      passage('m1p', 'La mémoire vive de la machine est importante. La machine demande 780 Mo de mémoire vive.', 0),
    ]);
    const texts = extractAnswer('Combien de mémoire vive faut-il à la machine ?', [memory]).sentences.map(
      (s) => s.text,
    );
    expect(texts).toContain('La machine demande 780 Mo de mémoire vive.');
  });

  it('shows the sentence after the best one when there is room for it', () => {
    const lab = hit('lab', 'routing', [
      passage('r1', 'Davies developed a routing method at the laboratory. A nationwide network was his plan.', 0),
    ]);
    const texts = extractAnswer('what did Davies develop at the laboratory', [lab]).sentences.map((s) => s.text);
    expect(texts).toEqual([
      'Davies developed a routing method at the laboratory.',
      'A nationwide network was his plan.',
    ]);
  });

  it('never takes the context sentence across a heading', () => {
    const lab = hit('lab', 'routing', [
      passage('r1', 'Davies developed a routing method at the laboratory.\n\nFunding\n\nThe budget was cut.', 0),
    ]);
    const texts = extractAnswer('what did Davies develop at the laboratory', [lab]).sentences.map((s) => s.text);
    expect(texts).toEqual(['Davies developed a routing method at the laboratory.']);
  });
});
