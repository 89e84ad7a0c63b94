import { asc } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { OwnedTtlCache } from "~/lib/ttl-cache.ts";

export interface ReferenceItem {
  id: number;
  name: string;
}
export interface CodedItem extends ReferenceItem {
  code: string;
}
export interface CountryItem extends ReferenceItem {
  isoCode: string;
  emoji: string | null;
}

/** An industry record and its place in the taxonomy (spec 02 §3), by which old filter links still find it. */
export interface IndustryItem extends ReferenceItem {
  primaryCategory: string | null;
  secondaryCategory: string | null;
  industryKey: string | null;
  preMigrationName: string | null;
}

export interface ReferenceData {
  industries: IndustryItem[];
  geographies: ReferenceItem[];
  fundingStages: ReferenceItem[];
  countries: CountryItem[];
  targetPersonas: ReferenceItem[];
  businessModels: CodedItem[];
  revenueRanges: CodedItem[];
  visibilityLevels: Array<ReferenceItem & { displayName: string; rank: number }>;
}

/**
 * Reference data is stale after 60 minutes (spec 01 §9), or at once when a list or a tier record (their names and
 * ranks are in it) changed through any app server (decision 0049).
 */
const cache = new OwnedTtlCache<ReferenceData>(60 * 60 * 1000, 1);
onChange(["reference-lists", "tier-records"], (database) => cache.clear(database));

export function getReferenceData(database: Database): Promise<ReferenceData> {
  return cache.get(database, "all", () => loadReferenceData(database));
}

async function loadReferenceData({ db }: Database): Promise<ReferenceData> {
  const [industries, geographies, fundingStages, countries, targetPersonas, businessModels, revenueRanges, visibilityLevels] =
    await Promise.all([
      db
        .select({
          id: s.industries.id,
          name: s.industries.name,
          primaryCategory: s.industries.primaryCategory,
          secondaryCategory: s.industries.secondaryCategory,
          industryKey: s.industries.industryKey,
          preMigrationName: s.industries.preMigrationName,
        })
        .from(s.industries)
        .orderBy(asc(s.industries.name)),
      db.select({ id: s.geographies.id, name: s.geographies.name }).from(s.geographies).orderBy(asc(s.geographies.id)),
      db.select({ id: s.fundingStages.id, name: s.fundingStages.name }).from(s.fundingStages).orderBy(asc(s.fundingStages.sortOrder)),
      db
        .select({ id: s.countries.id, name: s.countries.name, isoCode: s.countries.isoCode, emoji: s.countries.emoji })
        .from(s.countries)
        .orderBy(asc(s.countries.name)),
      db.select({ id: s.targetPersonas.id, name: s.targetPersonas.name }).from(s.targetPersonas).orderBy(asc(s.targetPersonas.name)),
      db
        .select({ id: s.businessModels.id, code: s.businessModels.code, name: s.businessModels.name })
        .from(s.businessModels)
        .orderBy(asc(s.businessModels.id)),
      db
        .select({ id: s.revenueRanges.id, code: s.revenueRanges.code, name: s.revenueRanges.name })
        .from(s.revenueRanges)
        .orderBy(asc(s.revenueRanges.sortOrder)),
      db
        .select({
          id: s.visibilityLevels.id,
          name: s.visibilityLevels.name,
          displayName: s.visibilityLevels.displayName,
          rank: s.visibilityLevels.rank,
        })
        .from(s.visibilityLevels)
        .orderBy(asc(s.visibilityLevels.rank)),
    ]);
  return { industries, geographies, fundingStages, countries, targetPersonas, businessModels, revenueRanges, visibilityLevels };
}

/** Id → name lookups for turning a listing's id arrays into names without joins. */
export interface ReferenceIndex {
  industry: Map<number, string>;
  geography: Map<number, string>;
  fundingStage: Map<number, string>;
  country: Map<number, string>;
  persona: Map<number, string>;
  businessModel: Map<number, string>;
  revenueRange: Map<number, string>;
}

export function indexReferenceData(ref: ReferenceData): ReferenceIndex {
  const byId = <T extends ReferenceItem>(items: T[], label: (x: T) => string = (x) => x.name) =>
    new Map(items.map((x) => [x.id, label(x)]));
  return {
    industry: byId(ref.industries),
    geography: byId(ref.geographies),
    fundingStage: byId(ref.fundingStages),
    country: byId(ref.countries),
    persona: byId(ref.targetPersonas),
    businessModel: byId(ref.businessModels, (x) => x.code),
    revenueRange: byId(ref.revenueRanges, (x) => x.code),
  };
}

export function namesOf(ids: readonly number[], map: Map<number, string>): string[] {
  return ids.flatMap((id) => {
    const name = map.get(id);
    return name === undefined ? [] : [name];
  });
}
