/**
 * The two text indexes as parts of the directory index's snapshot (index-snapshot.server.ts, decision 0101): the search
 * over card text and, once read, the description index, as named typed arrays plus a few listings changed since they
 * were built. A process starting from the snapshot then holds neither the card text (names, taglines: 140 MB of strings
 * at a million listings) nor has to read the descriptions' lexemes from the database again.
 *
 * Words and lexemes are stored as UTF-8 and made strings again on load (a binary search compares them as strings);
 * postings, bitsets and the other numbers are views over the snapshot's buffer.
 */
import { decodeStrings, encodeStrings, type SnapshotArray } from "~/lib/binary-snapshot.server.ts";
import type { Bitset } from "./bitset.ts";
import { CardTextIndex, SortedNames, Stems } from "./card-text-index.ts";
import { DescriptionIndex } from "./description-index.ts";
import { DescriptionSearch } from "./description-search.ts";
import { SearchIndex, type SearchableListing } from "./search-index.ts";
import { Vocabulary } from "./search-vocabulary.ts";

/** What a text index keeps in the snapshot's header: the listings changed since its built part was made. */
export interface CardTextMeta {
  changes: Array<[slot: number, listing: SearchableListing | null]>;
}
export interface DescriptionsMeta {
  changes: Array<[slot: number, lexemes: readonly string[] | null]>;
}

type Arrays = Map<string, SnapshotArray>;
type Reader = <A extends SnapshotArray>(name: string, type: new (...args: never[]) => A) => A;

/** The card-text search into `arrays` under "cardText.". */
export function putCardText(arrays: Arrays, search: SearchIndex): CardTextMeta {
  const { base, changes } = search.state();
  const parts = base.toParts();
  const names = parts.names.toParts();
  putStrings(arrays, "cardText.names.pieces", names.pieces);
  arrays.set("cardText.names.starts", names.starts);
  arrays.set("cardText.names.slots", names.slots);
  putVocabulary(arrays, "cardText.nameWords", parts.nameWords);
  putVocabulary(arrays, "cardText.cardWords", parts.cardWords);
  const stems = parts.cardStems.toParts();
  putStrings(arrays, "cardText.stems", stems.stems);
  arrays.set("cardText.stems.words", stems.words);
  return { changes };
}

/** The card-text search `putCardText` stored, with its changes applied again. */
export function cardTextOf(array: Reader, capacity: number, meta: CardTextMeta): SearchIndex {
  const base = new CardTextIndex({
    capacity,
    names: new SortedNames(
      stringsOf(array, "cardText.names.pieces"),
      array("cardText.names.starts", Uint32Array),
      array("cardText.names.slots", Uint32Array),
    ),
    nameWords: vocabularyOf(array, "cardText.nameWords"),
    cardWords: vocabularyOf(array, "cardText.cardWords"),
    cardStems: new Stems(stringsOf(array, "cardText.stems"), array("cardText.stems.words", Uint32Array)),
  });
  return SearchIndex.restored(base, meta.changes);
}

/** The description index into `arrays` under "descriptions.". */
export function putDescriptions(arrays: Arrays, descriptions: DescriptionSearch): DescriptionsMeta {
  const { base, changes } = descriptions.state();
  const parts = base.toParts();
  putStrings(arrays, "descriptions.terms", base.terms);
  arrays.set("descriptions.starts", parts.starts);
  arrays.set("descriptions.postings", parts.postings);
  putBitsets(arrays, "descriptions.dense", parts.dense);
  return { changes };
}

export function descriptionsOf(array: Reader, capacity: number, meta: DescriptionsMeta): DescriptionSearch {
  const base = new DescriptionIndex(
    capacity,
    stringsOf(array, "descriptions.terms"),
    array("descriptions.starts", Uint32Array),
    array("descriptions.postings", Uint8Array),
    bitsetsOf(array, "descriptions.dense"),
  );
  return DescriptionSearch.restored(base, meta.changes);
}

function putVocabulary(arrays: Arrays, name: string, vocabulary: Vocabulary): void {
  const parts = vocabulary.toParts();
  putStrings(arrays, `${name}.words`, parts.words);
  arrays.set(`${name}.starts`, parts.starts);
  arrays.set(`${name}.postings`, parts.postings);
  putBitsets(arrays, `${name}.common`, parts.common);
  arrays.set(`${name}.letters`, parts.letters);
  arrays.set(`${name}.byLength`, parts.byLength);
  arrays.set(`${name}.lengthStarts`, parts.lengthStarts);
}

function vocabularyOf(array: Reader, name: string): Vocabulary {
  return new Vocabulary({
    words: stringsOf(array, `${name}.words`),
    starts: array(`${name}.starts`, Uint32Array),
    postings: array(`${name}.postings`, Uint32Array),
    common: bitsetsOf(array, `${name}.common`),
    letters: array(`${name}.letters`, Int32Array),
    byLength: array(`${name}.byLength`, Uint32Array),
    lengthStarts: array(`${name}.lengthStarts`, Uint32Array),
  });
}

function putStrings(arrays: Arrays, name: string, strings: readonly string[]): void {
  const { bytes, ends } = encodeStrings(strings);
  arrays.set(name, bytes);
  arrays.set(`${name}.ends`, ends);
}

function stringsOf(array: Reader, name: string): string[] {
  return decodeStrings(array(name, Uint8Array), array(`${name}.ends`, Int32Array)).map((value) => value ?? "");
}

/** Bitsets by number: the numbers, where each set starts in one joined array (one more for the end), the sets. */
function putBitsets(arrays: Arrays, name: string, sets: ReadonlyMap<number, Bitset>): void {
  const keys = Uint32Array.from(sets.keys());
  const starts = new Uint32Array(keys.length + 1);
  keys.forEach((key, i) => (starts[i + 1] = starts[i]! + sets.get(key)!.length));
  const joined = new Uint32Array(starts[keys.length]!);
  keys.forEach((key, i) => joined.set(sets.get(key)!, starts[i]!));
  arrays.set(`${name}.keys`, keys);
  arrays.set(`${name}.starts`, starts);
  arrays.set(name, joined);
}

function bitsetsOf(array: Reader, name: string): Map<number, Bitset> {
  const keys = array(`${name}.keys`, Uint32Array);
  const starts = array(`${name}.starts`, Uint32Array);
  const joined = array(name, Uint32Array);
  return new Map(Array.from(keys, (key, i) => [key, joined.subarray(starts[i]!, starts[i + 1]!)]));
}
