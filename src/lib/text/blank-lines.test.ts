import { describe, expect, it } from 'vitest';
import { withoutBlankLines } from './blank-lines';

describe('a passage shown without the blanks a contents list left', () => {
  it('makes a line of spaces an empty line, and empty lines in a row one', () => {
    const blanked = ' '.repeat(800);
    expect(withoutBlankLines(`Revision 2.02\n\nBy many authors.\n\n${blanked}\n\nBackground\n\nBash only.`)).toBe(
      'Revision 2.02\n\nBy many authors.\n\nBackground\n\nBash only.',
    );
    expect(withoutBlankLines(`${blanked}\n\nFirst words.\n\n   \n`)).toBe('First words.');
  });

  it("keeps a code line's indent and the spaces inside a line", () => {
    const code = 'for dir in ${dirs}; do\n    echo "${dir}"\ndone\n\nA  sentence  with  wide  gaps.';
    expect(withoutBlankLines(code)).toBe(code);
  });
});
