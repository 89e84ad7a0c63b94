/**
 * The first pass of the demo generator: every listing's type, featured flag, sector, kind and name, the planted
 * duplicates, and each listing's rank in the directory's default order, before any text is written.
 */
import { INVESTOR_KINDS, investsIn, PARTNER_KINDS } from "./firm-facts.ts";
import { ROUND_LADDER, type RoundType } from "./company-facts.ts";
import { GENERIC_STARTUP_ENDINGS, NameMaker } from "./company-names.ts";
import type { ReferenceIds } from "./generate-listings.ts";
import { LANDMARK_BRANDS, LANDMARKS } from "./landmark-listings.ts";
import { Random } from "./random.ts";
import { sectorWords } from "./sector-words.ts";

/**
 * Real directories hold duplicates, so the demo data does too (issue 5): one listing in DUPLICATE_EVERY repeats an
 * earlier listing of its type, alternately as a sure duplicate (same site and LinkedIn page, another legal form:
 * the cleanup tool merges it) and as a near one (the same name, another legal form, no site: a name alone goes to
 * manual review). It takes the original's sector, industries and countries, as the same company entered twice would,
 * and writes its own text.
 */
const DUPLICATE_EVERY = 97;
export const TYPES = ["startup", "investor", "partner"] as const;

/** Low-discrepancy: keeps the 60/25/15 mix exact at any size. */
function typeAt(i: number): number {
  const roll = (i * 0.6180339887) % 1;
  return roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2;
}

export interface Plan {
  types: Uint8Array;
  featured: Uint8Array;
  /** Index into refs.industries of the sector the text is written from. */
  sector: Uint16Array;
  /** Index into INVESTOR_KINDS or PARTNER_KINDS. */
  kind: Uint8Array;
  focus: Uint8Array;
  names: string[];
  duplicateOf: Int32Array;
  landmark: Int16Array;
  /** Position in the type's default directory order. */
  rank: Int32Array;
  /** Investor names by the round types their focus covers. */
  pools: Map<RoundType, string[]>;
}

export function planListings(count: number, refs: ReferenceIds, seed: number): Plan {
  const rng = new Random(seed);
  const maker = new NameMaker(rng, LANDMARK_BRANDS);
  for (const landmark of LANDMARKS) maker.claim(landmark.name);
  const plan: Plan = {
    types: new Uint8Array(count),
    featured: new Uint8Array(count),
    sector: new Uint16Array(count),
    kind: new Uint8Array(count),
    focus: new Uint8Array(count),
    names: new Array<string>(count),
    duplicateOf: new Int32Array(count).fill(-1),
    landmark: new Int16Array(count).fill(-1),
    rank: new Int32Array(count),
    pools: new Map(ROUND_LADDER.map((type) => [type, []])),
  };
  const sectorIndex = new Map(refs.industries.map((industry, index) => [industry.name, index]));
  const landmarks = TYPES.map((type) => LANDMARKS.map((l, index) => [l, index] as const).filter(([l]) => l.type === type));
  const originals: number[][] = [[], [], []];
  const investorWeights = INVESTOR_KINDS.map((kind, index) => [index, kind.weight] as const);
  const partnerWeights = PARTNER_KINDS.map((kind, index) => [index, kind.weight] as const);
  let planted = 0;

  for (let i = 0; i < count; i++) {
    const t = typeAt(i);
    plan.types[i] = t;
    plan.featured[i] = rng.chance(t === 0 ? 0.12 : 0.05) ? 1 : 0;
    if (i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 && originals[t]!.length) {
      const original = originals[t]![(planted * 7) % originals[t]!.length]!;
      const sure = planted % 2 === 0;
      plan.names[i] = `${plan.names[original]} ${sure ? (planted % 4 === 0 ? "Inc." : "GmbH") : "Ltd"}`;
      plan.duplicateOf[i] = original;
      plan.sector[i] = plan.sector[original]!;
      plan.kind[i] = plan.kind[original]!;
      plan.focus[i] = plan.focus[original]!;
      planted++;
      continue;
    }
    const next = landmarks[t]!.shift();
    if (next) {
      const [landmark, index] = next;
      plan.landmark[i] = index;
      plan.names[i] = landmark.name;
      plan.sector[i] = sectorIndex.get(landmark.sectors[0]!) ?? rng.int(0, refs.industries.length - 1);
      plan.kind[i] = Math.max(
        0,
        (t === 1 ? INVESTOR_KINDS : PARTNER_KINDS).findIndex((k) => k.key === landmark.kind),
      );
      plan.focus[i] = landmark.focus ?? 0;
    } else {
      plan.sector[i] = rng.int(0, refs.industries.length - 1);
      if (t === 0) {
        const words = sectorWords(refs.industries[plan.sector[i]!]!.name);
        plan.names[i] = maker.make(rng.chance(0.65) ? words.suffixes : GENERIC_STARTUP_ENDINGS, 0.2);
      } else if (t === 1) {
        const kind = rng.weighted(investorWeights);
        plan.kind[i] = kind;
        plan.focus[i] = rng.int(0, INVESTOR_KINDS[kind]!.focus.length - 1);
        plan.names[i] = maker.make(INVESTOR_KINDS[kind]!.suffixes, 0);
      } else {
        const kind = rng.weighted(partnerWeights);
        plan.kind[i] = kind;
        plan.names[i] = maker.make(PARTNER_KINDS[kind]!.suffixes, 0);
      }
    }
    originals[t]!.push(i);
    if (t === 1) {
      const kind = INVESTOR_KINDS[plan.kind[i]!]!;
      const focus = kind.focus[plan.focus[i]!] ?? kind.focus[0]!;
      for (const round of ROUND_LADDER) if (investsIn(focus, round)) plan.pools.get(round)!.push(plan.names[i]!);
    }
  }

  // Ranks in the directory's default order (featured first, then name; the database collation is C, as here).
  for (let t = 0; t < TYPES.length; t++) {
    const order: number[] = [];
    for (let i = 0; i < count; i++) if (plan.types[i] === t) order.push(i);
    const names = plan.names;
    order.sort((x, y) => plan.featured[y]! - plan.featured[x]! || (names[x]! < names[y]! ? -1 : names[x]! > names[y]! ? 1 : 0));
    order.forEach((i, position) => (plan.rank[i] = position));
  }
  return plan;
}
