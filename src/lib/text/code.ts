/**
 * Where a passage's text is code, so it can be shown monospaced with its whitespace. A stored
 * passage is plain text (DESIGN §4): the fences and tags that said "code" are gone, and a PDF never
 * had them. So code is told by its shape, the same for every format:
 * - a whole line: a command after a prompt (`$ cd work`, `> q()`, `>>> import os`), a line that is
 *   one call or assignment (`plot(x, y)`, `x <- c(1, 2)`, `FOO=bar`), a statement ending in `;`,
 *   `{` or `}`, a shell keyword line (`if [[ … ]]; then`, `fi`, `done`), or one holding `$(`, `${` or
 *   `[[` that does not read as a sentence;
 * - inside a sentence: a call (`q()`, `help(solve)`, `path.join(a, b)`) or a substitution (`$(date)`, `${var}`).
 * Plurals written "word(s)" and one-letter maths ("T(n)", "f(x)") stay prose.
 */
import type { Span } from '../../../common/text/sentences';

const PROMPT = /^(?:\$|>|>>>|\.\.\.|R>|#>|PS>)\s+\S/;
const IDENTIFIER = String.raw`[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*`;
const ARGUMENTS = String.raw`\((?:[^()\n]|\([^()\n]*\))*\)`;
/** A line that is one call, or one assignment, with nothing after but a `;`. */
const CALL_LINE = new RegExp(String.raw`^${IDENTIFIER}${ARGUMENTS}\s*;?$`);
const ASSIGNMENT = new RegExp(
  String.raw`^(?:(?:const|let|var|local|export|readonly|declare)\s+)?${IDENTIFIER}(?:\[[^\]\n]*\])?(?:\s*(?:<-|:=|\+=|-=)\s*|=(?!=)|\s+=\s+)\S`,
);
const STATEMENT_END = /(?:;|\{|\}|\\)$|^\}/;
const SHELL = /^(?:if \[|for \w+ in\b|while \[|case \S+ in$|function \w+\s*(?:\(|\{)|fi$|done$|esac$|then$|do$|else$)/;
/** Substitutions and tests of the shell: code, but a sentence may name them too. */
const SHELL_CONSTRUCT = /\$\(|\$\{|\[\[ /;
/**
 * What reads as a sentence, whatever symbols it holds: four words in a row with single spaces, three
 * lower-case ones, or a full stop after a word at its end ("Use $(command) instead of backticks.").
 */
const PROSE = /(?:\b[A-Za-z]+,? ){3}[A-Za-z]+\b|\b[a-z]+ [a-z]+ [a-z]+\b|\s\S*[\p{L}"')]\.$/u;
/**
 * Inside prose: a call, a name of two or more characters (or any name with nothing passed) then its
 * arguments; or a shell substitution, `$(command)` or `${var}`.
 */
const INLINE_CODE = new RegExp(String.raw`(?<![\w.$])${IDENTIFIER}${ARGUMENTS}|\$\([^()\n]*\)|\$\{[^{}\n]*\}`, 'g');
/** "word(s)", "item(es)", "a(n)": plurals and articles, not calls. */
const NOT_A_CALL = /^[A-Za-z]+\((?:s|es|n|ies)\)$/i;

/** Whether one line, trimmed, is code by its shape. */
function isCodeLine(line: string): boolean {
  if (!line) return false;
  if (PROMPT.test(line) || CALL_LINE.test(line) || SHELL.test(line)) return true;
  if (PROSE.test(line)) return false;
  return SHELL_CONSTRUCT.test(line) || (STATEMENT_END.test(line) && /[=(){}[\]]/.test(line)) || ASSIGNMENT.test(line);
}

function isCall(match: string): boolean {
  if (match.startsWith('$')) return true;
  if (NOT_A_CALL.test(match)) return false;
  const open = match.indexOf('(');
  // One-letter maths ("T(n)", "f(x)"): a one-character name with arguments.
  return open > 1 || match.endsWith('()');
}

/** The code in `text`: whole code lines (without their indentation) and calls inside prose, in order. */
export function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    const lead = line.length - line.trimStart().length;
    if (isCodeLine(line.trim())) {
      const previous = spans.at(-1);
      // Consecutive code lines are one block, so the line break between them stays inside it.
      if (previous && text.slice(previous.end, start + lead).trim() === '')
        previous.end = start + line.trimEnd().length;
      else spans.push({ start: start + lead, end: start + line.trimEnd().length });
    } else {
      for (const match of line.matchAll(INLINE_CODE))
        if (isCall(match[0])) spans.push({ start: start + match.index!, end: start + match.index! + match[0].length });
    }
    start = end + 1;
  }
  return spans;
}

export interface CodePart {
  text: string;
  code: boolean;
}

/** `text` cut into prose and code, in order; the parts join back to `text`. */
export function splitCode(text: string): CodePart[] {
  const parts: CodePart[] = [];
  let at = 0;
  for (const { start, end } of codeSpans(text)) {
    if (start > at) parts.push({ text: text.slice(at, start), code: false });
    parts.push({ text: text.slice(start, end), code: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), code: false });
  return parts;
}
