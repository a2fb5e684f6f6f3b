/** French: the answer, the results and copying them as a prompt. */
import type { CataloguePart } from './en';
import type { enAnswer } from './en-answer';

export const frAnswer: CataloguePart<typeof enAnswer> = {
  'page.one': 'p. {n}',
  'page.range': 'p. {from}–{to}',
  'page.inFile': 'page {page} du fichier',
  'page.inFileOf': 'page {page} sur {count} du fichier',

  'answer.label': 'Réponse',
  'answer.heading': 'Réponse',
  'answer.writtenHere': '· rédigée sur cet appareil',
  'answer.stopped': ' · interrompue',
  'answer.stop': 'Arrêter',
  'answer.extractiveKind': '· les meilleures phrases de vos documents, sans modèle',
  'answer.notCovered': 'Les documents ne semblent pas traiter ce sujet.',
  'answer.nothingFound':
    'Rien de pertinent pour « {query} ». Vos documents ne semblent pas en parler : essayez d’autres mots, ou ajoutez un document qui en parle.',
  'answer.weak':
    'Rien dans vos documents ne répond précisément à « {query} ». Voici les passages les plus proches, qui partagent des mots avec la question : vérifiez si l’un d’eux correspond, ou essayez d’autres mots.',
  'answer.uncovered':
    'Vos documents ne semblent pas traiter « {query} ». Essayez d’autres mots, ou ajoutez un document qui en parle.',
  'answer.failed': 'La réponse n’a pas pu être rédigée : {message} La réponse extraite est affichée à la place.',
  'answer.open': 'Ouvrir {source}',

  'results.askHeading': 'Interrogez vos documents',
  'results.emptyHintBelow':
    'Ajoutez des fichiers ci-dessous (« Choisir des fichiers », ou déposez-les là), puis posez une question ici. Carrel montre les documents, les sections et les phrases exactes qui répondent – avec les numéros de page – et fonctionne hors ligne.',
  'results.emptyHintLeft':
    'Ajoutez des fichiers à gauche (« Choisir des fichiers », ou déposez-les là), puis posez une question ici. Carrel montre les documents, les sections et les phrases exactes qui répondent – avec les numéros de page – et fonctionne hors ligne.',
  'results.typeHint':
    'Posez une question – par exemple « comment lire les données d’un fichier ? ». Appuyez sur {key} pour rechercher depuis n’importe où.',
  'results.count': { one: '{count} résultat', other: '{count} résultats' },
  'results.near': {
    one: '{count} résultat approchant, aucun proche,',
    other: '{count} résultats approchants, aucun proche,',
  },
  'results.took': '{results} en {ms} ms',
  'result.openBest': 'Ouvrir l’original au meilleur passage',
  'result.readByOcr': 'lu par OCR, fiable à {confidence} %',
  'result.maybeMisread': ' (certains mots peut-être mal lus)',
  'result.ocrTitle': 'Ce texte a été lu dans un scan par OCR et peut contenir des mots mal lus',
  'result.alsoIn': 'Aussi dans',
  'result.openPassage': 'Ouvrir l’original à ce passage',
  'result.fewer': 'Moins de passages',
  'result.more': { one: '{count} passage de plus', other: '{count} passages de plus' },
  'result.similarity': 'similarité {value}',
  'result.keywordScore': 'score mots-clés {value}',
  'result.scoreTitle':
    'À quel point le meilleur passage est proche du sens de votre question : de 0, sans rapport, à 1, le même sens. Le score mots-clés compte vos mots dans le passage, les mots rares davantage.',
  'result.details': 'Détails',
  'result.scoresCaption':
    'Comment ce résultat a été classé. Similarité : proximité de sens avec votre question (0 à 1). BM25 : un score de mots-clés, plus élevé quand vos mots reviennent souvent, les mots rares comptant davantage. Combiné : les deux ensemble, qui fixe l’ordre.',
  'result.stage': 'Étape',
  'result.similarityColumn': 'Similarité',
  'result.fused': 'Combiné',
  'result.document': 'Document',
  'result.section': 'Section',
  'result.passage': 'Passage {n}',

  'copy.budget': 'Budget',
  'copy.budgetLabel': 'Budget de tokens pour le contexte copié',
  'copy.large': '4 000 tokens (~3 000 mots)',
  'copy.small': '2 000 tokens (petits modèles)',
  'copy.button': 'Copier comme prompt',
  'copy.what': 'Qu’est-ce que c’est ?',
  'copy.help':
    '« Copier comme prompt » place les meilleurs passages, chacun avec sa source, dans le presse-papiers, prêts à être collés avec votre question dans l’assistant conversationnel de votre choix. Le budget limite la quantité de texte copiée ; choisissez le plus petit pour les assistants qui lisent moins.',
  'copy.assembling': 'Assemblage…',
  'copy.copied': 'Copié : {passages} ({tokens}).',
  'copy.passages': { one: '{count} passage cité', other: '{count} passages cités' },
  'copy.tokens': { one: '{count} token', other: '{count} tokens' },
};
