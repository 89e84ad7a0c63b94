/**
 * Never fewer than 5 (issue 36 "Owner insights", decision 0117): no count an owner is sent is between 1 and 4, and none
 * can be worked out from the others. A small bucket is folded into "Other"; when the small ones together are still
 * under 5, the next smallest shown bucket joins them (complementary suppression), so the total minus the buckets
 * shown is always 0 or at least 5 and never one small bucket's count. When everything together is under 5, nothing
 * is shown, not even the total. A week's count stands alone (safeCell): no total that includes a week under 5 is
 * ever sent, so no subtraction finds it. Pure, so the attacks are tested without a database.
 */
export const MIN_SHOWN = 5;

export interface CountedBucket {
  key: string;
  label: string;
  count: number;
}

export type SafeBreakdown =
  /** Fewer than MIN_SHOWN in all: no number is sent. */
  | { status: "too_few" }
  | {
      status: "shown";
      /** Each at least MIN_SHOWN, largest first. */
      buckets: CountedBucket[];
      /** The folded buckets together (at least MIN_SHOWN), or null when nothing was folded. */
      other: { label: string; count: number } | null;
      /** Buckets plus other: nothing is left over. */
      total: number;
    };

export const OTHER_SMALL = "Other (fewer than 5 each)";
export const OTHER_MIXED = "Other (small groups together)";

const byCount = (a: CountedBucket, b: CountedBucket) => b.count - a.count || a.key.localeCompare(b.key);

/** A breakdown (views by plan, by type, by industry) as it may be shown. Zero buckets are left out. */
export function safeBreakdown(buckets: readonly CountedBucket[], min = MIN_SHOWN): SafeBreakdown {
  const counted = buckets.filter((b) => b.count > 0).sort(byCount);
  const total = counted.reduce((n, b) => n + b.count, 0);
  if (total < min) return { status: "too_few" };
  const shown = counted.filter((b) => b.count >= min);
  let folded = counted.filter((b) => b.count < min);
  let other = folded.reduce((n, b) => n + b.count, 0);
  let mixed = false;
  // The small ones together would give themselves away by subtraction: the smallest shown one joins them.
  while (other > 0 && other < min && shown.length) {
    const next = shown.pop()!;
    folded = [...folded, next];
    other += next.count;
    mixed = true;
  }
  return {
    status: "shown",
    buckets: shown,
    other: other > 0 ? { label: mixed ? OTHER_MIXED : OTHER_SMALL, count: other } : null,
    total,
  };
}

/** One week's count as it may be shown: its number when 0 or at least MIN_SHOWN, else only that it is under. */
export type SafeCell = { shown: true; count: number } | { shown: false };

export function safeCell(count: number, min = MIN_SHOWN): SafeCell {
  return count === 0 || count >= min ? { shown: true, count } : { shown: false };
}
