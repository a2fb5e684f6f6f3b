/** Files the OS hands an installed Carrel ("Open with…"), per the manifest's file_handlers. */
import { appStatus } from './app-status.svelte';
import { library } from './library.svelte';

interface LaunchParams {
  files: readonly FileSystemFileHandle[];
}

interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

/** Adds launched files to the library; browsers without the File Handling API do nothing. */
export function acceptLaunchedFiles(): void {
  const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer((params) => {
    if (!params.files.length) return;
    Promise.all(params.files.map((handle) => handle.getFile())).then(
      (files) => library.queue.add(files),
      (error: unknown) => appStatus.report(error),
    );
  });
}
