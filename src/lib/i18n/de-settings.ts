/** German: the settings dialog. */
import type { CataloguePart } from './en';
import type { enSettings } from './en-settings';

export const deSettings: CataloguePart<typeof enSettings> = {
  'settings.heading': 'Einstellungen',
  'settings.close': 'Schließen',
  'settings.details': 'Details',
  'settings.cancel': 'Abbrechen',
  'settings.download': 'Herunterladen',
  'settings.resume': 'Fortsetzen',
  'settings.remove': 'Entfernen',
  'settings.save': 'Speichern',
  'settings.pause': 'Anhalten',
  'settings.working': 'Bitte warten …',
  'settings.of': '{done} von {total}',

  'interface.heading': 'Sprache',
  'interface.label': 'Sprache der Oberfläche',
  'interface.auto': 'Automatisch (Browsersprache)',
  'interface.note': 'Die Wörter von Carrel selbst. Ihre Dokumente und Antworten behalten ihre eigene Sprache.',
  'interface.ownLanguageOnly': 'Nur Passagen auf {language} durchsuchen',
  'interface.ownLanguageNote':
    'Lässt Dokumente und Passagen in anderen Sprachen aus. Aus: Eine Frage findet die Antwort auch in einer anderen Sprache.',

  'model.heading': 'Modell',
  'model.intro':
    'Das Modell, das Passagen nach ihrer Bedeutung findet, nicht nur nach den eingegebenen Wörtern. Es läuft auf diesem Gerät, auf {device}. Beim Wechsel zu einem anderen wird die Bibliothek im Hintergrund neu gelesen; bis dahin sucht Carrel weiter mit dem aktuellen Modell.',
  'model.gpu': 'der Grafikkarte',
  'model.cpu': 'dem Prozessor',
  'model.switching': 'Bibliothek wird mit {model} neu eingebettet …',
  'model.switchProgress': 'Bibliothek wird mit {model} neu eingebettet: {done} von {documents}',
  'model.documents': { one: '{count} Dokument', other: '{count} Dokumenten' },
  'model.customLabel': 'Ein anderes Modell, nach seinem Namen auf Hugging Face (Besitzer/Name)',
  'model.added': '{id} hinzugefügt.',
  'model.mirrorLabel':
    'Modelle herunterladen von (leer lassen für Hugging Face, die öffentliche Modellbibliothek; oder die Kopie Ihrer Organisation angeben)',
  'model.mirrorSaved': 'Modelle kommen jetzt von {host}.',
  'model.builtinName': 'Eingebautes Modell',
  'model.inUse': 'In Gebrauch',
  'model.switchingChip': 'Wechsel …',
  'model.servedHere': 'Von dieser Website',
  'model.offline': 'Offline verfügbar',
  'model.sizeDownload': '{size} Download',
  'model.noDownload': 'kein Download',
  'model.sizeUnknown': 'Größe unbekannt',
  'model.weights.q8': 'int8-Gewichte',
  'model.weights.fp16': 'fp16-Gewichte für WebGPU',
  'model.weights.fp32': 'fp32-Gewichte für WebGPU',
  'model.dims': '{dims} Dimensionen (die Länge der Zahlenliste, zu der jede Passage wird)',
  'model.quality':
    'Gemessene Qualität: {quality}. nDCG@10 misst, wie gut die richtigen Passagen unter den ersten zehn stehen, von 0 bis 1; MTEB und MIRACL sind öffentliche Testsammlungen.',
  'model.about.builtin':
    'Gehört zu Carrel und funktioniert daher sofort und offline. Findet Passagen über Ihre Wörter und deren nahe Verwandte, auf Englisch und in sechs weiteren Sprachen; die herunterladbaren Modelle unten verstehen die Bedeutung besser.',
  'model.about.minilm':
    'Klein und schnell. Findet Passagen, die meinen, was Sie gefragt haben, auch in anderen Worten. Nur Englisch.',
  'model.about.bge':
    'Von diesen das beste beim Finden der richtigen Passage in englischen Dokumenten, für etwas mehr Download.',
  'model.about.e5':
    'Für Dokumente und Fragen in vielen Sprachen und über Sprachgrenzen hinweg (auf Englisch fragen, Französisches finden). Der größte Download.',
  'model.about.custom': 'Ein Modell, das Sie hinzugefügt haben. Carrel hat nicht gemessen, wie gut es Passagen findet.',
  'model.measured.builtin': 'SciFact nDCG@10 0,19 allein, 0,69 mit Stichwörtern (hier gemessen)',
  'model.measured.minilm': 'SciFact nDCG@10 0,645 (MTEB)',
  'model.measured.bge': 'SciFact nDCG@10 ~0,72; MTEB-Retrieval-Mittel 51,7',
  'model.measured.e5': 'MTEB-Retrieval-Mittel 46,6; MIRACL mehrsprachig nDCG@10 ~0,64',
  'model.measured.custom': 'nicht gemessen',
  'model.languagesMany': 'etwa 100 Sprachen',
  'model.languagesUnknown': 'Sprachen unbekannt',
  'model.interrupted': 'Download unterbrochen; das Angekommene bleibt erhalten.',
  'model.keep': 'Dieses Modell behalten',
  'model.use': 'Für die Suche verwenden',
  'download.label': 'Download von {label}',
  'download.progress': '{percent} % · {done} von {total}',
  'download.left': ' · noch {time}',

  'answers.heading': 'Antworten',
  'answers.intro':
    'Jede Frage erhält eine Antwort aus den besten Sätzen Ihrer Dokumente, jeder mit seiner Quelle. Ein Sprachmodell kann die Antwort auch in eigenen Worten schreiben, auf diesem Gerät, mit Verweisen auf dieselben Passagen. So oder so verlässt nichts das Gerät.',
  'answers.browser.absent': 'Dieser Browser hat kein eigenes Modell (nur manche Chrome-Versionen haben eines).',
  'answers.browser.unavailable': 'Dieser Browser hat ein eigenes Modell, das aber auf diesem Gerät nicht läuft.',
  'answers.browser.downloadable': 'Der Browser kann sein Modell herunterladen, wenn Sie es wählen.',
  'answers.browser.downloading': 'Der Browser lädt sein Modell herunter.',
  'answers.browser.available': 'Das Modell des Browsers ist bereit.',
  'answers.downloading': 'Wird heruntergeladen … {done}',
  'answers.downloadingOf': 'Wird heruntergeladen … {done} von {total}',
  'answers.loading': 'Modell wird geladen …',
  'answers.none': 'Kein Sprachmodell: Antworten zitieren die besten Sätze Ihrer Dokumente.',
  'answers.usingBrowser': 'Das eingebaute Modell des Browsers wird verwendet.',
  'answers.chooseNone': 'Keins: meine Dokumente zitieren',
  'answers.chooseBrowser': 'Modell des Browsers',
  'answers.model': 'Sprachmodell',
  'answers.modelLabel': 'Antwortmodell',
  'answers.pickModel': 'Ein Modell zum Herunterladen wählen',
  'answers.inUseTag': ' (in Verwendung)',
  'answers.notVerifiedTag': ' (nicht geprüft)',
  'answers.notVerified': 'Nicht geprüft',
  'answers.notVerifiedNote':
    'heißt, dass noch niemand dieses Modell in Carrel ausprobiert hat: Seine Größe ist geschätzt, und es lädt vielleicht nicht oder antwortet schlecht. Sie können es trotzdem versuchen. Scheitert es, sagt Carrel das und zitiert weiter Ihre Dokumente; wählen Sie dann „Keins“ oder ein anderes Modell.',
  'answers.custom': 'Oder der Name eines Modells auf Hugging Face',
  'answers.use': 'Herunterladen und verwenden',
  'answers.where':
    'Modelle werden von der oben unter {model} eingestellten Adresse geladen (Hugging Face oder die Kopie Ihrer Organisation). Ein größeres Modell schreibt bessere Antworten, lädt aber mehr herunter und antwortet langsamer.',
  'answers.reads': '{label} ({id}): liest bis zu {k}k Tokens (ein Token ist etwa ¾ eines Wortes), Lizenz {licence}',
  'answers.technical':
    '„Modell des Browsers“ ist die eingebaute Prompt API von Chrome. Heruntergeladene Modelle nutzen 4-Bit-Gewichte: q4f16 mit WebGPU und shader-f16, q4 mit WASM. Die Größen sind geschätzt; diese Liste konnte nicht mit dem Hub abgeglichen werden.',
  'answers.ready': '{label} ist bereit und läuft auf {device}.',
  'answers.gpu': 'der Grafikkarte',
  'answers.cpu': 'dem Prozessor',
  'answers.loadFailed':
    '{label} konnte nicht geladen werden: {message} Die Antworten bleiben extrahiert: Sätze aus Ihren Dokumenten.',
  'answers.cancelled':
    'Der Download von {label} wurde abgebrochen; das Angekommene bleibt erhalten, und eine erneute Wahl setzt ihn fort. Antworten zitieren Ihre Dokumente.',

  'storage.heading': 'Speicher',
  'storage.intro': 'Wie viel Platz Ihre Dokumente auf diesem Gerät belegen.',
  'storage.usage': '{used} von {quota} belegt für Ihre Dokumente: ihre Originale und ihren Index.',
  'storage.appFiles': 'Die App selbst (Programm und Modelle) belegt weitere {size}.',
  'storage.persistent': 'Der Speicher ist dauerhaft: Der Browser löscht die Bibliothek nicht, um Platz zu schaffen.',
  'storage.notPersistent': 'Der Speicher ist noch nicht dauerhaft.',
  'storage.risk':
    'Wird der Platz auf dem Gerät knapp, kann der Browser die Bibliothek ohne Rückfrage löschen. „Bibliothek behalten“ bittet ihn, das nicht zu tun.',
  'storage.keep': 'Bibliothek behalten',
  'storage.granted': 'Der Browser behält die Bibliothek, bis Sie sie entfernen.',
  'storage.declined':
    'Der Browser hat vorerst abgelehnt; oft stimmt er zu, sobald die Website installiert ist oder öfter genutzt wird.',
  'storage.unknown': 'Dieser Browser gibt nicht an, wie viel Speicher er nutzt.',

  'chunking.heading': 'Zerlegung',
  'chunking.intro':
    'Wie Dokumente in die Stücke zerlegt werden, die die Suche findet und zeigt. Die empfohlene Art passt für die meisten Dokumente. Größen zählen Wortteile: Ein kurzes Wort ist ein Teil, ein langes zwei oder drei. Eine Änderung liest jedes Dokument neu aus der Kopie auf diesem Gerät.',
  'chunking.mode.three-level': 'Abschnitte und Sätze (empfohlen)',
  'chunking.mode.paragraph': 'Absätze',
  'chunking.mode.full-doc': 'Ganzes Dokument',
  'chunking.modeLabel': 'Art',
  'chunking.separator': 'Trennzeichen',
  'chunking.sectionSize': 'Abschnittsgröße',
  'chunking.passageSize': 'Passagengröße',
  'chunking.apply': 'Anwenden und neu indexieren',
  'chunking.paragraphs':
    'Dokumente werden überall dort getrennt, wo das Trennzeichen unten vorkommt (\\n\\n ist eine Leerzeile); jeder Satz wird durchsucht und mit seinem Absatz gezeigt.',
  'chunking.ranges':
    'Größen in Wortteilen: Abschnitte {sectionMin}–{sectionMax}, Passagen {passageMin}–{passageMax} und höchstens ein halber Abschnitt.',
  'chunking.threeLevel':
    'Abschnitte von {sLow}–{sHigh} Wortteilen (höchstens {sMax}; Nachbarn teilen {overlap}, damit kein Satz abgeschnitten wird), getrennt an Überschriften und bei Themenwechseln; darin Passagen von {pLow}–{pHigh} Wortteilen (höchstens {pMax}), etwa ein bis zwei Sätze. Beide werden durchsucht.',
  'chunking.fullDoc': 'Jedes Dokument ist ein Stück (alle {max} Wortteile getrennt); seine Sätze werden durchsucht.',
  'chunking.needSeparator': 'Geben Sie ein Trennzeichen ein, zum Beispiel \\n\\n für eine Leerzeile.',
  'chunking.unchanged': 'Nichts geändert.',
  'chunking.reindexing': {
    one: '{count} Dokument wird im Hintergrund neu indexiert. Die Suche funktioniert währenddessen weiter.',
    other: '{count} Dokumente werden im Hintergrund neu indexiert. Die Suche funktioniert währenddessen weiter.',
  },
  'chunking.saved': 'Gespeichert. Neue Dokumente werden so zerlegt.',

  'ocr.heading': 'OCR-Sprache',
  'ocr.intro':
    'Carrel liest die Wörter in gescannten Seiten und Fotos (das heißt OCR) auf diesem Gerät, auf {language}. Wählen Sie die Sprache, in der Ihre Scans geschrieben sind; Englisch ist dabei, andere werden einmal heruntergeladen.',
  'ocr.language': 'Sprache',
  'ocr.source.builtin': 'eingebaut',
  'ocr.source.downloaded': 'in diesen Browser heruntergeladen',
  'ocr.source.site': 'von dieser Website',
  'ocr.source.missing': 'noch nicht auf diesem Gerät',
  'ocr.cancel': 'Download abbrechen',
  'ocr.downloadFrom': 'Von {host} herunterladen und verwenden',
  'ocr.use': 'Verwenden',
  'ocr.remove': 'Download entfernen',
  'ocr.chosen':
    'Gescannte Seiten werden jetzt auf {language} gelesen. Bereits hinzugefügte Dokumente behalten ihren Text.',

  'backup.heading': 'Sicherung',
  'backup.intro':
    'Speichern Sie die ganze Bibliothek (Dokumente, Passagen, Unterhaltungen) in einer Datei, um sie zu sichern oder auf ein anderes Gerät zu bringen; oder importieren Sie eine solche Datei. Beim Import kommen nur Dokumente hinzu, die noch nicht hier sind. Mit einer Passphrase wird die Datei verschlüsselt: Ohne sie kann niemand sie lesen, auch Carrel nicht – bewahren Sie sie also gut auf.',
  'backup.passphrase': 'Passphrase (optional)',
  'backup.export': 'Bibliothek exportieren',
  'backup.import': 'Sicherung importieren',
  'backup.passphraseFor': 'Passphrase für {name}',
  'backup.decrypt': 'Entschlüsseln und importieren',
  'backup.exportedEncrypted': 'Bibliothek nach {name} exportiert, mit Ihrer Passphrase verschlüsselt.',
  'backup.exported': 'Bibliothek nach {name} exportiert.',
  'backup.imported': { one: '{count} Dokument importiert.', other: '{count} Dokumente importiert.' },
  'backup.already': {
    one: ' {count} war schon in der Bibliothek.',
    other: ' {count} waren schon in der Bibliothek.',
  },
  'backup.encrypted': '{name} ist verschlüsselt: Geben Sie die Passphrase ein, um die Datei zu importieren.',

  'sync.heading': 'Synchronisierung',
  'sync.intro':
    'Halten Sie eine Bibliothek auf all Ihren Geräten über einen CouchDB-Server, den Sie selbst betreiben (siehe docs/sync.md). Dokumente, ihre Passagen und Vektoren, Unterhaltungen und Einstellungen werden hier mit Ihrer Passphrase verschlüsselt: Der Server sieht nur zufällige Namen und Größen. Verwenden Sie auf jedem Gerät denselben Server und dieselbe Passphrase.',
  'sync.url': 'URL der Server-Datenbank',
  'sync.passphrase': 'Passphrase',
  'sync.device': 'Name dieses Geräts',
  'sync.devicePlaceholder': 'Laptop',
  'sync.thisBrowser': 'Dieser Browser',
  'sync.resumeWithPassphrase': 'Mit Passphrase fortsetzen',
  'sync.remember': 'Auf diesem Gerät merken (nach dem Neuladen geht es ohne Passphrase weiter)',
  'sync.remembered':
    'Der Schlüssel ist auf diesem Gerät gespeichert: Nach dem Neuladen geht die Synchronisierung ohne Passphrase weiter.',
  'sync.forgetKey': 'Schlüssel auf diesem Gerät vergessen',
  'sync.finishingSetup':
    'Carrel richtet beim ersten Besuch noch die Offline-Nutzung ein; die Synchronisierung beginnt, sobald das erledigt ist.',
  'sync.offlineSetupFailed':
    'Carrel konnte die Offline-Nutzung nicht fertig einrichten, daher erreicht die Synchronisierung den Server noch nicht. Laden Sie die Seite neu und starten Sie die Synchronisierung erneut.',
  'sync.start': 'Synchronisierung starten',
  'sync.forget': 'Auf diesem Gerät nicht mehr synchronisieren',
  'sync.state.off': 'Synchronisierung ist aus: Nichts verlässt diesen Browser.',
  'sync.state.connecting': 'Verbindung zum Server wird hergestellt …',
  'sync.state.syncing': 'Wird synchronisiert …',
  'sync.state.synced': 'Auf dem neuesten Stand.',
  'sync.state.paused': 'Angehalten: Nichts wird gesendet oder empfangen.',
  'sync.state.error': 'Synchronisierung gestoppt.',
  'sync.lastSynced': 'Zuletzt synchronisiert: {time}.',
  'sync.pending': '{up} zu senden, {down} zu empfangen.',
  'sync.firstSync': 'Erste Synchronisierung: {done} von {total} empfangen.',
  'sync.needsPassphrase':
    'Geben Sie die Passphrase ein, um fortzufahren. Sie wird nur gespeichert, wenn Sie „Auf diesem Gerät merken“ ankreuzen.',

  'sync.error.unreachable': 'Der Sync-Server ist nicht erreichbar.',
  'sync.error.unreachable.action':
    'Prüfen Sie die Adresse und Ihre Verbindung; die Synchronisierung versucht es von selbst erneut und behält Ihre Änderungen so lange.',
  'sync.error.wrong-passphrase':
    'Diese Passphrase öffnet die Bibliothek auf dem Server nicht. Nichts wurde gelesen oder geschrieben.',
  'sync.error.wrong-passphrase.action': 'Geben Sie die Passphrase ein, die Sie auf Ihrem ersten Gerät gewählt haben.',
  'sync.error.server-full':
    'Der Sync-Server hat weiteres Speichern abgelehnt: Er ist voll, oder ein Dokument ist größer als erlaubt.',
  'sync.error.server-full.action':
    'Schaffen Sie Platz auf dem Server oder erhöhen Sie seine Grenzen (max_document_size) und drücken Sie dann „Fortsetzen“.',
  'sync.error.login-refused': 'Der Sync-Server hat die Anmeldung abgelehnt.',
  'sync.error.login-refused.action':
    'Prüfen Sie Benutzername und Passwort in der Adresse (https://benutzer:passwort@host/datenbank).',
  'sync.error.device-full': 'Dieser Browser hat keinen Speicherplatz mehr für das, was die Synchronisierung empfängt.',
  'sync.error.device-full.action':
    'Schaffen Sie Platz auf diesem Gerät und drücken Sie dann „Fortsetzen“; das Empfangene bleibt erhalten. Ein hier entferntes Dokument verschwindet auch von Ihren anderen Geräten.',
  'sync.error.unknown': 'Die Synchronisierung wurde durch einen unerwarteten Fehler gestoppt.',
  'sync.error.unknown.action':
    'Drücken Sie „Fortsetzen“, um es erneut zu versuchen; scheitert es weiter, sehen Sie im Protokoll des Servers nach.',

  'clear.heading': 'Bibliothek leeren',
  'clear.intro':
    'Löscht jedes Dokument, seine Passagen und seine Originaldatei von diesem Gerät. Exportieren Sie vorher eine Sicherung, wenn Sie sie vielleicht zurückhaben möchten.',
  'clear.confirmGroup': 'Leeren der Bibliothek bestätigen',
  'clear.confirmOne': 'Das eine Dokument löschen?',
  'clear.confirmAll': 'Alle {count} Dokumente löschen?',
  'clear.cannotUndo': 'Das lässt sich nicht rückgängig machen.',
  'clear.confirm': 'Alles löschen',
  'clear.keep': 'Behalten',
  'clear.start': 'Bibliothek leeren …',
  'clear.done': {
    one: '{count} Dokument gelöscht. Die Bibliothek ist leer.',
    other: '{count} Dokumente gelöscht. Die Bibliothek ist leer.',
  },
};
