import type { ReferenceData } from "../catalog/reference-data.server.ts";
import type { Facets } from "./directory-result.ts";
import type { FilterOptions } from "./ui/filter-panel.tsx";
import type { FacetOption } from "./ui/type-ahead.tsx";
import { BAND_CODES, BAND_LABELS, type BandFilter } from "./investor-filters.ts";

/** The oldest year the founded selects offer (an older one still works in the URL). */
const FIRST_OFFERED_YEAR = 1980;

/** A band filter's choices in band order, each with its facet count. */
const bands = (filter: BandFilter, facets: Facets): FacetOption[] =>
  BAND_CODES[filter].map((code) => ({ value: code, label: BAND_LABELS[filter][code]!, count: facets[filter][code] ?? 0 }));

/**
 * The industries grouped by primary category once the taxonomy is migrated (records named "Primary: Secondary");
 * null while the list is flat. Each group can be chosen whole: its value is the primary category, which the
 * filter resolves to every record under it (filter-values.ts).
 */
function industryGroups(ref: ReferenceData, facets: Facets): FilterOptions["industryGroups"] {
  if (!ref.industries.some((x) => x.primaryCategory && x.name !== x.primaryCategory)) return null;
  const groups = new Map<string, FacetOption[]>();
  for (const x of ref.industries) {
    const primary = x.primaryCategory ?? x.name;
    const label = x.secondaryCategory ?? x.name.replace(`${primary}: `, "");
    const list = groups.get(primary) ?? [];
    list.push({ value: x.name, label, count: facets.industries[x.name] ?? 0 });
    groups.set(primary, list);
  }
  return [...groups].map(([primary, options]) => ({ primary, options })).sort((a, b) => a.primary.localeCompare(b.primary));
}

/** Filter choices from the reference lists, each with its facet count. Values are what the URL carries. */
export function buildFilterOptions(ref: ReferenceData, facets: Facets, thisYear: number): FilterOptions {
  const byName = (items: Array<{ name: string }>, counts: Record<string, number>) =>
    items.map((x) => ({ value: x.name, label: x.name, count: counts[x.name] ?? 0 }));
  const byCode = (items: Array<{ code: string; name: string }>, counts: Record<string, number>) =>
    items.map((x) => ({ value: x.code, label: x.name, count: counts[x.code] ?? 0 }));
  const groups = industryGroups(ref, facets);
  return {
    // The panel shows a migrated taxonomy by group only: the flat list is not sent as well (issue 33).
    industries: groups ? [] : byName(ref.industries, facets.industries),
    industryGroups: groups,
    geographies: byName(ref.geographies, facets.geographies),
    // The flag is drawn from the ISO code (CountryFlag), not the emoji: the label is the name alone, which is also what
    // the type-ahead matches on (spec 01 §2: a contains match on the name).
    countries: ref.countries.map((c) => ({
      value: c.name,
      label: c.name,
      count: facets.countries[c.name] ?? 0,
      code: c.isoCode,
    })),
    // The facet holds the cities with most listings (and any chosen): offered most listings first.
    cities: Object.entries(facets.cities)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, count]) => ({ value: name, label: name, count })),
    revenueRanges: byCode(ref.revenueRanges, facets.revenueRanges),
    personas: byName(ref.targetPersonas, facets.personas),
    fundingStages: byName(ref.fundingStages, facets.fundingStages),
    businessModels: byCode(ref.businessModels, facets.businessModels),
    raised: bands("raised", facets),
    teamSize: bands("teamSize", facets),
    ticketSize: bands("ticketSize", facets),
    foundedYears: Array.from({ length: Math.max(0, thisYear - FIRST_OFFERED_YEAR + 1) }, (_, i) => thisYear - i),
  };
}
