/** Files from a drop, with folders read recursively (where the browser exposes entries). */

type Entry = FileSystemEntry;

function readFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function readDirectory(entry: FileSystemDirectoryEntry): Promise<File[]> {
  const reader = entry.createReader();
  const entries: Entry[] = [];
  // readEntries returns at most ~100 entries per call: read until it returns none.
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    entries.push(...batch);
  }
  return (await Promise.all(entries.map(filesOf))).flat();
}

async function filesOf(entry: Entry): Promise<File[]> {
  if (entry.isFile) return [await readFile(entry as FileSystemFileEntry)];
  if (entry.isDirectory) return readDirectory(entry as FileSystemDirectoryEntry);
  return [];
}

/** Every file in a DataTransfer; folders are walked, hidden files (".DS_Store") skipped. */
export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  const files = entries.every(Boolean) ? (await Promise.all(entries.map((e) => filesOf(e!)))).flat() : [...data.files];
  return files.filter((file) => !file.name.startsWith('.'));
}
