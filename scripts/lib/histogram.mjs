/** Text histograms of chunk sizes against a target range and hard bounds. */

const percent = (n, total) => `${((n / total) * 100).toFixed(1)}%`;

/** A labelled histogram of `values` in five buckets around target `low–high` and bounds `min–max`, with the shares in each. */
export function histogram(label, values, { low, high, min, max }) {
  if (values.length === 0) return `${label}: none`;
  /** @type {[string, (value: number) => boolean][]} */
  const buckets = [
    [`< ${min}`, (v) => v < min],
    [`${min}–${low - 1}`, (v) => v >= min && v < low],
    [`${low}–${high} (target)`, (v) => v >= low && v <= high],
    [`${high + 1}–${max}`, (v) => v > high && v <= max],
    [`> ${max}`, (v) => v > max],
  ];
  const counts = buckets.map(([, test]) => values.filter(test).length);
  const widest = Math.max(...counts, 1);
  const sorted = [...values].sort((a, b) => a - b);
  const within = values.filter((v) => v >= min && v <= max).length;
  const header =
    `${label}: n=${values.length}, median ${sorted[Math.floor(sorted.length / 2)]}, range ${sorted[0]}–${sorted.at(-1)}; ` +
    `in target ${low}–${high}: ${percent(counts[2], values.length)}, within bounds ${min}–${max}: ${percent(within, values.length)}`;
  const bars = buckets.map(
    ([name], i) =>
      `  ${name.padEnd(18)} ${'█'.repeat(Math.round((counts[i] / widest) * 40)).padEnd(40)} ${String(counts[i]).padStart(5)}  ${percent(counts[i], values.length).padStart(6)}`,
  );
  return [header, ...bars].join('\n');
}
