/** State of the backup section: export, import (asking for a passphrase when the file needs one). */
import { handleError } from './errors';
import { engine } from './workers';
import { translate as t } from './i18n/messages';

/** A backup of thousands of documents takes minutes to check and write. */
const IMPORT_TIMEOUT_MS = 60 * 60_000;
/** Reading every record and file of such a library into one file takes minutes too. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;

class BackupPanel {
  busy = $state(false);
  status = $state('');
  error = $state('');
  /** An encrypted backup waiting for its passphrase. */
  pending = $state.raw<File | null>(null);

  async #run(task: () => Promise<string>): Promise<boolean> {
    this.busy = true;
    this.status = '';
    this.error = '';
    try {
      this.status = await task();
      return true;
    } catch (failure) {
      const { message, action } = handleError(failure);
      this.error = action ? `${message} ${action}` : message;
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** Downloads the whole library as `carrel-library-YYYY-MM-DD.carrel`, encrypted when given a passphrase. */
  export(passphrase: string): Promise<boolean> {
    return this.#run(async () => {
      // The engine reads and encodes the library; the page only hands the finished file to the browser.
      const { blob, name } = await engine.api.exportBackup(
        { passphrase: passphrase || undefined },
        { timeoutMs: EXPORT_TIMEOUT_MS },
      );
      download(blob, name);
      return passphrase ? t('backup.exportedEncrypted', { name }) : t('backup.exported', { name });
    });
  }

  /** Imports a chosen file, or holds it in `pending` when it needs a passphrase first. */
  async choose(file: File): Promise<void> {
    this.pending = null;
    let encrypted = false;
    const readable = await this.#run(async () => {
      encrypted = await engine.api.backupIsEncrypted({ file }, { timeoutMs: IMPORT_TIMEOUT_MS });
      return encrypted ? t('backup.encrypted', { name: file.name }) : '';
    });
    if (!readable) return;
    if (encrypted) this.pending = file;
    else await this.import(file);
  }

  /** Adds the backup's documents that are not here yet. */
  import(file: File, passphrase?: string): Promise<boolean> {
    return this.#run(async () => {
      // The engine writes the documents and indexes them; other tabs hear of them from Dexie.
      const { added, skipped } = await engine.api.importBackup(
        { file, passphrase: passphrase || undefined },
        { timeoutMs: IMPORT_TIMEOUT_MS },
      );
      this.pending = null;
      const already = skipped ? t('backup.already', { count: skipped }) : '';
      return `${t('backup.imported', { count: added })}${already}`;
    });
  }
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the URL to the download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const backupPanel = new BackupPanel();
