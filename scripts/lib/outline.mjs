/** The readable form of `npm run chunk`: the three levels as an outline, then size histograms against the targets. */
import { histogram } from './histogram.mjs';

/** DESIGN §4 sizes, in tokens of the model's tokenizer. */
export const SECTION_TARGET = { low: 200, high: 400, min: 150, max: 500 };
export const PROPOSITION_TARGET = { low: 50, high: 150, min: 30, max: 200 };

const pageRange = (pages) => (pages.length ? ` · p.${pages[0]}${pages.length > 1 ? `–${pages.at(-1)}` : ''}` : '');

function countBy(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}

/** One line per section, indented by heading depth; a section continuing the previous one's path says so. */
function sectionLines(sections) {
  let previous = '';
  return sections.map((s) => {
    const path = s.headingPath.join(' › ');
    const name = path === previous ? '(continued)' : (s.headingPath.at(-1) ?? '(no heading)');
    previous = path;
    const indent = '  '.repeat(Math.max(1, s.headingPath.length));
    return `${indent}§ ${name}  [${s.tokens} tokens · ${s.propositions.length} propositions${pageRange(s.pages)}]`;
  });
}

/** Prints the outline and histograms of a chunk report (the harness's ChunkReport) made in chunk `mode`. */
export function printOutline(report, mode = 'three-level', print = console.log) {
  const propositions = report.sections.flatMap((s) => s.propositions);
  print(
    `Document: ${report.title}  [${report.tokens} tokens${report.pageCount ? ` · ${report.pageCount} pages` : ''} · counted by ${report.tokenizer}]`,
  );
  print(`  keywords: ${report.keywords.join(', ')}`);
  print(`  summary: ${report.summary}`);
  print(
    `Mode ${mode} · Sections: ${report.sections.length} · Propositions: ${propositions.length} (${countBy(propositions.map((p) => p.type))})`,
  );
  print('');
  for (const line of sectionLines(report.sections)) print(line);
  print('');
  print(
    histogram(
      'Section tokens',
      report.sections.map((s) => s.tokens),
      SECTION_TARGET,
    ),
  );
  print('');
  print(
    histogram(
      'Proposition tokens',
      propositions.map((p) => p.tokens),
      PROPOSITION_TARGET,
    ),
  );
}
