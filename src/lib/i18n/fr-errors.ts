/** French: error messages and next steps. */
import type { CataloguePart } from './en';
import type { enErrors } from './en-errors';

export const frErrors: CataloguePart<typeof enErrors> = {
  'error.message.PDF_PASSWORD': 'Ce PDF est protégé par un mot de passe.',
  'error.message.PDF_BAD_PASSWORD': 'Ce mot de passe n’ouvre pas ce PDF.',
  'error.message.PDF_INVALID': 'Ce fichier est endommagé ou n’est pas un PDF valide.',
  'error.message.PDF_NO_TEXT': 'Aucun texte n’a été trouvé dans ce fichier.',
  'error.message.PDF_RENDER': 'Cette page n’a pas pu être affichée.',
  'error.message.ORIGINAL_MISSING': 'Ce document n’est plus dans votre bibliothèque.',
  'error.message.UNSUPPORTED_TYPE': 'Carrel ne sait pas lire les fichiers de ce type.',
  'error.message.BINARY_CONTENT': 'Ce fichier contient des données binaires, pas du texte.',
  'error.message.EMPTY_FILE': 'Ce fichier ne contient aucun texte lisible.',
  'error.message.TOO_LARGE': 'Ce fichier est trop volumineux pour être lu ici.',
  'error.message.ARCHIVE_INVALID': 'Ce fichier est endommagé, incomplet, ou n’est pas ce que son nom indique.',
  'error.message.ARCHIVE_BOMB': 'Une fois décompressé, ce fichier dépasse de loin tout document que Carrel lit.',
  'error.message.DOCUMENT_PROTECTED': 'Ce document est protégé (par un mot de passe ou contre la copie).',
  'error.message.IMAGE_INVALID': 'Cette image est endommagée ou ne peut pas être décodée.',
  'error.message.IMAGE_TOO_LARGE': 'Cette image est trop grande pour être lue.',
  'error.message.OCR_LANGUAGE_MISSING': 'La langue dans laquelle ce scan est lu n’est pas encore sur cet appareil.',
  'error.message.QUOTA_EXCEEDED': 'Le navigateur n’a plus d’espace de stockage pour Carrel.',
  'error.message.MODEL_UNAVAILABLE': 'Le modèle n’a pas pu être chargé.',
  'error.message.MODEL_DOWNLOAD': 'Le modèle n’a pas pu être téléchargé.',
  'error.message.NETWORK_UNREACHABLE': 'Le réseau est injoignable : le téléchargement n’a pas pu commencer.',
  'error.message.WORKER_CRASHED': 'Une partie de Carrel s’est arrêtée et a été redémarrée.',
  'error.message.WORKER_RENEWED': 'Une partie de Carrel a été redémarrée.',
  'error.message.FRESH_WORKER': 'Une partie de Carrel redémarre.',
  'error.message.TIMEOUT': 'Une partie de Carrel n’a pas répondu à temps.',
  'error.message.ABORTED': 'Interrompu.',
  'error.message.BACKUP_CORRUPT': 'Cette sauvegarde est endommagée et illisible.',
  'error.message.BACKUP_FOREIGN': 'Ce fichier n’est pas une sauvegarde Carrel.',
  'error.message.BACKUP_NEWER': 'Cette sauvegarde a été faite par une version plus récente de Carrel.',
  'error.message.BACKUP_PASSPHRASE': 'Cette sauvegarde est chiffrée et demande sa phrase secrète.',
  'error.message.UNKNOWN': 'Un problème est survenu.',
  'error.unknown': 'Un problème est survenu : {message}',
  'error.unaskedAbort': 'La lecture de ce fichier s’est arrêtée avant son enregistrement ; rien n’en a été gardé.',
  'error.action.PDF_PASSWORD': 'Saisissez le mot de passe pour l’ouvrir.',
  'error.action.PDF_BAD_PASSWORD': 'Vérifiez-le (les majuscules comptent) et saisissez-le de nouveau ci-dessous.',
  'error.action.PDF_INVALID':
    'Le fichier est peut-être endommagé ou incomplet. Téléchargez-le ou exportez-le à nouveau.',
  'error.action.IMAGE_INVALID': 'Enregistrez-la à nouveau en PNG, JPEG, WebP ou TIFF et ajoutez le nouveau fichier.',
  'error.action.IMAGE_TOO_LARGE':
    'Réduisez-la (une page à 300 dpi fait environ 2 500 × 3 500 pixels) et ajoutez-la à nouveau.',
  'error.action.OCR_LANGUAGE_MISSING':
    'Téléchargez-la dans Paramètres › Langue de l’OCR (ou choisissez-y l’anglais), puis appuyez sur « Réessayer ».',
  'error.action.PDF_NO_TEXT':
    'S’il s’agit d’un scan, scannez-le à nouveau à 300 dpi, bien droit et bien éclairé, ou passez-le à l’OCR ailleurs (par exemple avec ocrmypdf) et ajoutez le nouveau fichier.',
  'error.action.PDF_RENDER': 'Le passage est affiché dans le texte extrait à la place.',
  'error.action.ORIGINAL_MISSING': 'Ajoutez à nouveau le fichier pour l’ouvrir ici.',
  'error.action.UNSUPPORTED_TYPE':
    'Enregistrez-le dans l’un de ces formats (la plupart des logiciels savent exporter en PDF), puis ajoutez-le à nouveau.',
  'error.action.BINARY_CONTENT': 'Le fichier n’est pas du texte. Vérifiez qu’il a la bonne extension.',
  'error.action.EMPTY_FILE': 'Ajoutez un fichier qui contient du texte.',
  'error.action.TOO_LARGE': 'Découpez-le en fichiers plus petits et ajoutez-les.',
  'error.action.ARCHIVE_INVALID':
    'Le fichier est peut-être endommagé, incomplet, ou n’est pas ce que son nom indique. Ouvrez-le dans son logiciel et enregistrez-le à nouveau.',
  'error.action.ARCHIVE_BOMB':
    'Ouvrez-le dans son logiciel et enregistrez une copie plus petite ; Carrel ne le décompressera pas.',
  'error.action.DOCUMENT_PROTECTED':
    'Ouvrez-le dans Word (ou LibreOffice), retirez le mot de passe, enregistrez-le en .docx et ajoutez-le à nouveau.',
  'error.action.QUOTA_EXCEEDED': 'Libérez de la place : supprimez les documents dont vous n’avez plus besoin.',
  'error.action.MODEL_UNAVAILABLE': 'La recherche par mots-clés fonctionne toujours.',
  'error.action.MODEL_DOWNLOAD':
    'Vérifiez la connexion (ou l’URL du miroir dans les Paramètres) et appuyez sur « Reprendre » ; ce qui a été téléchargé est conservé.',
  'error.action.NETWORK_UNREACHABLE':
    'Connectez cet appareil à Internet (ou vérifiez l’adresse du miroir sous Modèle), puis appuyez de nouveau sur Télécharger.',
  'error.action.WORKER_CRASHED': 'Essayez d’ajouter à nouveau le fichier.',
  'error.action.TIMEOUT': 'Réessayez ; si cela se reproduit, rechargez la page.',
  'error.action.BACKUP_CORRUPT':
    'Exportez à nouveau la bibliothèque depuis l’appareil d’origine, et importez le nouveau fichier.',
  'error.action.BACKUP_FOREIGN': 'Choisissez un fichier .carrel créé avec « Exporter la bibliothèque ».',
  'error.action.BACKUP_NEWER':
    'Mettez Carrel à jour (rechargez la page pour obtenir la dernière version), puis importez-la à nouveau.',
  'error.action.BACKUP_PASSPHRASE': 'Saisissez la phrase secrète utilisée lors de l’export de la sauvegarde.',
  'error.tryAgain': 'Réessayez.',
};
