/** A small seeded PRNG (mulberry32): the same seed always yields the same demo data. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** One item, each as likely as its weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, weight] of items) total += weight;
    let roll = this.next() * total;
    for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
    return items.at(-1)![0];
  }
  /** `count` distinct items, in random order. Copies `items`: for short lists only (see `distinctIndexes`). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
  /** Up to `count` distinct indexes below `size`, without copying anything: for pools of any size. */
  distinctIndexes(size: number, count: number): number[] {
    const out: number[] = [];
    for (let tries = 0; out.length < Math.min(count, size) && tries < count * 8; tries++) {
      const index = Math.floor(this.next() * size);
      if (!out.includes(index)) out.push(index);
    }
    return out;
  }
}
