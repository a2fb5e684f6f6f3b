// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseMan } from './man-page.mjs';
import { NEVER_TRAIN, refuseNeverTrain, SOURCES } from './mine-pairs.mjs';

describe('mining training pairs', () => {
  it('refuses every package of the evaluation sets, the unseen checks and the held-out set', () => {
    for (const pkg of [
      'python3.11-doc',
      'postgresql-doc-15',
      'nodejs-doc',
      'r-doc-html',
      'bash',
      'bash-doc',
      'gnuplot-doc',
      'debian-reference-en',
      'debian-reference-fr',
      'manpages-de',
      'manpages-fr-dev',
      'octave-doc',
      'debian-handbook',
      'ghostscript-doc',
      'git',
      'git-doc',
      'sqlite3-doc',
      'rsync',
      'tmux',
    ]) {
      expect(() => refuseNeverTrain(pkg), pkg).toThrow(/never-train/);
    }
    expect(() => refuseNeverTrain('coreutils')).not.toThrow();
  });

  it('takes no source from the never-train list', () => {
    for (const { pkg } of SOURCES as { pkg: string }[]) expect(() => refuseNeverTrain(pkg), pkg).not.toThrow();
  });

  it('refuses the manual pages of those programs wherever they turn up', () => {
    for (const file of [
      'bash.1.gz',
      'git-stash.1.gz',
      'gs.1.gz',
      'gnuplot.1.gz',
      'tmux.1.gz',
      'rsync.1.gz',
      'sqlite3.1.gz',
    ])
      expect(NEVER_TRAIN.files.test(file), file).toBe(true);
    expect(NEVER_TRAIN.files.test('ls.1.gz')).toBe(false);
  });

  it('reads a roff manual page into its NAME description, sections and tagged options', () => {
    const page = [
      '.TH LS 1',
      '.SH NAME',
      'ls \\- list directory contents',
      '.SH DESCRIPTION',
      '.PP',
      'List information about the \\fBFILE\\fRs.',
      '.TP',
      '\\fB\\-a\\fR, \\fB\\-\\-all\\fR',
      'do not ignore entries starting with .',
      '.SS "Exit status"',
      'Zero if OK.',
    ].join('\n');
    const { desc, sections } = parseMan(page);
    expect(desc).toBe('list directory contents');
    const description = sections.find((s) => s.title === 'DESCRIPTION');
    expect(description?.subsections[0]?.paragraphs).toEqual([
      { text: 'List information about the FILEs.', tagged: false },
      { text: '-a, --all', tagged: true },
      { text: 'do not ignore entries starting with .', tagged: true },
    ]);
    expect(description?.subsections[1]).toEqual({
      title: 'Exit status',
      paragraphs: [{ text: 'Zero if OK.', tagged: false }],
    });
  });
});
