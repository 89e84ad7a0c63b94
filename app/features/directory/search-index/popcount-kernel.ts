/**
 * Counting the bits of big sets with the processor's own popcount instruction, through a 158-byte WebAssembly
 * function (decision 0103). JavaScript's bitwise operators work on 32 bits and have no popcount: the best count we
 * wrote in JavaScript (Harley-Seal, bitset.ts) takes about 1 ns a word, so counting 127 facet options over a million
 * listings took 3.7 ms of every directory query. WebAssembly's i64.popcnt is that instruction, over 64 bits: the same
 * count takes 0.5-0.7 ms, copies included.
 *
 * WebAssembly code reads only its own memory, so the sets are copied into it (a memcpy, about 2 µs for a million
 * listings' set); nothing of the index lives there, so nothing else changes and nothing can go stale. One scratch
 * memory per process, grown to the largest set seen (two sets: 250 kB at a million listings). JavaScript runs one
 * thing at a time and every call is synchronous, so the scratch is never shared by two counts.
 *
 * The function, in the text format (assembled with wabt's wat2wasm; the unit test checks it against a count in
 * JavaScript, bit for bit):
 *
 *   (module
 *     (import "env" "memory" (memory 1))
 *     ;; |a AND b| over `bytes` bytes (a multiple of 32) at byte offsets a and b (multiples of 8).
 *     (func (export "countAnd") (param $a i32) (param $b i32) (param $bytes i32) (result i32)
 *       (local $end i32) (local $n i64)
 *       (local.set $end (i32.add (local.get $a) (local.get $bytes)))
 *       (block $done
 *         (loop $next
 *           (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
 *           (local.set $n (i64.add (local.get $n) (i64.add
 *             (i64.add (i64.popcnt (i64.and (i64.load offset=0 (local.get $a)) (i64.load offset=0 (local.get $b))))
 *                      (i64.popcnt (i64.and (i64.load offset=8 (local.get $a)) (i64.load offset=8 (local.get $b)))))
 *             (i64.add (i64.popcnt (i64.and (i64.load offset=16 (local.get $a)) (i64.load offset=16 (local.get $b))))
 *                      (i64.popcnt (i64.and (i64.load offset=24 (local.get $a)) (i64.load offset=24 (local.get $b))))))))
 *           (local.set $a (i32.add (local.get $a) (i32.const 32)))
 *           (local.set $b (i32.add (local.get $b) (i32.const 32)))
 *           (br $next)))
 *       (i32.wrap_i64 (local.get $n))))
 */
const COUNT_AND_WASM =
  "AGFzbQEAAAABCAFgA39/fwF/Ag8BA2VudgZtZW1vcnkCAAEDAgEABwwBCGNvdW50QW5kAAAKZwFlAgF/AX4gACACaiEDAkADQCAAIANPDQEgBCAAKQMAIAEpAwCDeyAAKQMIIAEpAwiDe3wgACkDECABKQMQg3sgACkDGCABKQMYg3t8fHwhBCAAQSBqIQAgAUEgaiEBDAALCyAEpws=";

/** Below this many 32-bit words the copies and the call cost more than they save: the caller counts in JavaScript. */
export const KERNEL_MIN_WORDS = 256;

/** The function's loop takes 32 bytes a turn: eight 32-bit words. */
const WORDS_PER_TURN = 8;
const PAGE_BYTES = 65_536;

interface Kernel {
  memory: WebAssembly.Memory;
  countAnd: (a: number, b: number, bytes: number) => number;
  /** Words each of the two regions holds (a multiple of WORDS_PER_TURN). */
  regionWords: number;
}

let kernel: Kernel | undefined;

function kernelFor(words: number): Kernel {
  const regionWords = Math.ceil(words / WORDS_PER_TURN) * WORDS_PER_TURN;
  if (!kernel) {
    const module = new WebAssembly.Module(Uint8Array.from(atob(COUNT_AND_WASM), (c) => c.charCodeAt(0)));
    const memory = new WebAssembly.Memory({ initial: 1 });
    const { countAnd } = new WebAssembly.Instance(module, { env: { memory } }).exports as { countAnd: Kernel["countAnd"] };
    kernel = { memory, countAnd, regionWords: 0 };
  }
  if (regionWords > kernel.regionWords) {
    const needed = Math.ceil((2 * regionWords * 4) / PAGE_BYTES);
    const pages = kernel.memory.buffer.byteLength / PAGE_BYTES;
    if (needed > pages) kernel.memory.grow(needed - pages);
    kernel.regionWords = regionWords;
  }
  return kernel;
}

/**
 * |base AND set| for each of `sets` (all as long as `base`), in their order. The base is copied once; its words past
 * its end, up to the loop's next turn, are zero, so whatever the other region holds there counts nothing.
 */
export function countEachAnd(base: Uint32Array, sets: readonly Uint32Array[]): number[] {
  const words = base.length;
  const { memory, countAnd, regionWords } = kernelFor(words);
  const turnWords = Math.ceil(words / WORDS_PER_TURN) * WORDS_PER_TURN;
  const a = new Uint32Array(memory.buffer, 0, turnWords);
  const b = new Uint32Array(memory.buffer, regionWords * 4, words);
  a.set(base);
  a.fill(0, words);
  return sets.map((set) => {
    if (set.length !== words) throw new RangeError(`a set of ${set.length} words counted against one of ${words}`);
    if (set !== base) b.set(set);
    return countAnd(0, set === base ? 0 : regionWords * 4, turnWords * 4);
  });
}
