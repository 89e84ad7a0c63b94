/**
 * Realistic directory queries, randomized with a fixed seed so every run replays the same list. Each query is
 * the URL parameters a visitor's browser would send to /listings or /api/listings, with a category that says
 * what kind of visit it stands for. Values come from the reference lists the product ships with.
 */
import * as ref from "#demo/reference-data.ts";
import { directoryQueryToParams, parseDirectoryQuery } from "~/features/directory/directory-filters.ts";

export interface BenchQuery {
  id: number;
  category: string;
  /** The query string, without "?" (e.g. "type=startup&industries=AI&pageSize=50"). */
  params: string;
  pageSize: number;
  page: number;
}

/** mulberry32: small, fast and the same on every machine. */
class Rng {
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
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
  weighted<T extends string>(weights: Record<T, number>): T {
    const entries = Object.entries(weights) as Array<[T, number]>;
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll <= 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
}

const TYPES = ["startup", "investor", "partner"] as const;
const INDUSTRIES = ref.PRIMARY_CATEGORIES;
const GEOGRAPHIES = ref.GEOGRAPHIES;
const COUNTRIES = ref.COUNTRIES.map(([name]) => name);
const PERSONAS = ref.TARGET_PERSONAS;
const STAGES = ref.FUNDING_STAGES;
const MODELS = ref.BUSINESS_MODELS.map(([code]) => code);
const REVENUES = ref.REVENUE_RANGES.map(([code]) => code);

/** What people type: name prefixes, sector words, whole names, country names, multi-word phrases. */
const SEARCH_TEXT = [
  "nim",
  "nimbus",
  "health",
  "capital",
  "ventures",
  "robotics",
  "fin",
  "fintech",
  "pay",
  "ai",
  "labs",
  "quant",
  "kest",
  "meridian",
  "seed fund",
  "market entry",
  "consulting",
  "energy",
  "cyber",
  "logistics",
  "helio",
  "bio",
  "data",
  "cloud",
  "advisory",
  "growth",
  "germany",
  "singapore",
  "software",
  "retail",
  "vertex pay",
  "atlas",
  "summit capital",
  "real estate",
  "education",
  "agri",
  "web3",
  "sol",
  "zen",
  "orbit",
  "lumen health",
  "tandem",
  "harbor",
  "beacon labs",
  "climate",
  "insurance",
  "b2b saas",
  "ec",
  "partners asia",
  "angel",
];
/** Misspellings, for the trigram (typo-tolerant) path. */
const TYPOS = [
  "nimbsu",
  "kestral",
  "helth",
  "captial",
  "venturs",
  "robtics",
  "meridain",
  "quanta labz",
  "verteks",
  "luman",
  "sumit",
  "harbour",
  "zepher",
  "onix",
];

type Category =
  | "all"
  | "type"
  | "industries"
  | "type+industry+geography"
  | "country+persona"
  | "revenue"
  | "featured"
  | "stage/model"
  | "search"
  | "search-typo"
  | "deep-page"
  | "combination"
  | "investor-filters";

const WEIGHTS: Record<Category, number> = {
  all: 3,
  type: 10,
  industries: 10,
  "type+industry+geography": 12,
  "country+persona": 8,
  revenue: 6,
  featured: 6,
  "stage/model": 6,
  search: 14,
  "search-typo": 5,
  // Decision 0084: amount raised, team size, ticket size, last round and founded years, with their sorts.
  "investor-filters": 8,
  "deep-page": 8,
  combination: 12,
};

function pageSize(rng: Rng): number {
  return Number(rng.weighted({ "25": 60, "50": 25, "100": 15 }));
}

/** Most visits stay on the first pages. */
function shallowPage(rng: Rng): number {
  return rng.weighted({ "1": 70, "2": 15, "3": 8, more: 7 }) === "more" ? rng.int(4, 10) : rng.int(1, 3);
}

function build(category: Category, rng: Rng): URLSearchParams {
  const p = new URLSearchParams();
  const add = (name: string, values: readonly string[]) => values.forEach((v) => p.append(name, v));
  let page = shallowPage(rng);
  switch (category) {
    case "all":
      page = rng.int(1, 6);
      break;
    case "type":
      p.set("type", rng.pick(TYPES));
      break;
    case "industries":
      add("industries", rng.sample(INDUSTRIES, rng.int(1, 2)));
      if (rng.chance(0.3)) p.set("type", rng.pick(TYPES));
      break;
    case "type+industry+geography":
      p.set("type", rng.pick(TYPES));
      add("industries", rng.sample(INDUSTRIES, rng.int(1, 2)));
      add("geographies", rng.sample(GEOGRAPHIES, rng.int(1, 2)));
      break;
    case "country+persona":
      add("countries", rng.sample(COUNTRIES, rng.int(1, 2)));
      add("personas", rng.sample(PERSONAS, rng.int(1, 2)));
      if (rng.chance(0.3)) p.set("type", rng.pick(TYPES));
      break;
    case "revenue":
      add("revenueRanges", rng.sample(REVENUES, rng.int(1, 2)));
      if (rng.chance(0.5)) p.set("type", rng.pick(TYPES));
      break;
    case "featured":
      p.set("featured", "true");
      if (rng.chance(0.5)) p.set("type", rng.pick(TYPES));
      if (rng.chance(0.3)) add("industries", [rng.pick(INDUSTRIES)]);
      break;
    case "stage/model":
      if (rng.chance(0.6)) {
        p.set("type", rng.pick(["startup", "investor"]));
        add("fundingStages", rng.sample(STAGES, rng.int(1, 3)));
      } else {
        p.set("type", "partner");
        add("businessModels", rng.sample(MODELS, rng.int(1, 2)));
      }
      break;
    case "search":
      p.set("searchQuery", rng.pick(SEARCH_TEXT));
      if (rng.chance(0.3)) p.set("type", rng.pick(TYPES));
      if (rng.chance(0.2)) add("industries", [rng.pick(INDUSTRIES)]);
      page = rng.weighted({ "1": 85, "2": 10, "3": 5 }) === "1" ? 1 : rng.int(2, 3);
      break;
    case "search-typo":
      p.set("searchQuery", rng.pick(TYPOS));
      if (rng.chance(0.2)) p.set("type", rng.pick(TYPES));
      page = 1;
      break;
    case "deep-page":
      // Someone paging far into a broad list: page 40 is offset 1,000 to 4,000 depending on the page size.
      if (rng.chance(0.6)) p.set("type", rng.pick(TYPES));
      else if (rng.chance(0.5)) add("industries", [rng.pick(INDUSTRIES)]);
      page = rng.chance(0.5) ? 40 : rng.int(15, 80);
      break;
    case "combination": {
      if (rng.chance(0.7)) p.set("type", rng.pick(TYPES));
      const dims = rng.sample(
        ["industries", "geographies", "countries", "personas", "revenueRanges", "featured", "search", "stage"],
        rng.int(2, 4),
      );
      for (const dim of dims) {
        if (dim === "industries") add("industries", rng.sample(INDUSTRIES, rng.int(1, 3)));
        if (dim === "geographies") add("geographies", rng.sample(GEOGRAPHIES, rng.int(1, 2)));
        if (dim === "countries") add("countries", rng.sample(COUNTRIES, rng.int(1, 3)));
        if (dim === "personas") add("personas", rng.sample(PERSONAS, rng.int(1, 2)));
        if (dim === "revenueRanges") add("revenueRanges", rng.sample(REVENUES, rng.int(1, 3)));
        if (dim === "featured") p.set("featured", "true");
        if (dim === "search") p.set("searchQuery", rng.pick(SEARCH_TEXT));
        if (dim === "stage") add("fundingStages", rng.sample(STAGES, rng.int(1, 2)));
      }
      page = rng.chance(0.85) ? 1 : rng.int(2, 4);
      break;
    }
    case "investor-filters": {
      if (rng.chance(0.6)) p.set("type", rng.pick(["startup", "investor"]));
      const dims = rng.sample(["raised", "teamSize", "ticketSize", "lastRound", "lastInvestment", "founded", "industries"], rng.int(1, 3));
      for (const dim of dims) {
        if (dim === "raised") add("raised", rng.sample(["under-1m", "1m-5m", "5m-20m", "20m-100m", "over-100m"], rng.int(1, 2)));
        if (dim === "teamSize") add("teamSize", rng.sample(["1-10", "11-50", "51-200", "201-1000", "1000+"], rng.int(1, 2)));
        if (dim === "ticketSize") add("ticketSize", rng.sample(["under-500k", "500k-2m", "2m-10m", "over-10m"], rng.int(1, 2)));
        if (dim === "lastRound") p.set("lastRound", rng.pick(["3m", "6m", "12m", "24m"]));
        if (dim === "lastInvestment") p.set("lastInvestment", rng.pick(["3m", "6m", "12m", "24m"]));
        if (dim === "founded") p.set("foundedFrom", String(rng.int(2005, 2022)));
        if (dim === "industries") add("industries", [rng.pick(INDUSTRIES)]);
      }
      if (rng.chance(0.4)) p.set("sort", rng.pick(["most-raised", "recently-funded", "recently-founded"]));
      break;
    }
  }
  const size = pageSize(rng);
  if (size !== 25) p.set("pageSize", String(size));
  if (page > 1) p.set("page", String(page));
  return p;
}

/** The normalized form the server's 2-minute cache keys on: equal keys would be cache hits over HTTP. */
export function cacheKey(params: string): string {
  const parsed = parseDirectoryQuery(new URLSearchParams(params));
  if (!parsed.ok) throw new Error(`Generated an invalid query "${params}": ${parsed.error}`);
  const normalized = directoryQueryToParams(parsed.query);
  normalized.sort();
  return `${parsed.query.page}|${parsed.query.pageSize}|${normalized.toString()}`;
}

/**
 * `count` distinct queries (distinct by the server's cache key) from `seed`, skipping any key in `exclude`.
 * Bounded: gives up after 50 attempts per query.
 */
export function generateQueries(count: number, seed: number, exclude: Set<string> = new Set()): BenchQuery[] {
  const rng = new Rng(seed);
  const seen = new Set(exclude);
  const out: BenchQuery[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 50; attempts++) {
    const category = rng.weighted(WEIGHTS);
    const params = build(category, rng);
    const text = params.toString();
    const key = cacheKey(text);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: out.length + 1,
      category,
      params: text,
      pageSize: Number(params.get("pageSize") ?? 25),
      page: Number(params.get("page") ?? 1),
    });
  }
  if (out.length < count) throw new Error(`Could only generate ${out.length} distinct queries of ${count}.`);
  return [...out, ...sortedQueries(Math.ceil(count / 10), seed + 1, seen, out.length)];
}

const SORTS = ["newest", "recently-funded", "most-raised", "featured"] as const;

/**
 * A tenth more: visits that choose an order (issue 15). Generated from their own seed and appended, so the
 * queries of the other categories stay those of earlier runs and results compare across versions.
 */
function sortedQueries(count: number, seed: number, seen: Set<string>, before: number): BenchQuery[] {
  const rng = new Rng(seed);
  const out: BenchQuery[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 50; attempts++) {
    const params = build(rng.weighted({ type: 3, industries: 3, search: 2, combination: 2, "deep-page": 1 }), rng);
    params.set("sort", rng.pick(SORTS));
    const key = cacheKey(params.toString());
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: before + out.length + 1,
      category: "sorted",
      params: params.toString(),
      pageSize: Number(params.get("pageSize") ?? 25),
      page: Number(params.get("page") ?? 1),
    });
  }
  return out;
}

/** A few directory URLs real visitors open most: the landing state, each type tab, popular filters. */
export const POPULAR_DIRECTORY_URLS = [
  "/listings",
  "/listings?type=startup",
  "/listings?type=investor",
  "/listings?type=partner",
  "/listings?industries=AI",
  "/listings?type=startup&industries=FinTech&geographies=Europe",
  "/listings?searchQuery=health",
  "/listings?featured=true",
  "/listings?page=2",
  "/listings?type=investor&countries=Germany",
  "/listings?revenueRanges=1m_to_5m",
  "/listings?type=startup&pageSize=50",
];
