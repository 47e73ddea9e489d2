/** Small helpers shared by the benchmarks: statistics and the printed figures. */

export function median(values: ReadonlyArray<number>): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value at `share` (0–1) of the sorted values (the nearest rank below). */
export function percentile(values: ReadonlyArray<number>, share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/** Times in milliseconds as `median …, p95 …, max … ms, N <rateUnit>` (how many fit in a second, one after another). */
export function timingSummary(values: ReadonlyArray<number>, rateUnit = '/s'): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const totalMs = values.reduce((sum, value) => sum + value, 0);
  return `median ${ms(median(values))}, p95 ${ms(percentile(values, 0.95))}, max ${ms(Math.max(...values))}, ${(values.length / (totalMs / 1000)).toFixed(0)} ${rateUnit}`;
}

/** `kB` as vite prints it: 1,000 bytes. */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** A ratio `value / baseline` with two decimals, or `n/a` when the baseline is zero. */
export function ratio(value: number, baseline: number): string {
  if (baseline === 0) return 'n/a';
  return (value / baseline).toFixed(value / baseline < 0.01 && value !== 0 ? 4 : 2);
}

export function heading(title: string): void {
  console.log(`\n== ${title} ==`);
}

/** One aligned `label  value` line. */
export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(34)} ${value}`);
}
