/**
 * The app's one start-up, called once by src/main.ts before the UI is mounted. Each part starts
 * its own work and returns; the order is the order they need each other in.
 */
import { appStatus } from './app-status.svelte';
import { generator } from './generator.svelte';
import { interfaceLanguage } from './i18n/i18n.svelte';
import { acceptLaunchedFiles } from './launched-files';
import { library } from './library.svelte';
import { models } from './models.svelte';
import { schemaWatch } from './schema-watch.svelte';
import { acceptSharedFiles } from './shared-files';

export function startApp(): void {
  // First, so a newer tab's upgrade, or an older tab holding the library, is heard whatever opens it.
  schemaWatch.start();
  // The interface's language, if one was chosen over the browser's.
  void interfaceLanguage.follow();
  // The stored documents and the files a closed tab left half-read (these only read the database).
  library.start();
  // The engine (it loads the model and the indexes) and the service worker.
  appStatus.start();
  // The embedding model's records, and a model switch a reload interrupted.
  models.start();
  // The answer generator that was chosen, if any.
  generator.start();
  // Files the app was opened with, or shared to it, join the library last: everything above is running.
  acceptLaunchedFiles();
  acceptSharedFiles();
}
