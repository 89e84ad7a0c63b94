/** Latency summaries: nearest-rank percentiles over every recorded sample (no sampling, no histogram buckets). */

export interface LatencySummary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Two decimals: what every recorded time and rate is rounded to. */
export const round = (n: number) => Math.round(n * 100) / 100;

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    min: round(sorted[0] ?? Number.NaN),
    mean: round(sorted.reduce((sum, x) => sum + x, 0) / (sorted.length || 1)),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** Groups samples by a key and summarizes each group, largest p95 first. */
export function summarizeBy<T>(items: T[], key: (item: T) => string, value: (item: T) => number): Record<string, LatencySummary> {
  const groups = new Map<string, number[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k) ?? [];
    list.push(value(item));
    groups.set(k, list);
  }
  const entries = [...groups].map(([k, v]) => [k, summarize(v)] as const).sort((a, b) => b[1].p95 - a[1].p95);
  return Object.fromEntries(entries);
}

export function ms(n: number): string {
  return Number.isFinite(n) ? `${n.toFixed(1)} ms` : "n/a";
}
