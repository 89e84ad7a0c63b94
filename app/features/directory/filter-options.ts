import type { ReferenceData } from "../catalog/reference-data.server.ts";
import type { Facets } from "./directory-result.ts";
import type { FilterOptions } from "./filter-panel.tsx";

/** Filter choices from the reference lists, each with its facet count. Values are what the URL carries. */
export function buildFilterOptions(ref: ReferenceData, facets: Facets): FilterOptions {
  const byName = (items: Array<{ name: string }>, counts: Record<string, number>) =>
    items.map((x) => ({ value: x.name, label: x.name, count: counts[x.name] ?? 0 }));
  const byCode = (items: Array<{ code: string; name: string }>, counts: Record<string, number>) =>
    items.map((x) => ({ value: x.code, label: x.name, count: counts[x.code] ?? 0 }));
  return {
    industries: byName(ref.industries, facets.industries),
    geographies: byName(ref.geographies, facets.geographies),
    // The flag is drawn from the ISO code (CountryFlag), not the emoji: the label is the name alone, which is also what
    // the type-ahead matches on (spec 01 §2: a contains match on the name).
    countries: ref.countries.map((c) => ({
      value: c.name,
      label: c.name,
      count: facets.countries[c.name] ?? 0,
      code: c.isoCode,
    })),
    revenueRanges: byCode(ref.revenueRanges, facets.revenueRanges),
    personas: byName(ref.targetPersonas, facets.personas),
    fundingStages: byName(ref.fundingStages, facets.fundingStages),
    businessModels: byCode(ref.businessModels, facets.businessModels),
  };
}
