/**
 * A reactive value passed on at most once per `gapMs`: the first change at once, the ones that follow
 * within the gap as one, at its end, with the latest value. The library list reads its rows through
 * it: a folder of small files changes the rows a dozen times a second, and each change redrew rows and
 * laid out the list again, the page's largest cost per file (docs/benchmarks.md, "Stress and corpus
 * suites, 2026-11-28"). Create it while a component initialises (it owns an effect).
 */
import { untrack } from 'svelte';

export function paced<T>(read: () => T, gapMs: number): { readonly current: T } {
  let current = $state.raw(untrack(read));
  let shownAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    timer = undefined;
    current = untrack(read);
    shownAt = performance.now();
  };
  $effect(() => {
    read();
    const since = performance.now() - shownAt;
    if (timer === undefined && since >= gapMs) show();
    else timer ??= setTimeout(show, gapMs - since);
  });
  $effect(() => () => clearTimeout(timer));
  return {
    get current() {
      return current;
    },
  };
}
