/** French: the settings dialog. */
import type { CataloguePart } from './en';
import type { enSettings } from './en-settings';

export const frSettings: CataloguePart<typeof enSettings> = {
  'settings.heading': 'Paramètres',
  'settings.close': 'Fermer',
  'settings.details': 'Détails',
  'settings.cancel': 'Annuler',
  'settings.download': 'Télécharger',
  'settings.resume': 'Reprendre',
  'settings.remove': 'Supprimer',
  'settings.save': 'Enregistrer',
  'settings.pause': 'Pause',
  'settings.working': 'En cours…',
  'settings.of': '{done} sur {total}',

  'interface.heading': 'Langue',
  'interface.label': 'Langue de l’interface',
  'interface.auto': 'Automatique (navigateur)',
  'interface.note': 'Les mots de Carrel lui-même. Vos documents et les réponses gardent leur propre langue.',
  'interface.ownLanguageOnly': 'Ne chercher que dans les passages en {language}',
  'interface.ownLanguageNote':
    'Laisse de côté les documents et passages dans d’autres langues. Désactivé : une question trouve aussi la réponse dans une autre langue.',

  'model.heading': 'Modèle',
  'model.intro':
    'Le modèle qui trouve les passages par leur sens, pas seulement par les mots saisis. Il tourne sur cet appareil, sur {device}. Passer à un autre modèle relit la bibliothèque en arrière-plan ; la recherche utilise le modèle actuel jusqu’à la fin.',
  'model.gpu': 'la carte graphique',
  'model.cpu': 'le processeur',
  'model.switching': 'Nouvelle vectorisation de la bibliothèque avec {model}…',
  'model.switchProgress': 'Nouvelle vectorisation de la bibliothèque avec {model} : {done} sur {documents}',
  'model.documents': { one: '{count} document', other: '{count} documents' },
  'model.customLabel': 'Un autre modèle, par son nom sur Hugging Face (propriétaire/nom)',
  'model.added': '{id} ajouté.',
  'model.mirrorLabel':
    'Télécharger les modèles depuis (laisser vide pour Hugging Face, la bibliothèque publique de modèles ; ou indiquer la copie de votre organisation)',
  'model.mirrorSaved': 'Les modèles viennent maintenant de {host}.',
  'model.builtinName': 'Modèle intégré',
  'model.inUse': 'Utilisé',
  'model.switchingChip': 'Changement…',
  'model.servedHere': 'Servi par ce site',
  'model.offline': 'Disponible hors ligne',
  'model.sizeDownload': '{size} à télécharger',
  'model.noDownload': 'aucun téléchargement',
  'model.sizeUnknown': 'taille inconnue',
  'model.weights.q8': 'poids int8',
  'model.weights.fp16': 'poids fp16 pour WebGPU',
  'model.weights.fp32': 'poids fp32 pour WebGPU',
  'model.dims': '{dims} dimensions (la longueur de la liste de nombres que devient chaque passage)',
  'model.quality':
    'Qualité mesurée : {quality}. nDCG@10 mesure à quel point les bons passages sont classés parmi les dix premiers, de 0 à 1 ; MTEB et MIRACL sont des jeux de test publics.',
  'model.about.builtin':
    'Fourni avec Carrel : il fonctionne tout de suite et hors ligne. Trouve les passages par vos mots et leurs proches parents, en anglais et dans six autres langues ; les modèles à télécharger ci-dessous comprennent mieux le sens.',
  'model.about.minilm':
    'Petit et rapide. Trouve les passages qui veulent dire ce que vous avez demandé, même en d’autres mots. Anglais seulement.',
  'model.about.bge':
    'Le meilleur de ceux-ci pour trouver le bon passage dans des documents en anglais, pour un téléchargement un peu plus lourd.',
  'model.about.e5':
    'Pour des documents et des questions en de nombreuses langues, et de l’une à l’autre (demandez en anglais, trouvez en français). Le plus gros téléchargement.',
  'model.about.custom': 'Un modèle que vous avez ajouté. Carrel n’a pas mesuré s’il trouve bien les passages.',
  'model.measured.builtin': 'SciFact nDCG@10 0,19 seul, 0,69 avec les mots-clés (mesuré ici)',
  'model.measured.minilm': 'SciFact nDCG@10 0,645 (MTEB)',
  'model.measured.bge': 'SciFact nDCG@10 ~0,72 ; moyenne MTEB en recherche 51,7',
  'model.measured.e5': 'moyenne MTEB en recherche 46,6 ; MIRACL multilingue nDCG@10 ~0,64',
  'model.measured.custom': 'non mesuré',
  'model.languagesMany': 'environ 100 langues',
  'model.languagesUnknown': 'langues inconnues',
  'model.interrupted': 'Téléchargement interrompu ; ce qui est arrivé est conservé.',
  'model.keep': 'Garder ce modèle',
  'model.use': 'Utiliser pour la recherche',
  'download.label': 'Téléchargement de {label}',
  'download.progress': '{percent} % · {done} sur {total}',
  'download.left': ' · encore {time}',

  'answers.heading': 'Réponses',
  'answers.intro':
    'Chaque question reçoit une réponse faite des meilleures phrases de vos documents, chacune avec sa source. Un modèle de langage peut aussi rédiger la réponse avec ses propres mots, sur cet appareil, en citant les mêmes passages. Dans les deux cas, rien ne quitte l’appareil.',
  'answers.browser.absent': 'Ce navigateur n’a pas de modèle à lui (seules certaines versions de Chrome en ont un).',
  'answers.browser.unavailable': 'Ce navigateur a son propre modèle, mais il ne peut pas tourner sur cet appareil.',
  'answers.browser.downloadable': 'Le navigateur peut télécharger son modèle quand vous le choisissez.',
  'answers.browser.downloading': 'Le navigateur télécharge son modèle.',
  'answers.browser.available': 'Le modèle du navigateur est prêt.',
  'answers.downloading': 'Téléchargement… {done}',
  'answers.downloadingOf': 'Téléchargement… {done} sur {total}',
  'answers.loading': 'Chargement du modèle…',
  'answers.none': 'Aucun modèle de langage : les réponses citent les meilleures phrases de vos documents.',
  'answers.usingBrowser': 'Le modèle intégré du navigateur est utilisé.',
  'answers.chooseNone': 'Aucun : citer mes documents',
  'answers.chooseBrowser': 'Modèle du navigateur',
  'answers.model': 'Modèle de langage',
  'answers.modelLabel': 'Modèle de réponse',
  'answers.pickModel': 'Choisir un modèle à télécharger',
  'answers.inUseTag': ' (utilisé)',
  'answers.notVerifiedTag': ' (non vérifié)',
  'answers.notVerified': 'Non vérifié',
  'answers.notVerifiedNote':
    'signifie que personne n’a encore essayé ce modèle dans Carrel : sa taille est une estimation, et il peut ne pas se charger ou mal répondre. Vous pouvez quand même l’essayer. S’il échoue, Carrel le dit et continue de citer vos documents ; choisissez « Aucun » ou un autre modèle.',
  'answers.custom': 'Ou le nom d’un modèle sur Hugging Face',
  'answers.use': 'Télécharger et utiliser',
  'answers.where':
    'Les modèles se téléchargent depuis l’adresse réglée plus haut sous {model} (Hugging Face, ou la copie de votre organisation). Un modèle plus grand rédige de meilleures réponses, mais télécharge davantage et répond plus lentement.',
  'answers.reads': '{label} ({id}) : lit jusqu’à {k}k tokens (un token fait environ ¾ d’un mot), licence {licence}',
  'answers.technical':
    '« Modèle du navigateur » est la Prompt API intégrée de Chrome. Les modèles téléchargés utilisent des poids sur 4 bits : q4f16 sur WebGPU avec shader-f16, q4 sur WASM. Les tailles sont des estimations ; cette liste n’a pas pu être vérifiée auprès du hub.',
  'answers.ready': '{label} est prêt et tourne sur {device}.',
  'answers.gpu': 'la carte graphique',
  'answers.cpu': 'le processeur',
  'answers.loadFailed':
    '{label} n’a pas pu être chargé : {message} Les réponses restent extraites : des phrases citées de vos documents.',
  'answers.cancelled':
    'Le téléchargement de {label} a été annulé ; ce qui est arrivé est conservé, et le choisir à nouveau reprend le téléchargement. Les réponses citent vos documents.',

  'storage.heading': 'Stockage',
  'storage.intro': 'La place que prennent vos documents sur cet appareil.',
  'storage.usage': '{used} utilisés sur {quota} pour vos documents : leurs originaux et leur index.',
  'storage.appFiles': 'L’application elle-même (programme et modèles) occupe encore {size}.',
  'storage.persistent':
    'Le stockage est persistant : le navigateur ne supprimera pas la bibliothèque pour faire de la place.',
  'storage.notPersistent': 'Le stockage n’est pas encore persistant.',
  'storage.risk':
    'Quand l’appareil manque de place, le navigateur peut supprimer la bibliothèque sans demander. « Garder ma bibliothèque » lui demande de ne pas le faire.',
  'storage.keep': 'Garder ma bibliothèque',
  'storage.granted': 'Le navigateur gardera la bibliothèque jusqu’à ce que vous la supprimiez.',
  'storage.declined':
    'Le navigateur a refusé pour l’instant ; il accepte souvent une fois le site installé ou davantage utilisé.',
  'storage.unknown': 'Ce navigateur n’indique pas combien de stockage il utilise.',

  'chunking.heading': 'Découpage',
  'chunking.intro':
    'Comment les documents sont découpés en morceaux que la recherche trouve et affiche. Le découpage recommandé convient à la plupart des documents. Les tailles comptent des morceaux de mots : un mot court en fait un, un mot long deux ou trois. Un changement relit chaque document depuis la copie gardée sur cet appareil.',
  'chunking.mode.three-level': 'Sections et phrases (recommandé)',
  'chunking.mode.paragraph': 'Paragraphes',
  'chunking.mode.full-doc': 'Document entier',
  'chunking.modeLabel': 'Mode',
  'chunking.separator': 'Séparateur',
  'chunking.sectionSize': 'Taille des sections',
  'chunking.passageSize': 'Taille des passages',
  'chunking.apply': 'Appliquer et réindexer',
  'chunking.paragraphs':
    'Les documents sont coupés partout où le séparateur ci-dessous apparaît (\\n\\n est une ligne vide) ; chaque phrase est cherchée, et affichée avec son paragraphe.',
  'chunking.ranges':
    'Tailles en morceaux de mots : sections de {sectionMin} à {sectionMax}, passages de {passageMin} à {passageMax} et au plus une demi-section.',
  'chunking.threeLevel':
    'Des sections de {sLow} à {sHigh} morceaux de mots (au plus {sMax} ; les voisines partagent {overlap} morceaux pour qu’aucune phrase ne soit coupée), coupées aux titres et aux changements de sujet ; dedans, des passages de {pLow} à {pHigh} morceaux de mots (au plus {pMax}), soit une phrase ou deux. Les deux sont cherchés.',
  'chunking.fullDoc':
    'Chaque document forme un seul morceau (coupé tous les {max} morceaux de mots) ; ses phrases sont cherchées.',
  'chunking.needSeparator': 'Saisissez un séparateur, par exemple \\n\\n pour une ligne vide.',
  'chunking.unchanged': 'Rien n’a changé.',
  'chunking.reindexing': {
    one: 'Réindexation de {count} document en arrière-plan. La recherche continue de fonctionner.',
    other: 'Réindexation de {count} documents en arrière-plan. La recherche continue de fonctionner.',
  },
  'chunking.saved': 'Enregistré. Les nouveaux documents seront découpés ainsi.',

  'ocr.heading': 'Langue de l’OCR',
  'ocr.intro':
    'Carrel lit les mots des pages scannées et des photos (c’est ce qu’on appelle l’OCR) sur cet appareil, en {language}. Choisissez la langue de vos scans ; l’anglais est fourni avec Carrel, les autres se téléchargent une fois.',
  'ocr.language': 'Langue',
  'ocr.source.builtin': 'intégrée',
  'ocr.source.downloaded': 'téléchargée dans ce navigateur',
  'ocr.source.site': 'servie par ce site',
  'ocr.source.missing': 'pas encore sur cet appareil',
  'ocr.cancel': 'Annuler le téléchargement',
  'ocr.downloadFrom': 'Télécharger depuis {host} et utiliser',
  'ocr.use': 'Utiliser',
  'ocr.remove': 'Supprimer le téléchargement',
  'ocr.chosen': 'Les pages scannées sont désormais lues en {language}. Les documents déjà ajoutés gardent leur texte.',

  'backup.heading': 'Sauvegarde',
  'backup.intro':
    'Enregistrez toute la bibliothèque (documents, passages, conversations) dans un seul fichier, pour la mettre à l’abri ou la passer sur un autre appareil ; ou importez un tel fichier. L’import n’ajoute que les documents qui ne sont pas encore là. Avec une phrase secrète, le fichier est chiffré : personne ne peut le lire sans elle, pas même Carrel, alors conservez-la.',
  'backup.passphrase': 'Phrase secrète (facultative)',
  'backup.export': 'Exporter la bibliothèque',
  'backup.import': 'Importer une sauvegarde',
  'backup.passphraseFor': 'Phrase secrète de {name}',
  'backup.decrypt': 'Déchiffrer et importer',
  'backup.exportedEncrypted': 'Bibliothèque exportée dans {name}, chiffrée avec votre phrase secrète.',
  'backup.exported': 'Bibliothèque exportée dans {name}.',
  'backup.imported': { one: '{count} document importé.', other: '{count} documents importés.' },
  'backup.already': {
    one: ' {count} était déjà dans la bibliothèque.',
    other: ' {count} étaient déjà dans la bibliothèque.',
  },
  'backup.encrypted': '{name} est chiffré : saisissez sa phrase secrète pour l’importer.',

  'sync.heading': 'Synchronisation',
  'sync.intro':
    'Gardez une seule bibliothèque sur tous vos appareils grâce à un serveur CouchDB que vous gérez (voir docs/sync.md). Les documents, leurs passages et vecteurs, les conversations et les paramètres sont chiffrés ici avec votre phrase secrète : le serveur ne voit que des noms aléatoires et des tailles. Utilisez le même serveur et la même phrase secrète sur chaque appareil.',
  'sync.url': 'URL de la base de données du serveur',
  'sync.passphrase': 'Phrase secrète',
  'sync.device': 'Nom de cet appareil',
  'sync.devicePlaceholder': 'Ordinateur portable',
  'sync.thisBrowser': 'Ce navigateur',
  'sync.resumeWithPassphrase': 'Reprendre avec la phrase secrète',
  'sync.remember':
    'Se souvenir sur cet appareil (après un rechargement, la synchronisation reprend sans la phrase secrète)',
  'sync.remembered':
    'La clé est conservée sur cet appareil : après un rechargement, la synchronisation reprend sans la phrase secrète.',
  'sync.forgetKey': 'Oublier la clé sur cet appareil',
  'sync.finishingSetup':
    'Carrel termine sa préparation hors ligne lors de cette première visite ; la synchronisation commence dès qu’elle est prête.',
  'sync.offlineSetupFailed':
    'Carrel n’a pas pu terminer sa préparation hors ligne : la synchronisation ne peut pas encore joindre le serveur. Rechargez la page, puis relancez la synchronisation.',
  'sync.start': 'Lancer la synchronisation',
  'sync.forget': 'Arrêter la synchronisation sur cet appareil',
  'sync.state.off': 'Synchronisation désactivée : rien ne quitte ce navigateur.',
  'sync.state.connecting': 'Connexion au serveur…',
  'sync.state.syncing': 'Synchronisation…',
  'sync.state.synced': 'À jour.',
  'sync.state.paused': 'En pause : rien n’est envoyé ni reçu.',
  'sync.state.error': 'Synchronisation arrêtée.',
  'sync.lastSynced': 'Dernière synchronisation : {time}.',
  'sync.pending': '{up} à envoyer, {down} à recevoir.',
  'sync.firstSync': 'Première synchronisation : {done} sur {total} reçus.',
  'sync.needsPassphrase':
    'Saisissez la phrase secrète pour reprendre. Elle n’est conservée que si vous cochez « Se souvenir sur cet appareil ».',

  'sync.error.unreachable': 'Le serveur de synchronisation est injoignable.',
  'sync.error.unreachable.action':
    'Vérifiez l’adresse et votre connexion ; la synchronisation réessaie d’elle-même et garde vos modifications en attendant.',
  'sync.error.wrong-passphrase':
    'Cette phrase secrète n’ouvre pas la bibliothèque du serveur. Rien n’a été lu ni écrit.',
  'sync.error.wrong-passphrase.action': 'Saisissez la phrase secrète choisie sur votre premier appareil.',
  'sync.error.server-full':
    'Le serveur de synchronisation refuse d’en stocker davantage : il est plein, ou un document dépasse la taille qu’il accepte.',
  'sync.error.server-full.action':
    'Libérez de la place sur le serveur ou relevez ses limites (max_document_size), puis appuyez sur « Reprendre ».',
  'sync.error.login-refused': 'Le serveur de synchronisation a refusé la connexion.',
  'sync.error.login-refused.action':
    'Vérifiez le nom d’utilisateur et le mot de passe dans l’adresse (https://utilisateur:motdepasse@hôte/base).',
  'sync.error.device-full': 'Ce navigateur n’a plus d’espace pour ce que la synchronisation reçoit.',
  'sync.error.device-full.action':
    'Libérez de la place sur cet appareil, puis appuyez sur « Reprendre » ; ce qui a été reçu est conservé. Supprimer un document ici le supprime aussi de vos autres appareils.',
  'sync.error.unknown': 'La synchronisation s’est arrêtée sur une erreur inattendue.',
  'sync.error.unknown.action':
    'Appuyez sur « Reprendre » pour réessayer ; si l’échec persiste, consultez le journal du serveur.',

  'clear.heading': 'Vider la bibliothèque',
  'clear.intro':
    'Supprime chaque document, ses passages et son fichier d’origine de cet appareil. Exportez d’abord une sauvegarde si vous risquez d’en avoir besoin.',
  'clear.confirmGroup': 'Confirmer la suppression de la bibliothèque',
  'clear.confirmOne': 'Supprimer l’unique document ?',
  'clear.confirmAll': 'Supprimer les {count} documents ?',
  'clear.cannotUndo': 'Cette action est irréversible.',
  'clear.confirm': 'Tout supprimer',
  'clear.keep': 'Les garder',
  'clear.start': 'Vider la bibliothèque…',
  'clear.done': {
    one: '{count} document supprimé. La bibliothèque est vide.',
    other: '{count} documents supprimés. La bibliothèque est vide.',
  },
};
