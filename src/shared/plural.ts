/** "1 passage", "3 passages": a number with its noun, singular for exactly one. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? noun : plural}`;
}
