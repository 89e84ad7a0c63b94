/**
 * The order of a directory page: which matching positions (slots) come first. The default order (featured first, then
 * name) is the index's DefaultOrder (default-order.ts, decision 0095): after a fresh build slots are in it, so a bitset
 * scan gives it; after changes it is a permutation; relevance is a list of groups, each in the
 * default order; a sort by a value (newest, recently funded, most raised) is a precomputed order of the
 * listings whose value the viewer may see, the others following in the default order. Every plan pages in one
 * pass without sorting the matches.
 */
import { countBits, difference, emptyBitset, hasBit, intersectInto, setBit, setPositions, uniteInto, type Bitset } from "./bitset.ts";
import type { DefaultOrder } from "./default-order.ts";

/** Members of a set in the default order: the index's, or slot order (a freshly built index, tests). */
type InOrder = (set: Bitset, skip: number, limit: number) => number[];

export type PagePlan =
  | { kind: "default" }
  /**
   * Relevance: the groups best first (a listing in several counts in the first), then `tail` in its order. With
   * `within` (ranking words, which do not narrow), the matching listings outside it follow all of that, in the default order.
   */
  | { kind: "groups"; groups: Bitset[]; tail?: Uint32Array; within?: Bitset }
  /** A value order: `order` lists positions by the value, best first; only those in `known` use it. */
  | { kind: "value"; order: Uint32Array; known: Bitset };

/** Up to `limit` positions of `matching` after skipping `offset`, in the plan's order (`order`: the index's default order). */
export function pagePositions(plan: PagePlan, matching: Bitset, offset: number, limit: number, order?: DefaultOrder): number[] {
  const inOrder: InOrder = order ? (set, skip, n) => order.page(set, skip, n) : setPositions;
  if (plan.kind === "default") return inOrder(matching, offset, limit);
  if (plan.kind === "groups" && plan.within) {
    const ranked = intersectInto(matching.slice(), plan.within);
    const page = pagePositions({ kind: "groups", groups: plan.groups, tail: plan.tail }, ranked, offset, limit, order);
    if (page.length >= limit) return page;
    const skip = page.length ? 0 : offset - countBits(ranked);
    page.push(...inOrder(difference(matching, plan.within), skip, limit - page.length));
    return page;
  }
  if (plan.kind === "groups") {
    if (!plan.tail?.length) return pageOfGroups(plan.groups, matching, offset, limit, inOrder);
    const head = difference(matching, tailSet(plan.tail, matching));
    const page = pageOfGroups(plan.groups, head, offset, limit, inOrder);
    if (page.length >= limit) return page;
    // Past the groups: skip what they held, then read the tail (the partial tier, decision 0082).
    let skip = page.length ? 0 : offset - countBits(head);
    for (const position of plan.tail) {
      if (!hasBit(matching, position)) continue;
      if (skip > 0) skip--;
      else if (page.push(position) >= limit) break;
    }
    return page;
  }
  return pageOfValues(plan.order, plan.known, matching, offset, limit, inOrder);
}

/** The tail's positions among `matching`, as a set. */
function tailSet(tail: Uint32Array, matching: Bitset): Bitset {
  const out = emptyBitset(matching.length * 32);
  for (const position of tail) if (hasBit(matching, position)) setBit(out, position);
  return out;
}

function pageOfGroups(groups: Bitset[], matching: Bitset, offset: number, limit: number, inOrder: InOrder): number[] {
  const out: number[] = [];
  const seen = emptyBitset(matching.length * 32);
  // One set for every group's members in turn (a set per group was the most made per text search at a million).
  const members = emptyBitset(matching.length * 32);
  let skip = offset;
  for (const group of [...groups, matching]) {
    if (out.length >= limit) break;
    for (let w = 0; w < members.length; w++) members[w] = group[w]! & ~seen[w]! & matching[w]!;
    uniteInto(seen, members);
    const n = countBits(members);
    if (skip >= n) {
      skip -= n;
      continue;
    }
    out.push(...inOrder(members, skip, limit - out.length));
    skip = 0;
  }
  return out;
}

function pageOfValues(order: Uint32Array, known: Bitset, matching: Bitset, offset: number, limit: number, inOrder: InOrder): number[] {
  const out: number[] = [];
  let skip = offset;
  for (const position of order) {
    if (!hasBit(known, position) || !hasBit(matching, position)) continue;
    if (skip > 0) skip--;
    else if (out.push(position) >= limit) return out;
  }
  // The rest, without a value the viewer may see, in the default order.
  out.push(...inOrder(difference(matching, known), skip, limit - out.length));
  return out;
}
