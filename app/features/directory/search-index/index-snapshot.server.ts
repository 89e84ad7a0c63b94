/**
 * The directory index as a snapshot (issue 33, decision 0100): every column of it (index-builder.ts IndexColumns) as
 * named typed arrays plus a small header, and back. A process starting on a million listings loads this in about a
 * second instead of reading every listing from the database (12-30 s), then applies the changes logged since the
 * snapshot's position (directory-index.server.ts). The sets a snapshot gives back are views over the one buffer the
 * file was read into, so loading allocates the file's size once and copies nothing.
 */
import { ACCESS_LEVELS, type AccessLevel } from "../../access/tiers.ts";
import type { Snapshot, SnapshotArray } from "~/lib/binary-snapshot.server.ts";
import type { Bitset } from "./bitset.ts";
import type { DescriptionSearch } from "./description-search.ts";
import { CityColumn } from "./city-column.ts";
import { DefaultOrder } from "./default-order.ts";
import { DirectoryIndex, type SortValue } from "./directory-index.ts";
import { SLOT_VALUES, type IndexColumns, type SlotValue } from "./index-builder.ts";
import { ListingIds } from "./listing-ids.ts";
import {
  cardTextOf,
  descriptionsOf,
  putCardText,
  putDescriptions,
  type CardTextMeta,
  type DescriptionsMeta,
} from "./text-index-snapshot.server.ts";
import type { ValueOrder } from "./value-order.ts";
import type { Dimension, FieldLevel, GatedFieldDimension, OptionSets, TeaserDimension } from "../viewer-options.ts";

/** Raised whenever what a snapshot holds changes shape: an older file is then ignored and the index built anew. */
const INDEX_SNAPSHOT_FORMAT = 3;

export interface IndexSnapshotMeta {
  format: number;
  /** The change-log position the index had seen (directory-changes.server.ts). */
  position: string;
  capacity: number;
  /** Per map of sets, its keys in the order their sets lie in its array. */
  maps: Record<string, string[]>;
  ids: { count: number; end: number };
  ascending: boolean;
  orderLength: number;
  cities: string[];
  sortValues: SortValue[];
  /** Each value order's length: the arrays hold the index's capacity, the room the order is moved in (value-order.ts). */
  valueOrderLengths: Record<string, number>;
  cardText: CardTextMeta;
  /** None when the description index had not been read yet when the snapshot was written. */
  descriptions?: DescriptionsMeta;
}

/** The maps of sets, each by a name in the snapshot. */
function setMapsOf(columns: IndexColumns): Map<string, Map<string, Bitset>> {
  const maps = new Map<string, Map<string, Bitset>>();
  for (const [dimension, sets] of Object.entries(columns.options)) maps.set(`options.${dimension}`, sets);
  for (const [dimension, sets] of Object.entries(columns.teaserOptions)) maps.set(`teaser.${dimension}`, sets);
  maps.set("levels", columns.levels);
  for (const [dimension, sets] of Object.entries(columns.fieldLevelSets)) maps.set(`fieldLevels.${dimension}`, sets);
  return maps;
}

/**
 * The index's columns and text indexes (the description index once read) as arrays and a header, at `position` in the
 * change log. Nothing is copied but the bitsets joined per map and the words as UTF-8.
 */
export function snapshotOf(index: DirectoryIndex, position: string, descriptions?: DescriptionSearch): Snapshot<IndexSnapshotMeta> {
  const columns = index.parts;
  const arrays = new Map<string, SnapshotArray>();
  const maps: Record<string, string[]> = {};
  const words = columns.capacity >>> 5;
  for (const [name, sets] of setMapsOf(columns)) {
    const keys = [...sets.keys()];
    const joined = new Uint32Array(keys.length * words);
    keys.forEach((key, i) => joined.set(sets.get(key)!, i * words));
    maps[name] = keys;
    arrays.set(`sets.${name}`, joined);
  }
  const ids = columns.ids.toParts();
  arrays.set("ids.bytes", ids.bytes);
  arrays.set("ids.slots", ids.slots);
  arrays.set("all", columns.all);
  const order = columns.order.toParts();
  arrays.set("order", order.buffer);
  arrays.set("order.rank", order.rank);
  const sortValues = Object.keys(columns.valueOrders) as SortValue[];
  const valueOrderLengths: Record<string, number> = {};
  for (const value of sortValues) {
    const { order, known } = columns.valueOrders[value];
    arrays.set(`valueOrder.${value}`, withRoom(order, columns.capacity));
    arrays.set(`valueKnown.${value}`, known);
    valueOrderLengths[value] = order.length;
  }
  for (const value of SLOT_VALUES) arrays.set(`values.${value}`, columns.values[value]);
  const cities = columns.cities.toParts();
  arrays.set("cities", cities.codes);
  const cardText = putCardText(arrays, columns.search);
  const descriptionsMeta = descriptions && putDescriptions(arrays, descriptions);
  return {
    meta: {
      format: INDEX_SNAPSHOT_FORMAT,
      position,
      capacity: columns.capacity,
      maps,
      ids: { count: ids.count, end: ids.end },
      ascending: order.ascending,
      orderLength: order.length,
      cities: [...cities.names],
      sortValues,
      valueOrderLengths,
      cardText,
      ...(descriptionsMeta && { descriptions: descriptionsMeta }),
    },
    arrays,
  };
}

/** A value order with the room after it up to the index's capacity (copied only when its buffer has less). */
function withRoom(order: Uint32Array, capacity: number): Uint32Array {
  if ((order.buffer.byteLength - order.byteOffset) >>> 2 >= capacity) return new Uint32Array(order.buffer, order.byteOffset, capacity);
  const room = new Uint32Array(capacity);
  room.set(order);
  return room;
}

/**
 * The index a snapshot holds (its position is in `snapshot.meta`) and its description index if it held one; throws
 * when an array it needs is missing.
 */
export function indexOfSnapshot(snapshot: Snapshot<IndexSnapshotMeta>): { index: DirectoryIndex; descriptions?: DescriptionSearch } {
  const { meta, arrays } = snapshot;
  if (meta.format !== INDEX_SNAPSHOT_FORMAT) throw new Error(`snapshot format ${meta.format}, expected ${INDEX_SNAPSHOT_FORMAT}`);
  const array = <A extends SnapshotArray>(name: string, type: new (...args: never[]) => A): A => {
    const found = arrays.get(name);
    if (!(found instanceof type)) throw new Error(`snapshot lacks ${name}`);
    return found;
  };
  const words = meta.capacity >>> 5;
  const setMap = (name: string): Map<string, Bitset> => {
    const joined = array(`sets.${name}`, Uint32Array);
    const keys = meta.maps[name] ?? [];
    return new Map(keys.map((key, i) => [key, joined.subarray(i * words, (i + 1) * words)]));
  };
  const prefixed = <K extends string>(prefix: string) =>
    Object.fromEntries(
      Object.keys(meta.maps)
        .filter((name) => name.startsWith(prefix))
        .map((name) => [name.slice(prefix.length), setMap(name)]),
    ) as Record<K, Map<string, Bitset>>;
  const levels = setMap("levels");
  const fieldLevelSets = prefixed<GatedFieldDimension>("fieldLevels.");
  const byLevel = (sets: Map<string, Bitset>, names: readonly string[]) =>
    Object.fromEntries(names.map((level) => [level, sets.get(level) ?? new Uint32Array(words)]));
  const valueOrders = Object.fromEntries(
    meta.sortValues.map((value): [SortValue, ValueOrder] => [
      value,
      // A view of the order's length over its room in the file's buffer: changes move it within that room.
      {
        order: array(`valueOrder.${value}`, Uint32Array).subarray(0, meta.valueOrderLengths[value]),
        known: array(`valueKnown.${value}`, Uint32Array),
      },
    ]),
  ) as Record<SortValue, ValueOrder>;
  const values = Object.fromEntries(SLOT_VALUES.map((value) => [value, array(`values.${value}`, Float64Array)])) as Record<
    SlotValue,
    Float64Array
  >;
  const all = array("all", Uint32Array);
  const columns: IndexColumns = {
    ids: ListingIds.fromParts({ bytes: array("ids.bytes", Uint8Array), slots: array("ids.slots", Int32Array), ...meta.ids }),
    all,
    options: prefixed<Dimension>("options.") as OptionSets,
    teaserOptions: prefixed<TeaserDimension>("teaser."),
    levels,
    fieldLevelSets,
    listingsAt: byLevel(levels, ACCESS_LEVELS) as Record<AccessLevel, Bitset>,
    fieldLevels: Object.fromEntries(
      Object.entries(fieldLevelSets).map(([dimension, sets]) => [dimension, byLevel(sets, [...ACCESS_LEVELS, "rule"])]),
    ) as Record<GatedFieldDimension, Record<FieldLevel, Bitset>>,
    capacity: meta.capacity,
    order: DefaultOrder.fromParts({
      buffer: array("order", Uint32Array),
      length: meta.orderLength,
      rank: array("order.rank", Float64Array),
      ascending: meta.ascending,
    }),
    valueOrders,
    values,
    cities: CityColumn.fromParts(array("cities", Int32Array), meta.cities),
    search: cardTextOf(array, meta.capacity, meta.cardText),
  };
  return {
    index: new DirectoryIndex(columns),
    ...(meta.descriptions && { descriptions: descriptionsOf(array, meta.capacity, meta.descriptions) }),
  };
}
