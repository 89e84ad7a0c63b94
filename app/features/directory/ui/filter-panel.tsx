import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import type { DirectoryQuery, ListFilter } from "../directory-filters.ts";
import type { PanelCounts } from "../directory-result.ts";
import { isPanelOpen, PanelToggle, ResultCount, ShowResultsButton, type OpenSections } from "./filter-panel-disclosure.tsx";
import type { GatedFilter } from "../gated-filters.ts";
import { TypeAhead, type FacetOption } from "./type-ahead.tsx";
import { CheckboxList, CityFilter, GatedList, IndustryGroups, Section } from "./filter-controls.tsx";
import { RangeControls } from "./range-controls.tsx";

export interface FilterOptions {
  /** The flat industry list; empty once the taxonomy is migrated (industryGroups holds them then). */
  industries: FacetOption[];
  /** After the taxonomy migration, the industries by primary category; null while the list is flat. */
  industryGroups: Array<{ primary: string; options: FacetOption[] }> | null;
  geographies: FacetOption[];
  countries: FacetOption[];
  /** Headquarters cities with listings the viewer may see, most listings first (and any chosen). */
  cities: FacetOption[];
  revenueRanges: FacetOption[];
  personas: FacetOption[];
  fundingStages: FacetOption[];
  businessModels: FacetOption[];
  raised: FacetOption[];
  teamSize: FacetOption[];
  ticketSize: FacetOption[];
  /** The years the founded selects offer, newest first. */
  foundedYears: number[];
}

const ENTITY_TYPES = [
  { value: "all", label: "All" },
  { value: "startup", label: "Startups" },
  { value: "investor", label: "Investors" },
  { value: "partner", label: "Partners" },
] as const;

/** Entity type and "Featured Only", each with its count under the other filters. */
function EntityTypeFilter({ query, facets }: { query: DirectoryQuery; facets: PanelCounts }) {
  const typeCounts = facets.entityType;
  const allCount = Object.values(typeCounts).reduce((a, b) => a + b, 0);
  return (
    <>
      <fieldset className="space-y-1.5 pb-3">
        <legend className="mb-2 text-sm font-semibold">Entity Type</legend>
        {ENTITY_TYPES.map((t) => (
          <label key={t.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="type"
              value={t.value}
              defaultChecked={(query.entityType ?? "all") === t.value}
              className="size-4 accent-accent"
            />
            <span className="flex-1">{t.label}</span>
            <span className="text-xs text-fg-muted tabular-nums">{t.value === "all" ? allCount : (typeCounts[t.value] ?? 0)}</span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 border-t border-border py-3 text-sm font-medium">
        <input type="checkbox" name="featured" value="true" defaultChecked={query.featuredOnly ?? false} className="size-4 accent-accent" />
        <span className="flex-1">Featured Only</span>
        <span className="text-xs font-normal text-fg-muted tabular-nums">{facets.featured}</span>
      </label>
    </>
  );
}

/** The panel's sections in the order of spec 01 §2, each open while it holds a choice. */
function FilterSections({
  query,
  options,
  gatedFilters,
  onListChange,
  sections,
}: {
  query: DirectoryQuery;
  options: FilterOptions;
  gatedFilters: GatedFilter[];
  onListChange: (name: ListFilter, values: string[]) => void;
  sections: OpenSections;
}) {
  return (
    <>
      <Section title="Industries" selected={query.industries.length > 0} sections={sections}>
        {options.industryGroups ? (
          <IndustryGroups groups={options.industryGroups} selected={query.industries} />
        ) : (
          <CheckboxList name="industries" options={options.industries} selected={query.industries} />
        )}
      </Section>
      <Section title="Geographies" selected={query.geographies.length > 0} sections={sections}>
        <CheckboxList name="geographies" options={options.geographies} selected={query.geographies} />
      </Section>
      <Section title="Target Country" selected={query.countries.length > 0} sections={sections}>
        <TypeAhead
          name="countries"
          label="Target Country"
          placeholder="Search countries..."
          options={options.countries}
          selected={query.countries}
          onChange={(v) => onListChange("countries", v)}
        />
      </Section>
      <Section title="Headquarters City" selected={query.cities.length > 0} sections={sections}>
        <CityFilter
          gate={gatedFilters.find((g) => g.filter === "cities")}
          options={options.cities}
          selected={query.cities}
          onChange={(v) => onListChange("cities", v)}
        />
      </Section>
      <Section title="Revenue /year" selected={query.revenueRanges.length > 0} sections={sections}>
        <GatedList
          gate={gatedFilters.find((g) => g.filter === "revenueRanges")}
          name="revenueRanges"
          options={options.revenueRanges}
          selected={query.revenueRanges}
        />
      </Section>
      <Section title="Target Personas" selected={query.personas.length > 0} sections={sections}>
        <TypeAhead
          name="personas"
          label="Target Personas"
          placeholder="Search personas..."
          options={options.personas}
          selected={query.personas}
          onChange={(v) => onListChange("personas", v)}
        />
      </Section>
      <Section title="Funding Stage" selected={query.fundingStages.length > 0} sections={sections}>
        <CheckboxList name="fundingStages" options={options.fundingStages} selected={query.fundingStages} />
      </Section>
      <Section title="Business Model" selected={query.businessModels.length > 0} sections={sections}>
        <CheckboxList name="businessModels" options={options.businessModels} selected={query.businessModels} />
      </Section>
      <Section title="Amount Raised" selected={query.raised.length > 0 || query.lastRound !== undefined} sections={sections}>
        <CheckboxList name="raised" options={options.raised} selected={query.raised} />
        <RangeControls query={query} show="lastRound" />
      </Section>
      <Section
        title="Company"
        selected={query.teamSize.length > 0 || query.foundedFrom !== undefined || query.foundedTo !== undefined}
        sections={sections}
      >
        <RangeControls query={query} show="founded" years={options.foundedYears} />
        <p className="mt-3 mb-1 text-sm font-medium">Team size</p>
        <CheckboxList name="teamSize" options={options.teamSize} selected={query.teamSize} />
      </Section>
      <Section title="Investors" selected={query.ticketSize.length > 0 || query.lastInvestment !== undefined} sections={sections}>
        <p className="mb-1 text-sm font-medium">Ticket size</p>
        <CheckboxList name="ticketSize" options={options.ticketSize} selected={query.ticketSize} />
        <RangeControls query={query} show="lastInvestment" />
      </Section>
    </>
  );
}

/**
 * The filter controls of spec 01 §2, all inside the directory's GET form. With JavaScript a change submits at
 * once; without it, "Apply filters" does. Counts are facet counts under the other active filters.
 */
export function FilterPanel({
  query,
  facets,
  options,
  onListChange,
  clearHref,
  previewOnly,
  gatedFilters,
  total,
  sections,
}: {
  query: DirectoryQuery;
  facets: PanelCounts;
  options: FilterOptions;
  onListChange: (name: ListFilter, values: string[]) => void;
  clearHref: string;
  /** The viewer's plan locks some listings: filters and counts see only their preview. */
  previewOnly: boolean;
  /** Filters on a value the viewer's plan is not shown (decision 0085). */
  gatedFilters: GatedFilter[];
  /** Listings matching every filter, for the count a phone shows beside the closed panel. */
  total: number;
  sections: OpenSections;
}) {
  const hydrated = useHydrated();
  const expanded = isPanelOpen(sections);
  return (
    <aside aria-label="Filters" className="lg:w-72 lg:shrink-0">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Filters</h2>
        <ResultCount total={total} />
        <div className="flex items-center gap-2">
          <Link to={clearHref} className="text-sm font-medium text-accent hover:underline">
            Clear All
          </Link>
          <PanelToggle sections={sections} />
        </div>
      </div>
      <div id="filter-controls" className={cn("mt-4 scroll-mt-20", expanded ? "block" : "hidden target:block lg:block")}>
        <EntityTypeFilter query={query} facets={facets} />
        <FilterSections query={query} options={options} gatedFilters={gatedFilters} onListChange={onListChange} sections={sections} />
        {previewOnly ? (
          <p className="border-t border-border pt-3 text-xs text-fg-muted">
            Filters and counts use only what your plan shows: a locked listing matches on its preview (type, stage, first industries and
            region), a revenue range or a city counts where you can see it, and amounts, rounds, founding and team figures count only on
            listings you can open.
          </p>
        ) : null}
        {hydrated ? (
          <ShowResultsButton sections={sections} total={total} />
        ) : (
          <Button type="submit" className="mt-4 w-full">
            Apply filters
          </Button>
        )}
      </div>
    </aside>
  );
}
