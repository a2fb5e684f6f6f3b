/** English, the source of every message: the settings dialog. */
import type { Message } from './translate';

export const enSettings = {
  'settings.heading': 'Settings',
  'settings.close': 'Close',
  'settings.details': 'Details',
  'settings.cancel': 'Cancel',
  'settings.download': 'Download',
  'settings.resume': 'Resume',
  'settings.remove': 'Remove',
  'settings.save': 'Save',
  'settings.pause': 'Pause',
  'settings.working': 'Working…',
  'settings.of': '{done} of {total}',

  'interface.heading': 'Language',
  'interface.label': 'Language of the interface',
  'interface.auto': 'Automatic (browser language)',
  'interface.note': 'The words of Carrel itself. Your documents and answers keep their own language.',
  'interface.ownLanguageOnly': 'Search only passages in {language}',
  'interface.ownLanguageNote':
    'Leaves out documents and passages in other languages. Off: a question also finds the answer in another language.',

  'model.heading': 'Model',
  'model.intro':
    'The model that finds passages by what they mean, not only by the words you typed. It runs on this device, on {device}. Switching to another one re-reads the library in the background; search keeps using the current model until that is done.',
  'model.gpu': 'the graphics card',
  'model.cpu': 'the processor',
  'model.switching': 'Re-embedding the library with {model}…',
  'model.switchProgress': 'Re-embedding the library with {model}: {done} of {documents}',
  'model.documents': { one: '{count} document', other: '{count} documents' },
  'model.customLabel': 'Another model, by its name on Hugging Face (owner/name)',
  'model.added': 'Added {id}.',
  'model.mirrorLabel':
    'Download models from (leave empty for Hugging Face, the public model library; or give your organisation’s copy of it)',
  'model.mirrorSaved': 'Models now come from {host}.',
  'model.builtinName': 'Built-in model',
  'model.inUse': 'In use',
  'model.switchingChip': 'Switching…',
  'model.servedHere': 'Served by this site',
  'model.offline': 'Available offline',
  'model.sizeDownload': '{size} download',
  'model.noDownload': 'no download',
  'model.sizeUnknown': 'size unknown',
  'model.weights.q8': 'int8 weights',
  'model.weights.fp16': 'fp16 weights for WebGPU',
  'model.weights.fp32': 'fp32 weights for WebGPU',
  'model.dims': '{dims} dimensions (the length of the number list each passage becomes)',
  'model.quality':
    'Measured quality: {quality}. nDCG@10 scores how well the right passages rank in the first ten, from 0 to 1; MTEB and MIRACL are public test sets.',
  'model.interrupted': 'Download interrupted; what arrived is kept.',
  'model.keep': 'Keep this model',
  'model.use': 'Use for search',
  'download.label': 'Download of {label}',
  'download.progress': '{percent}% · {done} of {total}',
  'download.left': ' · {time} left',

  'answers.heading': 'Answers',
  'answers.intro':
    'Every question gets an answer made of the best sentences of your documents, each with its source. A language model can also write the answer in its own words, on this device, citing the same passages. Nothing leaves the device either way.',
  'answers.browser.absent': 'This browser has no model of its own (only some versions of Chrome do).',
  'answers.browser.unavailable': 'This browser has a model of its own, but it cannot run on this device.',
  'answers.browser.downloadable': 'The browser can download its model when you choose it.',
  'answers.browser.downloading': 'The browser is downloading its model.',
  'answers.browser.available': 'The browser’s model is ready.',
  'answers.downloading': 'Downloading… {done}',
  'answers.downloadingOf': 'Downloading… {done} of {total}',
  'answers.loading': 'Loading the model…',
  'answers.none': 'No language model: answers quote the best sentences of your documents.',
  'answers.usingBrowser': 'Using the browser’s built-in model.',
  'answers.chooseNone': 'None: quote my documents',
  'answers.chooseBrowser': 'Browser’s model',
  'answers.model': 'Language model',
  'answers.modelLabel': 'Answer model',
  'answers.pickModel': 'Choose a model to download',
  'answers.inUseTag': ' (in use)',
  'answers.notVerifiedTag': ' (not verified)',
  'answers.notVerified': 'Not verified',
  'answers.notVerifiedNote':
    'means nobody has yet tried that model in Carrel: its size is an estimate, and it may not load or may answer poorly. You can still try it. If it fails, Carrel says so and keeps quoting your documents; choose None, or another model.',
  'answers.custom': 'Or a model’s name on Hugging Face',
  'answers.use': 'Download and use',
  'answers.where':
    'Models download from the address set under {model} above (Hugging Face, or your organisation’s copy). A larger model writes better answers but downloads more and answers more slowly.',
  'answers.reads': '{label} ({id}): reads up to {k}k tokens (a token is about ¾ of a word), licence {licence}',
  'answers.technical':
    '“Browser’s model” is Chrome’s built-in Prompt API. Downloaded models use 4-bit weights: q4f16 on WebGPU with shader-f16, q4 on WASM. Sizes are estimates; this list could not be checked against the hub.',
  'answers.ready': '{label} is ready, running on {device}.',
  'answers.gpu': 'the graphics card',
  'answers.cpu': 'the processor',
  'answers.loadFailed':
    '{label} could not be loaded: {message} Answers stay extractive: sentences quoted from your documents.',
  'answers.cancelled':
    'The download of {label} was cancelled; what arrived is kept, and choosing it again resumes. Answers quote your documents.',

  'storage.heading': 'Storage',
  'storage.intro': 'How much room your documents take on this device.',
  'storage.usage': 'Using {used} of {quota} for your documents: their originals and their index.',
  'storage.appFiles': 'The app itself (its program and models) takes another {size}.',
  'storage.persistent': 'Storage is persistent: the browser will not delete the library to make room.',
  'storage.notPersistent': 'Storage is not persistent yet.',
  'storage.risk':
    'When the device runs short of space, the browser may delete the library without asking. “Keep my library” asks it not to.',
  'storage.keep': 'Keep my library',
  'storage.granted': 'The browser will keep the library until you remove it.',
  'storage.declined': 'The browser declined for now; it often agrees once the site is installed or used more.',
  'storage.unknown': 'This browser does not report how much storage it uses.',

  'chunking.heading': 'Chunking',
  'chunking.intro':
    'How documents are cut into the pieces that search finds and shows. The recommended way suits most documents. Sizes count word pieces: a short word is one piece, a long word two or three. Changing this re-reads every document from the copy kept on this device.',
  'chunking.mode.three-level': 'Sections and sentences (recommended)',
  'chunking.mode.paragraph': 'Paragraphs',
  'chunking.mode.full-doc': 'Whole document',
  'chunking.modeLabel': 'Mode',
  'chunking.separator': 'Separator',
  'chunking.sectionSize': 'Section size',
  'chunking.passageSize': 'Passage size',
  'chunking.apply': 'Apply and re-index',
  'chunking.paragraphs':
    'Documents are cut wherever the separator below appears (\\n\\n is a blank line); each sentence is searched, and shown with its paragraph around it.',
  'chunking.ranges':
    'Sizes in word pieces: sections {sectionMin}–{sectionMax}, passages {passageMin}–{passageMax} and at most half a section.',
  'chunking.threeLevel':
    'Sections of {sLow}–{sHigh} word pieces (at most {sMax}; neighbours share {overlap} so no sentence is cut off), split at headings and where the topic changes; inside them, passages of {pLow}–{pHigh} word pieces (at most {pMax}), about a sentence or two. Both are searched.',
  'chunking.fullDoc': 'Each document is one piece (cut every {max} word pieces); its sentences are searched.',
  'chunking.needSeparator': 'Enter a separator, for example \\n\\n for a blank line.',
  'chunking.unchanged': 'Nothing changed.',
  'chunking.reindexing': {
    one: 'Re-indexing {count} document in the background. Search keeps working meanwhile.',
    other: 'Re-indexing {count} documents in the background. Search keeps working meanwhile.',
  },
  'chunking.saved': 'Saved. New documents will be chunked this way.',

  'ocr.heading': 'OCR language',
  'ocr.intro':
    'Carrel reads the words in scanned pages and photos (this is called OCR) on this device, in {language}. Choose the language your scans are written in; English comes with Carrel, others download once.',
  'ocr.language': 'Language',
  'ocr.source.builtin': 'built in',
  'ocr.source.downloaded': 'downloaded to this browser',
  'ocr.source.site': 'served by this site',
  'ocr.source.missing': 'not on this device yet',
  'ocr.cancel': 'Cancel download',
  'ocr.downloadFrom': 'Download from {host} and use',
  'ocr.use': 'Use',
  'ocr.remove': 'Remove download',
  'ocr.chosen': 'Scanned pages are now read in {language}. Documents already added keep their text.',

  'backup.heading': 'Backup',
  'backup.intro':
    'Save the whole library (documents, passages, conversations) to one file, to keep it safe or move it to another device; or import such a file. Importing adds only documents that are not here yet. With a passphrase the file is encrypted: nobody can read it without the passphrase, and neither can Carrel, so keep it.',
  'backup.passphrase': 'Passphrase (optional)',
  'backup.export': 'Export library',
  'backup.import': 'Import a backup',
  'backup.passphraseFor': 'Passphrase for {name}',
  'backup.decrypt': 'Decrypt and import',
  'backup.exportedEncrypted': 'Exported the library to {name}, encrypted with your passphrase.',
  'backup.exported': 'Exported the library to {name}.',
  'backup.imported': { one: 'Imported {count} document.', other: 'Imported {count} documents.' },
  'backup.already': { one: ' {count} was already in the library.', other: ' {count} were already in the library.' },
  'backup.encrypted': '{name} is encrypted: enter its passphrase to import it.',

  'sync.heading': 'Sync',
  'sync.intro':
    'Keep one library on all your devices through a CouchDB server you run (see docs/sync.md). Documents, their passages and vectors, conversations and settings are encrypted here with your passphrase: the server sees random names and sizes only. Use the same server and passphrase on each device.',
  'sync.url': 'Server database URL',
  'sync.passphrase': 'Passphrase',
  'sync.device': 'This device’s name',
  'sync.devicePlaceholder': 'Laptop',
  'sync.thisBrowser': 'This browser',
  'sync.resumeWithPassphrase': 'Resume with passphrase',
  'sync.remember': 'Remember on this device (a reload resumes sync without the passphrase)',
  'sync.remembered': 'The key is remembered on this device: a reload resumes sync without the passphrase.',
  'sync.forgetKey': 'Forget the key on this device',
  'sync.finishingSetup':
    'Carrel is finishing its offline setup on this first visit; sync starts as soon as it is done.',
  'sync.offlineSetupFailed':
    'Carrel could not finish its offline setup, so sync cannot reach the server yet. Reload the page, then start sync again.',
  'sync.start': 'Start sync',
  'sync.forget': 'Stop syncing on this device',
  'sync.state.off': 'Sync is off: nothing leaves this browser.',
  'sync.state.connecting': 'Connecting to the server…',
  'sync.state.syncing': 'Syncing…',
  'sync.state.synced': 'Up to date.',
  'sync.state.paused': 'Paused: nothing is sent or received.',
  'sync.state.error': 'Sync stopped.',
  'sync.lastSynced': 'Last synced {time}.',
  'sync.pending': '{up} to send, {down} to receive.',
  'sync.firstSync': 'First sync: {done} of {total} received.',
  'sync.needsPassphrase': 'Enter the passphrase to resume. It is not stored unless you tick “Remember on this device”.',

  // In English the engine's own words are shown (workers/engine/replication/errors.ts); these are what translations follow.
  'sync.error.unreachable': 'The sync server cannot be reached.',
  'sync.error.unreachable.action':
    'Check the address and your connection; sync tries again by itself and keeps your changes meanwhile.',
  'sync.error.wrong-passphrase':
    'This passphrase does not open the library on the server. Nothing was read or written.',
  'sync.error.wrong-passphrase.action': 'Enter the passphrase you chose on your first device.',
  'sync.error.server-full':
    'The sync server refused to store more: it is full or a document is larger than it accepts.',
  'sync.error.server-full.action':
    'Free space on the server or raise its limits (max_document_size), then press Resume.',
  'sync.error.login-refused': 'The sync server refused the login.',
  'sync.error.login-refused.action':
    'Check the user name and password in the address (https://user:password@host/database).',
  'sync.error.device-full': 'This browser has no more storage space for what sync receives.',
  'sync.error.device-full.action':
    'Free some space on this device, then press Resume; what sync received is kept. Removing a document here removes it from your other devices too.',
  'sync.error.unknown': 'Sync stopped on an unexpected error.',
  'sync.error.unknown.action': 'Press Resume to try again; if it keeps failing, check the server’s log.',

  'clear.heading': 'Clear the library',
  'clear.intro':
    'Deletes every document, its passages and its original file from this device. Export a backup first if you may want them back.',
  'clear.confirmGroup': 'Confirm clearing the library',
  'clear.confirmOne': 'Delete the one document?',
  'clear.confirmAll': 'Delete all {count} documents?',
  'clear.cannotUndo': 'This cannot be undone.',
  'clear.confirm': 'Delete everything',
  'clear.keep': 'Keep them',
  'clear.start': 'Clear the library…',
  'clear.done': {
    one: 'Deleted {count} document. The library is empty.',
    other: 'Deleted {count} documents. The library is empty.',
  },
} satisfies Record<string, Message>;
