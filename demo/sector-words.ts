/**
 * The demo generator's words for each of the 32 primary categories. A sector has several offers, lines of business
 * whose product, customers, method, outcomes, old way, pain and use cases belong together, so a profile built from
 * one offer reads as one company; sector-wide words (founders, proofs, timing, integrations) fit every offer. The data
 * lives in three files (sector-words-tech.ts and its siblings) as compact lines, parsed once here.
 */
import { CONSUMER_SECTORS } from "./sector-words-consumer.ts";
import { INDUSTRY_SECTORS } from "./sector-words-industry.ts";
import { TECH_SECTORS } from "./sector-words-tech.ts";

export interface Offer {
  /** Singular noun phrase without an article: "crop-yield forecasting platform". */
  product: string;
  /** Plural noun phrases: "grain farms". */
  customers: readonly string[];
  /** Reads after "with" or "built on": "satellite imagery and soil sensors". */
  method: string;
  /** Verb phrases that read after "to" or "helping X": "plan harvests six weeks earlier". */
  outcomes: readonly string[];
  /** Reads after "still rely on": "walking fields with a notebook". */
  oldWay: string;
  /** The problem, in whole sentences. */
  pain: string;
  useCases: ReadonlyArray<{ title: string; description: string }>;
}

export interface SectorWords {
  /** The primary category these words belong to. */
  name: string;
  /** The sector inside a sentence: "fintech", "AI", "aerospace and defense". */
  label: string;
  /** Name endings that say the sector ("Pay", "Health"). */
  suffixes: readonly string[];
  /** Primary categories a company of this sector often also belongs to. */
  related: readonly string[];
  founders: readonly string[];
  /** Sentences with {n} (a count scaled to the stage) and {country}. */
  proofs: readonly string[];
  timing: readonly string[];
  integrations: readonly string[];
  units: readonly string[];
  compliance: string;
  offers: readonly Offer[];
}

const LIST_KEYS = ["suffixes", "related", "founders", "proofs", "timing", "integrations", "units"] as const;

/** Parses one sector's lines; a missing field is a mistake in the data, caught when the module loads. */
function parseSector(name: string, text: string): SectorWords {
  const fields = new Map<string, string>();
  const offers: Offer[] = [];
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (key === "offer") offers.push(parseOffer(name, value));
    else fields.set(key, value);
  }
  const list = (key: string) => {
    const items = split(fields.get(key) ?? "", "|");
    if (!items.length) throw new Error(`sector words: ${name} has no ${key}`);
    return items;
  };
  if (offers.length < 3) throw new Error(`sector words: ${name} has ${offers.length} offers, fewer than 3`);
  return {
    name,
    label: fields.get("label") || name,
    ...(Object.fromEntries(LIST_KEYS.map((key) => [key, list(key)])) as Record<(typeof LIST_KEYS)[number], string[]>),
    compliance: fields.get("compliance") || "GDPR",
    offers,
  };
}

function split(text: string, separator: string): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseOffer(sector: string, line: string): Offer {
  const parts = line.split("|").map((part) => part.trim());
  const [product, customers, method, outcomes, oldWay, pain, useCases] = parts;
  if (parts.length !== 7 || !product || !customers || !method || !outcomes || !oldWay || !pain || !useCases)
    throw new Error(`sector words: an offer of ${sector} does not have its 7 fields: ${line.slice(0, 60)}`);
  return {
    product,
    customers: split(customers, ";"),
    method,
    outcomes: split(outcomes, ";"),
    oldWay,
    pain,
    useCases: split(useCases, ";").map((item) => {
      const [title, description] = item.split("~").map((part) => part.trim());
      if (!title || !description) throw new Error(`sector words: a use case of ${sector} is not "Title ~ description": ${item}`);
      return { title, description };
    }),
  };
}

export const SECTORS: ReadonlyMap<string, SectorWords> = new Map(
  Object.entries({ ...TECH_SECTORS, ...INDUSTRY_SECTORS, ...CONSUMER_SECTORS }).map(([name, text]) => [name, parseSector(name, text)]),
);

/**
 * The words for an industry record: a primary category by name, or a "Primary: Secondary" record of the migrated
 * taxonomy by its primary; anything else (an industry an operator added) reads as software.
 */
export function sectorWords(industryName: string): SectorWords {
  return SECTORS.get(industryName) ?? SECTORS.get(industryName.split(":")[0]!.trim()) ?? SECTORS.get("Software")!;
}
