/** German: error messages and next steps. */
import type { CataloguePart } from './en';
import type { enErrors } from './en-errors';

export const deErrors: CataloguePart<typeof enErrors> = {
  'error.message.PDF_PASSWORD': 'Dieses PDF ist durch ein Passwort geschützt.',
  'error.message.PDF_BAD_PASSWORD': 'Dieses Passwort öffnet das PDF nicht.',
  'error.message.PDF_INVALID': 'Diese Datei ist beschädigt oder kein gültiges PDF.',
  'error.message.PDF_NO_TEXT': 'In dieser Datei wurde kein Text gefunden.',
  'error.message.PDF_RENDER': 'Diese Seite konnte nicht gezeichnet werden.',
  'error.message.ORIGINAL_MISSING': 'Dieses Dokument ist nicht mehr in Ihrer Bibliothek.',
  'error.message.UNSUPPORTED_TYPE': 'Dateien dieses Typs kann Carrel nicht lesen.',
  'error.message.BINARY_CONTENT': 'Diese Datei enthält Binärdaten, keinen Text.',
  'error.message.EMPTY_FILE': 'Diese Datei enthält keinen lesbaren Text.',
  'error.message.TOO_LARGE': 'Diese Datei ist zu groß, um sie hier zu lesen.',
  'error.message.ARCHIVE_INVALID': 'Diese Datei ist beschädigt, unvollständig oder nicht, was ihr Name sagt.',
  'error.message.ARCHIVE_BOMB': 'Diese Datei entpackt sich zu weit mehr als jedes Dokument, das Carrel liest.',
  'error.message.DOCUMENT_PROTECTED': 'Dieses Dokument ist geschützt (durch ein Passwort oder einen Kopierschutz).',
  'error.message.IMAGE_INVALID': 'Dieses Bild ist beschädigt oder lässt sich nicht dekodieren.',
  'error.message.IMAGE_TOO_LARGE': 'Dieses Bild ist zu groß zum Lesen.',
  'error.message.OCR_LANGUAGE_MISSING':
    'Die Sprache, in der dieser Scan gelesen wird, ist noch nicht auf diesem Gerät.',
  'error.message.QUOTA_EXCEEDED': 'Der Browser hat keinen Speicherplatz mehr für Carrel.',
  'error.message.MODEL_UNAVAILABLE': 'Das Modell konnte nicht geladen werden.',
  'error.message.MODEL_DOWNLOAD': 'Das Modell konnte nicht heruntergeladen werden.',
  'error.message.NETWORK_UNREACHABLE': 'Das Netzwerk ist nicht erreichbar, daher konnte der Download nicht beginnen.',
  'error.message.WORKER_CRASHED': 'Ein Teil von Carrel ist abgestürzt und wurde neu gestartet.',
  'error.message.WORKER_RENEWED': 'Ein Teil von Carrel wurde neu gestartet.',
  'error.message.FRESH_WORKER': 'Ein Teil von Carrel wird neu gestartet.',
  'error.message.TIMEOUT': 'Ein Teil von Carrel hat nicht rechtzeitig geantwortet.',
  'error.message.ABORTED': 'Abgebrochen.',
  'error.message.BACKUP_CORRUPT': 'Diese Sicherung ist beschädigt und lässt sich nicht lesen.',
  'error.message.BACKUP_FOREIGN': 'Diese Datei ist keine Carrel-Sicherung.',
  'error.message.BACKUP_NEWER': 'Diese Sicherung stammt von einer neueren Version von Carrel.',
  'error.message.BACKUP_PASSPHRASE': 'Diese Sicherung ist verschlüsselt und braucht ihre Passphrase.',
  'error.message.UNKNOWN': 'Etwas ist schiefgelaufen.',
  'error.unknown': 'Etwas ist schiefgelaufen: {message}',
  'error.unaskedAbort': 'Das Lesen dieser Datei brach ab, bevor sie gespeichert war; nichts davon wurde behalten.',
  'error.action.PDF_PASSWORD': 'Geben Sie das Passwort ein, um es zu öffnen.',
  'error.action.PDF_BAD_PASSWORD': 'Prüfen Sie es (Groß- und Kleinschreibung zählt) und geben Sie es unten erneut ein.',
  'error.action.PDF_INVALID':
    'Die Datei ist vielleicht beschädigt oder unvollständig. Laden Sie sie erneut herunter oder exportieren Sie sie noch einmal.',
  'error.action.IMAGE_INVALID':
    'Speichern Sie es erneut als PNG, JPEG, WebP oder TIFF und fügen Sie die neue Datei hinzu.',
  'error.action.IMAGE_TOO_LARGE':
    'Verkleinern Sie es (eine Seite mit 300 dpi hat etwa 2.500 × 3.500 Pixel) und fügen Sie es erneut hinzu.',
  'error.action.OCR_LANGUAGE_MISSING':
    'Laden Sie sie unter Einstellungen › OCR-Sprache herunter (oder wählen Sie dort Englisch) und drücken Sie dann „Erneut versuchen“.',
  'error.action.PDF_NO_TEXT':
    'Falls es ein Scan ist: Scannen Sie es erneut mit 300 dpi, gerade und bei gutem Licht, oder lassen Sie anderswo OCR darüber laufen (zum Beispiel mit ocrmypdf) und fügen Sie die neue Datei hinzu.',
  'error.action.PDF_RENDER': 'Die Passage wird stattdessen im extrahierten Text gezeigt.',
  'error.action.ORIGINAL_MISSING': 'Fügen Sie die Datei erneut hinzu, um sie hier zu öffnen.',
  'error.action.UNSUPPORTED_TYPE':
    'Speichern Sie sie in einem dieser Formate (die meisten Programme können PDF exportieren) und fügen Sie sie erneut hinzu.',
  'error.action.BINARY_CONTENT': 'Die Datei ist kein Text. Prüfen Sie, ob sie die richtige Endung hat.',
  'error.action.EMPTY_FILE': 'Fügen Sie eine Datei hinzu, die Text enthält.',
  'error.action.TOO_LARGE': 'Teilen Sie sie in kleinere Dateien auf und fügen Sie diese hinzu.',
  'error.action.ARCHIVE_INVALID':
    'Die Datei ist vielleicht beschädigt, unvollständig oder nicht, was ihr Name sagt. Öffnen Sie sie in ihrem Programm und speichern Sie sie erneut.',
  'error.action.ARCHIVE_BOMB':
    'Öffnen Sie sie in ihrem Programm und speichern Sie eine kleinere Kopie; Carrel entpackt sie nicht.',
  'error.action.DOCUMENT_PROTECTED':
    'Öffnen Sie sie in Word (oder LibreOffice), entfernen Sie das Passwort, speichern Sie sie als .docx und fügen Sie sie erneut hinzu.',
  'error.action.QUOTA_EXCEEDED': 'Schaffen Sie Platz: Entfernen Sie Dokumente, die Sie nicht mehr brauchen.',
  'error.action.MODEL_UNAVAILABLE': 'Die Stichwortsuche funktioniert weiterhin.',
  'error.action.MODEL_DOWNLOAD':
    'Prüfen Sie die Verbindung (oder die Spiegel-URL in den Einstellungen) und drücken Sie „Fortsetzen“; das bereits Heruntergeladene bleibt erhalten.',
  'error.action.NETWORK_UNREACHABLE':
    'Verbinden Sie dieses Gerät mit dem Internet (oder prüfen Sie die Spiegeladresse unter Modell) und drücken Sie dann erneut auf Herunterladen.',
  'error.action.WORKER_CRASHED': 'Versuchen Sie, die Datei erneut hinzuzufügen.',
  'error.action.TIMEOUT': 'Versuchen Sie es noch einmal; passiert es wieder, laden Sie die Seite neu.',
  'error.action.BACKUP_CORRUPT':
    'Exportieren Sie die Bibliothek erneut auf dem Gerät, von dem sie stammt, und importieren Sie die neue Datei.',
  'error.action.BACKUP_FOREIGN': 'Wählen Sie eine .carrel-Datei, die mit „Bibliothek exportieren“ erstellt wurde.',
  'error.action.BACKUP_NEWER':
    'Aktualisieren Sie Carrel (laden Sie die Seite neu, um die neueste Version zu erhalten) und importieren Sie dann erneut.',
  'error.action.BACKUP_PASSPHRASE': 'Geben Sie die Passphrase ein, die beim Export der Sicherung verwendet wurde.',
  'error.tryAgain': 'Versuchen Sie es noch einmal.',
};
