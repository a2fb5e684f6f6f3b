/** A text histogram of sizes against a target range and hard bounds, with the share within bounds. */
export function histogram(label, values, { low, high, min, max }) {
  if (values.length === 0) return `${label}: none`;
  const buckets = [
    [`< ${min}`, (v) => v < min],
    [`${min}–${low - 1}`, (v) => v >= min && v < low],
    [`${low}–${high} (target)`, (v) => v >= low && v <= high],
    [`${high + 1}–${max}`, (v) => v > high && v <= max],
    [`> ${max}`, (v) => v > max],
  ];
  const counts = buckets.map(([, test]) => values.filter(test).length);
  const width = Math.max(...counts, 1);
  const within = values.filter((v) => v >= min && v <= max).length;
  const sorted = [...values].sort((a, b) => a - b);
  const lines = buckets.map(([name], i) => `  ${name.padEnd(18)} ${'█'.repeat(Math.round((counts[i] / width) * 40)).padEnd(40)} ${counts[i]}`);
  return [`${label}: n=${values.length}, median ${sorted[Math.floor(sorted.length / 2)]}, within ${min}–${max}: ${((within / values.length) * 100).toFixed(1)}%`, ...lines].join('\n');
}
