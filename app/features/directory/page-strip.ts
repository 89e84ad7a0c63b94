/** The page-number strip of spec 01 §9. "ellipsis" marks a gap. */
export type PageStripItem = number | "ellipsis";

export function pageStrip(current: number, total: number): PageStripItem[] {
  if (total <= 0) return [];
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  if (current <= 4) return [1, 2, 3, 4, 5, "ellipsis", total];
  if (current >= total - 3) return [1, "ellipsis", total - 4, total - 3, total - 2, total - 1, total];
  return [1, "ellipsis", current - 1, current, current + 1, "ellipsis", total];
}
