/** German: the answer, the results and copying them as a prompt. */
import type { CataloguePart } from './en';
import type { enAnswer } from './en-answer';

export const deAnswer: CataloguePart<typeof enAnswer> = {
  'page.one': 'S. {n}',
  'page.range': 'S. {from}–{to}',
  'page.inFile': 'Seite {page} der Datei',
  'page.inFileOf': 'Seite {page} von {count} der Datei',

  'answer.label': 'Antwort',
  'answer.heading': 'Antwort',
  'answer.writtenHere': '· auf diesem Gerät geschrieben',
  'answer.stopped': ' · abgebrochen',
  'answer.stop': 'Stopp',
  'answer.extractiveKind': '· die besten Sätze Ihrer Dokumente, ohne Modell',
  'answer.notCovered': 'Die Dokumente scheinen das nicht zu behandeln.',
  'answer.nothingFound':
    'Nichts Passendes zu „{query}“ gefunden. Ihre Dokumente scheinen das nicht zu behandeln: Versuchen Sie andere Wörter oder fügen Sie ein Dokument hinzu, das es tut.',
  'answer.weak':
    'Nichts in Ihren Dokumenten beantwortet „{query}“ genau. Unten stehen die nächsten Passagen, die Wörter mit der Frage teilen: Prüfen Sie, ob eine davon gemeint ist, oder versuchen Sie andere Wörter.',
  'answer.uncovered':
    'Ihre Dokumente scheinen „{query}“ nicht zu behandeln. Versuchen Sie andere Wörter oder fügen Sie ein Dokument hinzu, das es tut.',
  'answer.failed':
    'Die Antwort konnte nicht geschrieben werden: {message} Stattdessen wird die extrahierte Antwort gezeigt.',
  'answer.open': '{source} öffnen',

  'results.askHeading': 'Fragen Sie Ihre Dokumente',
  'results.emptyHintBelow':
    'Fügen Sie unten Dateien hinzu („Dateien auswählen“ oder dorthin ziehen) und stellen Sie hier eine Frage. Carrel zeigt die Dokumente, die Abschnitte und genau die Sätze, die antworten – mit Seitenzahlen – und funktioniert offline.',
  'results.emptyHintLeft':
    'Fügen Sie links Dateien hinzu („Dateien auswählen“ oder dorthin ziehen) und stellen Sie hier eine Frage. Carrel zeigt die Dokumente, die Abschnitte und genau die Sätze, die antworten – mit Seitenzahlen – und funktioniert offline.',
  'results.typeHint':
    'Stellen Sie eine Frage – zum Beispiel „Wie lese ich Daten aus einer Datei?“. Drücken Sie {key}, um von überall zu suchen.',
  'results.count': { one: '{count} Ergebnis', other: '{count} Ergebnisse' },
  'results.near': {
    one: '{count} entfernter Treffer, keiner nah,',
    other: '{count} entfernte Treffer, keiner nah,',
  },
  'results.took': '{results} in {ms} ms',
  'result.openBest': 'Original an der besten Passage öffnen',
  'result.readByOcr': 'per OCR gelesen, zu {confidence} % sicher',
  'result.maybeMisread': ' (manche Wörter vielleicht falsch gelesen)',
  'result.ocrTitle': 'Dieser Text wurde per OCR aus einem Scan gelesen und kann falsch gelesene Wörter enthalten',
  'result.alsoIn': 'Auch in',
  'result.openPassage': 'Original an dieser Passage öffnen',
  'result.fewer': 'Weniger Passagen',
  'result.more': { one: '{count} weitere Passage', other: '{count} weitere Passagen' },
  'result.similarity': 'Ähnlichkeit {value}',
  'result.keywordScore': 'Stichwortwert {value}',
  'result.scoreTitle':
    'Wie nah die beste Passage Ihrer Frage inhaltlich ist: von 0, ohne Bezug, bis 1, dieselbe Bedeutung. Der Stichwortwert zählt Ihre Wörter darin, seltene Wörter mehr.',
  'result.details': 'Details',
  'result.scoresCaption':
    'Wie dieses Ergebnis eingestuft wurde. Ähnlichkeit: inhaltliche Nähe zu Ihrer Frage (0 bis 1). BM25: ein Stichwortwert, höher, je öfter Ihre Wörter vorkommen, seltene Wörter zählen mehr. Kombiniert: beides zusammen, bestimmt die Reihenfolge.',
  'result.stage': 'Stufe',
  'result.similarityColumn': 'Ähnlichkeit',
  'result.fused': 'Kombiniert',
  'result.document': 'Dokument',
  'result.section': 'Abschnitt',
  'result.passage': 'Passage {n}',

  'copy.budget': 'Umfang',
  'copy.budgetLabel': 'Token-Budget für den kopierten Kontext',
  'copy.large': '4.000 Tokens (~3.000 Wörter)',
  'copy.small': '2.000 Tokens (kleine Modelle)',
  'copy.button': 'Als Prompt kopieren',
  'copy.what': 'Was ist das?',
  'copy.help':
    '„Als Prompt kopieren“ legt die besten Passagen, jede mit ihrer Quelle, in die Zwischenablage – bereit, sie mit Ihrer Frage in einen Chat-Assistenten Ihrer Wahl einzufügen. Der Umfang begrenzt, wie viel Text kopiert wird; wählen Sie den kleineren für Assistenten, die weniger lesen.',
  'copy.assembling': 'Wird zusammengestellt …',
  'copy.copied': '{passages} kopiert ({tokens}).',
  'copy.passages': { one: '{count} zitierte Passage', other: '{count} zitierte Passagen' },
  'copy.tokens': { one: '{count} Token', other: '{count} Tokens' },
};
