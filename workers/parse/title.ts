/** A readable title from a file name: no extension, separators as spaces. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  return base.replace(/[_]+/g, ' ').trim() || fileName;
}
