/**
 * How the directory's two text indexes follow changes per listing (decision 0096), written once for both: the
 * card-text search (search-index.ts) and the description index (description-search.ts). The built index never
 * changes; a changed slot is masked out of its answers (`gone`) and answered by a small index of the changed listings
 * alone (`delta`), remade on the first search after a change. Past COMPACT_AT changed listings the two are merged into
 * a new built index in slices that give the event loop back; searches meanwhile answer from the old one and its
 * delta, and changes made meanwhile stay in the delta.
 */
import { AppError } from "~/lib/errors.ts";
import { emptyBitset, setBit, type Bitset } from "./bitset.ts";
import { runInSlices, type Steps } from "./sliced-steps.ts";

/** Changed listings answered beside the built index before the two are merged (each search remakes their index). */
export const COMPACT_AT = 1_024;

/** The changed listings, indexed on their own: their positions there, and each one's slot. */
export interface Delta<I> {
  index: I;
  slots: Uint32Array;
}

/** What a kind of text index brings: how to index a few values on their own, and how to merge. */
export interface TextIndexKind<I, V> {
  /** For errors ("search index", "description index"). */
  name: string;
  /** A copy of a value that its caller may change afterwards. */
  copy(value: V): V;
  /** The index of these values, at positions 0 to values.length - 1. */
  indexOf(values: V[]): I;
  /** The built index without `gone`, with the delta's listings, as one new built index. */
  merged(base: I, gone: Bitset, delta: I, slots: Uint32Array): Steps<I>;
}

/** A text index as it follows changes: SearchIndex and DescriptionSearch are this, with their own searches. */
export class ChangedSlots<I extends { readonly capacity: number }, V> {
  private built: I;
  /** Slots changed since `built` was made, with what they hold now (null: nothing to search). */
  private readonly changes = new Map<number, V | null>();
  /** The same slots as a bitset: masked out of the built index's answers. */
  private goneSlots: Bitset;
  private delta?: Delta<I>;
  private compacting?: Promise<void>;
  /** Whether a merge failed (a bug): the changed listings are then still answered, from a growing delta. */
  compactionFailed = false;

  constructor(
    base: I,
    private readonly kind: TextIndexKind<I, V>,
  ) {
    this.built = base;
    this.goneSlots = emptyBitset(base.capacity);
  }

  /** The built index. */
  protected get base(): I {
    return this.built;
  }

  /** The slots changed since it was built: masked out of its answers. */
  protected get gone(): Bitset {
    return this.goneSlots;
  }

  get capacity(): number {
    return this.built.capacity;
  }

  /** Listings changed since the built index was made (answered beside it until the next merge). */
  get changed(): number {
    return this.changes.size;
  }

  /**
   * What the listing at `slot` holds now (null: nothing to search): every answer after this call has it. A listing
   * moving between slots is update(old, null) and update(new, value).
   */
  update(slot: number, value: V | null): void {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.capacity) {
      throw new AppError("internal", `${this.kind.name}: slot ${slot} outside a capacity of ${this.capacity}`);
    }
    this.changes.set(slot, value === null ? null : this.kind.copy(value));
    setBit(this.goneSlots, slot);
    this.delta = undefined;
    if (this.changes.size >= COMPACT_AT && !this.compacting) {
      this.compact().catch(() => {
        this.compactionFailed = true;
      });
    }
  }

  /**
   * The built part and the listings changed since, for a snapshot (text-index-snapshot.server.ts); `restore` takes
   * the changes back. They are at most about COMPACT_AT listings, so they are kept as they are rather than merged.
   */
  state(): { base: I; changes: Array<[slot: number, value: V | null]> } {
    return { base: this.built, changes: [...this.changes] };
  }

  protected restore(changes: ReadonlyArray<[slot: number, value: V | null]>): void {
    for (const [slot, value] of changes) this.update(slot, value);
  }

  /** The changed listings' own index, or undefined when nothing changed. */
  protected deltaIndex(): Delta<I> | undefined {
    if (!this.changes.size) return undefined;
    if (this.delta) return this.delta;
    const live = [...this.changes].filter((entry): entry is [number, V] => entry[1] !== null).sort((a, b) => a[0] - b[0]);
    this.delta = { index: this.kind.indexOf(live.map(([, value]) => value)), slots: Uint32Array.from(live, ([slot]) => slot) };
    return this.delta;
  }

  /** The delta's index if a search has made it since the last change (for the memory report: it makes none). */
  protected get heldDelta(): I | undefined {
    return this.delta?.index;
  }

  /** Merges the changed listings into a new built index (on its own past COMPACT_AT changes; callers may await it). */
  compact(): Promise<void> {
    this.compacting ??= this.merge().finally(() => {
      this.compacting = undefined;
    });
    return this.compacting;
  }

  private async merge(): Promise<void> {
    const delta = this.deltaIndex();
    if (!delta) return;
    const taken = new Map(this.changes);
    this.built = await runInSlices(this.kind.merged(this.built, this.goneSlots.slice(), delta.index, delta.slots));
    // Changes made while merging stay; the ones merged leave the delta.
    for (const [slot, value] of taken) if (this.changes.get(slot) === value) this.changes.delete(slot);
    this.goneSlots = emptyBitset(this.capacity);
    for (const slot of this.changes.keys()) setBit(this.goneSlots, slot);
    this.delta = undefined;
  }
}
