/** English, the source of every message: the answer, the results and copying them as a prompt. */
import type { Message } from './translate';

export const enAnswer = {
  'page.one': 'p. {n}',
  'page.range': 'pp. {from}–{to}',
  'page.inFile': 'page {page} in the file',
  'page.inFileOf': 'page {page} of {count} in the file',

  'answer.label': 'Answer',
  'answer.heading': 'Answer',
  'answer.writtenHere': '· written on this device',
  'answer.stopped': ' · stopped',
  'answer.stop': 'Stop',
  'answer.extractiveKind': '· the best sentences of your documents, no model used',
  'answer.notCovered': 'The documents do not seem to cover this.',
  'answer.nothingFound':
    "Nothing relevant found for “{query}”. Your documents don't seem to cover it: try other words, or add a document that does.",
  'answer.weak':
    'Nothing in your documents answers “{query}” closely. Below are the nearest passages, which share words with it: check whether one is what you meant, or try other words.',
  'answer.uncovered': "Your documents don't seem to cover “{query}”. Try other words, or add a document that does.",
  'answer.failed': 'The answer could not be written: {message} The extractive answer is shown instead.',
  'answer.open': 'Open {source}',

  'results.askHeading': 'Ask your documents',
  'results.emptyHintBelow':
    'Add files below (“Choose files”, or drop them there), then type a question here. Carrel shows the documents, the sections and the exact sentences that answer — with page numbers — and works offline.',
  'results.emptyHintLeft':
    'Add files on the left (“Choose files”, or drop them there), then type a question here. Carrel shows the documents, the sections and the exact sentences that answer — with page numbers — and works offline.',
  'results.typeHint':
    'Type a question — for example “how do I read data from a file?”. Press {key} to search from anywhere.',
  'results.count': { one: '{count} result', other: '{count} results' },
  'results.near': { one: '{count} near match, none close,', other: '{count} near matches, none close,' },
  'results.took': '{results} in {ms} ms',
  'result.openBest': 'Open the original at the best passage',
  'result.readByOcr': 'read by OCR, {confidence}% sure',
  'result.maybeMisread': ' (some words may be misread)',
  'result.ocrTitle': 'This text was read from a scan by OCR and may hold misread words',
  'result.alsoIn': 'Also in',
  'result.openPassage': 'Open the original at this passage',
  'result.fewer': 'Fewer passages',
  'result.more': { one: '{count} more passage', other: '{count} more passages' },
  'result.similarity': 'similarity {value}',
  'result.keywordScore': 'keyword score {value}',
  'result.scoreTitle':
    'How close in meaning the best passage is to your question: from 0, unrelated, to 1, the same meaning. The keyword score counts your words in it, rare words more.',
  'result.details': 'Details',
  'result.scoresCaption':
    'How this result was ranked. Similarity: closeness in meaning to your question (0 to 1). BM25: a keyword score, higher when your words appear more often, rare words counting more. Fused: the two combined, which sets the order.',
  'result.stage': 'Stage',
  'result.similarityColumn': 'Similarity',
  'result.fused': 'Fused',
  'result.document': 'Document',
  'result.section': 'Section',
  'result.passage': 'Passage {n}',

  'copy.budget': 'Budget',
  'copy.budgetLabel': 'Token budget for the copied context',
  'copy.large': '4,000 tokens (~3,000 words)',
  'copy.small': '2,000 tokens (small models)',
  'copy.button': 'Copy as prompt',
  'copy.what': 'What is this?',
  'copy.help':
    'Copy as prompt puts the best passages, each with its source, on the clipboard, ready to paste with your question into a chat assistant of your choice. The budget caps how much text is copied; pick the smaller one for assistants that read less.',
  'copy.assembling': 'Assembling…',
  'copy.copied': 'Copied {passages} ({tokens}).',
  'copy.passages': { one: '{count} cited passage', other: '{count} cited passages' },
  'copy.tokens': { one: '{count} token', other: '{count} tokens' },
} satisfies Record<string, Message>;
