/** Helpers of the library specs: small generated documents, the list's order, the stored records. */
import type { Page, TestInfo } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Sentences enough that each heading gets a section of its own (sections merge below ~150 tokens). */
function sectionText(topic: string): string {
  return Array.from(
    { length: 25 },
    (_, i) => `Sentence ${i + 1} about ${topic} explains one more detail of the subject in plain words.`,
  ).join(' ');
}

/**
 * Writes a small document into the test's output folder and answers its path: Markdown with the
 * title as its first heading and a section under each of `headings`, or plain `text`.
 */
export function libraryFile(
  testInfo: TestInfo,
  name: string,
  content: { title: string; headings: string[] } | { text: string },
): string {
  const path = testInfo.outputPath(name);
  mkdirSync(dirname(path), { recursive: true });
  const body =
    'text' in content
      ? content.text
      : [
          `# ${content.title}\n\n${sectionText(content.title)}`,
          ...content.headings.map((heading) => `## ${heading}\n\n${sectionText(heading)}`),
        ].join('\n\n');
  writeFileSync(path, body + '\n');
  return path;
}

/** The file names of the rows shown, in order. */
export function rowNames(page: Page): Promise<(string | null)[]> {
  return page.getByTestId('doc-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));
}

/** What IndexedDB holds of each document, by name: when it was indexed and whether a removal is pending. */
export function storedRecords(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('carrel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const docs = await new Promise<{ name: string; indexedAt?: number; addedAt: number; removeAt?: number }[]>(
      (resolve) => {
        const request = db.transaction('documents').objectStore('documents').getAll();
        request.onsuccess = () => resolve(request.result);
      },
    );
    db.close();
    return docs
      .map((doc) => ({ name: doc.name, indexedAt: doc.indexedAt ?? doc.addedAt, removing: doc.removeAt !== undefined }))
      .sort((x, y) => x.name.localeCompare(y.name));
  });
}
