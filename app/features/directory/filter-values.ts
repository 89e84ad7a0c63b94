/**
 * Filter values as the URL carries them (names; codes for business models and revenue ranges; names or ISO codes
 * for countries) to the reference ids the index is keyed by. Links the app produced keep working across the
 * industries migration (spec 02 §3): an industry value may name a record, its key ("AI::Machine Learning"), a
 * primary category ("AI": every record under it, which is what the flat list's "AI" meant), a secondary label
 * (every record with it), or a record's name before the migration.
 *
 * Cities are no reference list: they are the listings' own words, resolved against the directory index
 * (city-column.ts). A city no listing has is no error: it finds nothing, the same for every viewer, so that whether a
 * city is known tells no one about a headquarters they may not see (decision 0088).
 */
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import type { DirectoryQuery, ListFilter } from "./directory-filters.ts";
import { LIST_FILTERS } from "./directory-filters.ts";
import { BAND_CODES } from "./investor-filters.ts";

export interface ResolvedFilters {
  /** Per filter, the reference ids its values stand for (as index keys). */
  keys: Record<ListFilter, string[]>;
  /** Values that stand for nothing we have. */
  unknown: Array<{ filter: ListFilter; value: string }>;
}

type Pool = Array<{ id: number; keys: Array<string | null> }>;

function pools(ref: ReferenceData): Record<ListFilter, Pool> {
  return {
    industries: ref.industries.map((x) => ({
      id: x.id,
      keys: [x.name, x.industryKey, x.primaryCategory, x.secondaryCategory, x.preMigrationName],
    })),
    geographies: ref.geographies.map((x) => ({ id: x.id, keys: [x.name] })),
    countries: ref.countries.map((x) => ({ id: x.id, keys: [x.name, x.isoCode] })),
    personas: ref.targetPersonas.map((x) => ({ id: x.id, keys: [x.name] })),
    fundingStages: ref.fundingStages.map((x) => ({ id: x.id, keys: [x.name] })),
    businessModels: ref.businessModels.map((x) => ({ id: x.id, keys: [x.code] })),
    revenueRanges: ref.revenueRanges.map((x) => ({ id: x.id, keys: [x.code] })),
    // Bands are keyed by their codes, not reference ids (investor-filters.ts), and cities by the index's own codes:
    // resolveFilterValues passes both through.
    cities: [],
    raised: [],
    teamSize: [],
    ticketSize: [],
  };
}

/** Every filter value of a query resolved, compared without case; a value may stand for several records. */
export function resolveFilterValues(query: Pick<DirectoryQuery, ListFilter>, ref: ReferenceData): ResolvedFilters {
  const byFilter = pools(ref);
  const keys = {} as Record<ListFilter, string[]>;
  const unknown: ResolvedFilters["unknown"] = [];
  for (const filter of LIST_FILTERS) {
    if (filter in BAND_CODES) {
      const codes: readonly string[] = BAND_CODES[filter as keyof typeof BAND_CODES];
      const wanted = query[filter].map((v) => v.toLowerCase());
      for (const value of wanted) if (!codes.includes(value)) unknown.push({ filter, value });
      keys[filter] = [...new Set(wanted.filter((v) => codes.includes(v)))];
      continue;
    }
    if (filter === "cities") {
      keys[filter] = query.cities;
      continue;
    }
    const ids = new Set<number>();
    for (const value of query[filter]) {
      const wanted = value.toLowerCase();
      const hits = byFilter[filter].filter((item) => item.keys.some((k) => k?.toLowerCase() === wanted));
      if (!hits.length) unknown.push({ filter, value });
      for (const hit of hits) ids.add(hit.id);
    }
    keys[filter] = [...ids].map(String);
  }
  return { keys, unknown };
}

/** The query with each filter value in the reference's own spelling ("fintech" → "FinTech"); unknown values as they are. */
export function spellFilterValues<Q extends Pick<DirectoryQuery, ListFilter>>(query: Q, ref: ReferenceData): Q {
  const byFilter = pools(ref);
  const out = { ...query };
  for (const filter of LIST_FILTERS) {
    out[filter] = query[filter].map((value) => {
      const wanted = value.toLowerCase();
      for (const item of byFilter[filter]) for (const key of item.keys) if (key?.toLowerCase() === wanted) return key;
      return value;
    });
  }
  return out;
}
