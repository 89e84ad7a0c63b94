/**
 * Applies a batch of changed listings to a directory index in place (decision 0095): each keeps its slot (a newly
 * published one takes a free slot), its bits are cleared in every set and set again from its row, its values and city
 * are written by slot, and the default order and the value orders take it out and put it back at its place in one
 * pass each. Where a listing goes in the default order comes with the batch (its successor among the unchanged
 * listings, asked of PostgreSQL: directory-changes.server.ts). The result is a new version of the index; the batch
 * runs without giving way, so no request sees it half applied.
 */
import { emptyBitset, setBit, type Bitset } from "./bitset.ts";
import { AT_END } from "./default-order.ts";
import type { DirectoryIndex, SortValue } from "./directory-index.ts";
import { SLOT_VALUES, type IndexRow } from "./index-builder.ts";
import { markRow, setMaps, type RowSink } from "./mark-row.ts";
import { placesOf, reorder } from "./value-order.ts";

/** A changed listing still published, with the listing it comes before in the default order (null: last). */
export interface ChangedRow extends IndexRow {
  before: string | null;
}

export interface ChangeBatch {
  /** Listings no longer published (unpublished, archived, deleted). */
  gone: string[];
  /** Changed listings that are published, in the default order among themselves. */
  rows: ChangedRow[];
}

/** The batch cannot be applied to this index (no free slots left, or it disagrees with it): build a new one. */
export class NeedsRebuild extends Error {}

const SORT_VALUES: SortValue[] = ["created_ms", "latest_round_ms", "total_raised", "founded_year"];

/** The index after the batch: the columns are changed in place and a new version of the index is returned. */
export function applyChanges(index: DirectoryIndex, batch: ChangeBatch): DirectoryIndex {
  const c = index.parts;
  const { ids } = c;
  // Everything that could refuse the batch is checked before anything changes.
  const added = batch.rows.filter((row) => !ids.has(row.id)).length;
  if (ids.used + added > c.capacity) throw new NeedsRebuild(`no free slot for ${added} listings`);
  for (const row of batch.rows) {
    if (row.before !== null && !ids.has(row.before)) throw new NeedsRebuild(`listing ${row.before} is not in the index`);
  }

  // The slots leaving the orders (those changed that the index holds), found in them before any value or rank changes.
  const leaving: number[] = [];
  for (const id of [...batch.gone, ...batch.rows.map((row) => row.id)]) {
    const slot = ids.positionOf(id);
    if (slot !== undefined) leaving.push(slot);
  }
  const places = Object.fromEntries(
    SORT_VALUES.map((value) => [value, placesOf(c.valueOrders[value], c.values[value], c.order.rank, leaving)]),
  ) as Record<SortValue, number[]>;

  const changed = emptyBitset(c.capacity);
  const changedSlots: number[] = [];
  for (const id of batch.gone) {
    const slot = ids.remove(id);
    if (slot === undefined) continue;
    setBit(changed, slot);
    changedSlots.push(slot);
    c.cities.set(slot, null);
  }
  const rowSlots: number[] = [];
  let free = ids.used;
  for (const row of batch.rows) {
    let slot = ids.positionOf(row.id);
    if (slot === undefined) ids.place(row.id, (slot = free++));
    setBit(changed, slot);
    changedSlots.push(slot);
    rowSlots.push(slot);
  }

  const words: number[] = [];
  for (let w = 0; w < changed.length; w++) if (changed[w]) words.push(w);
  const clear = (set: Bitset) => {
    for (const w of words) set[w]! &= ~changed[w]!;
  };
  for (const sets of setMaps(c)) for (const set of sets.values()) clear(set);
  clear(c.all);
  for (const value of SLOT_VALUES) for (const slot of changedSlots) c.values[value][slot] = NaN;

  const sink: RowSink = {
    options: c.options,
    teaserOptions: c.teaserOptions,
    levels: c.levels,
    fieldLevelSets: c.fieldLevelSets,
    mark(sets, key, slot) {
      let set = sets.get(key);
      if (!set) sets.set(key, (set = emptyBitset(c.capacity)));
      setBit(set, slot);
    },
  };
  batch.rows.forEach((row, i) => {
    const slot = rowSlots[i]!;
    markRow(row, slot, sink);
    setBit(c.all, slot);
    for (const value of SLOT_VALUES) c.values[value][slot] = row[value] ?? NaN;
    c.cities.set(slot, row.hq_city);
  });

  c.order.apply(
    leaving,
    batch.rows.map((row, i) => ({ slot: rowSlots[i]!, before: row.before === null ? AT_END : ids.positionOf(row.before)! })),
  );
  for (const value of SORT_VALUES) {
    c.valueOrders[value] = reorder(c.valueOrders[value], places[value], leaving, c.values[value], c.order.rank, rowSlots);
  }
  return index.next(words);
}
