import { describe, expect, it } from 'vitest';
import { codeSpans, splitCode } from './code';

const code = (text: string) => codeSpans(text).map(({ start, end }) => text.slice(start, end));

describe('codeSpans', () => {
  it('finds commands after a prompt, as one block with their line breaks', () => {
    const text = 'Make a working directory:\n$ mkdir work\n$ cd work\nThen start the program.\n> q()';
    expect(code(text)).toEqual(['$ mkdir work\n$ cd work', '> q()']);
  });

  it('finds a call inside a sentence, and leaves prose, plurals and one-letter maths alone', () => {
    expect(code('To quit the program, type q() at the prompt, or help(solve) for help.')).toEqual([
      'q()',
      'help(solve)',
    ]);
    expect(code('Join them with path.join(dir, name) first.')).toEqual(['path.join(dir, name)']);
    expect(code('The document(s) list the item(s) taking time T(n) = O(n2) for f(x).')).toEqual([]);
    expect(code('Use $(command) instead of backticks; prefer "${var}" over "$var".')).toEqual(['$(command)', '${var}']);
    expect(code('Indent 2 spaces. No tabs (see below) are used; the rest is {mostly} prose.')).toEqual([]);
  });

  it('finds lines that are statements: assignments, shell keywords, braces, substitutions', () => {
    const text = [
      'Keep variables local:',
      '  local name="${1}"',
      '  x <- c(1, 2, 3)',
      'if [[ -z "${dir}" ]]; then',
      '  echo "$(date)"',
      'fi',
      'Prose closes here.',
    ].join('\n');
    expect(code(text)).toEqual([
      'local name="${1}"\n  x <- c(1, 2, 3)\nif [[ -z "${dir}" ]]; then\n  echo "$(date)"\nfi',
    ]);
  });
});

describe('splitCode', () => {
  it('cuts text into prose and code that join back to it', () => {
    const text = 'Type q() to quit.';
    expect(splitCode(text)).toEqual([
      { text: 'Type ', code: false },
      { text: 'q()', code: true },
      { text: ' to quit.', code: false },
    ]);
    expect(splitCode('plain')).toEqual([{ text: 'plain', code: false }]);
  });
});
