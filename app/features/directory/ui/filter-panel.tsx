import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import type { DirectoryQuery, ListFilter } from "../directory-filters.ts";
import type { PanelCounts } from "../directory-result.ts";
import { isPanelOpen, PanelToggle, ResultCount, ShowResultsButton, type OpenSections } from "./filter-panel-disclosure.tsx";
import { GatedFilterNote } from "./gated-filter-note.tsx";
import type { GatedFilter } from "../gated-filters.ts";
import { TypeAhead, type FacetOption } from "./type-ahead.tsx";
import { RangeControls } from "./range-controls.tsx";
import { cityKey } from "../search-index/city-column.ts";

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

function Section({
  title,
  selected,
  sections,
  children,
}: {
  title: string;
  selected: boolean;
  sections: OpenSections;
  children: ReactNode;
}) {
  // Native <details>: an accordion that works before hydration and with the keyboard. A section with a choice in
  // it starts open; one the visitor opened stays open while they work in it (each choice reloads the results).
  return (
    <details
      open={selected || sections.isOpen(title)}
      onToggle={(event) => sections.toggle(title, event.currentTarget.open)}
      className="group border-t border-border py-3"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-semibold">
        {title}
        <span aria-hidden="true" className="text-fg-muted transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** `countsGated`: a zero count is not shown, as it says nothing but what the viewer's plan hides (decision 0085). */
function FacetCheckbox({
  name,
  option,
  selected,
  countsGated,
}: {
  name: ListFilter;
  option: FacetOption;
  selected: string[];
  countsGated?: boolean;
}) {
  return (
    <label className={cn("facet-option", option.count === 0 && !selected.includes(option.value) && "text-fg-muted")}>
      <input type="checkbox" name={name} value={option.value} defaultChecked={selected.includes(option.value)} />
      {option.label}
      {countsGated && option.count === 0 ? null : <span>{option.count}</span>}
    </label>
  );
}

function CheckboxList({
  name,
  options,
  selected,
  countsGated,
}: {
  name: ListFilter;
  options: FacetOption[];
  selected: string[];
  countsGated?: boolean;
}) {
  return (
    <fieldset className="max-h-64 space-y-1 overflow-y-auto pr-1">
      <legend className="sr-only">{name}</legend>
      {options.map((o) => (
        <FacetCheckbox key={o.value} name={name} option={o} selected={selected} countsGated={countsGated} />
      ))}
    </fieldset>
  );
}

/**
 * The migrated taxonomy (214 records) by primary category: each group can be chosen whole, and only records with
 * results (or already chosen) show until "Show all" opens the rest, so the list stays short enough to scan.
 */
function IndustryGroups({ groups, selected }: { groups: NonNullable<FilterOptions["industryGroups"]>; selected: string[] }) {
  const shown = (o: FacetOption) => o.count > 0 || selected.includes(o.value);
  const hidden = groups.flatMap((g) => g.options.filter((o) => !shown(o)).map((o) => ({ ...o, primary: g.primary })));
  return (
    <fieldset className="max-h-96 space-y-3 overflow-y-auto pr-1">
      <legend className="sr-only">industries</legend>
      {groups
        .filter((g) => g.options.some(shown) || selected.includes(g.primary))
        .map((g) => (
          <div key={g.primary} role="group" aria-label={g.primary}>
            <label className="facet-option font-medium">
              <input type="checkbox" name="industries" value={g.primary} defaultChecked={selected.includes(g.primary)} />
              All {g.primary}
            </label>
            <div className="ml-5 space-y-1">
              {g.options.filter(shown).map((o) => (
                <FacetCheckbox key={o.value} name="industries" option={o} selected={selected} />
              ))}
            </div>
          </div>
        ))}
      {hidden.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-accent">Show all ({hidden.length} more without results)</summary>
          <div className="mt-2 space-y-1">
            {hidden.map((o) => (
              <FacetCheckbox key={o.value} name="industries" option={{ ...o, label: `${o.primary}: ${o.label}` }} selected={selected} />
            ))}
          </div>
        </details>
      ) : null}
    </fieldset>
  );
}

/**
 * A filter on a value the viewer's plan may not show: when the global rule keeps it from them, the note with the
 * upgrade instead of a column of zeros, and only the options some listing shows them (its own setting) or that the
 * address chose, so the choice can be taken back (decision 0085).
 */
function GatedList({
  gate,
  name,
  options,
  selected,
}: {
  gate: GatedFilter | undefined;
  name: ListFilter;
  options: FacetOption[];
  selected: string[];
}) {
  if (!gate) return <CheckboxList name={name} options={options} selected={selected} />;
  const shown = options.filter((o) => o.count > 0 || selected.includes(o.value));
  return (
    <>
      <GatedFilterNote gate={gate} />
      {shown.length ? (
        <div className="mt-3">
          <CheckboxList name={name} options={shown} selected={selected} countsGated />
        </div>
      ) : null}
    </>
  );
}

/**
 * The headquarters city: a type-ahead over the cities the viewer may see, or, when the plan is not shown cities, the
 * upgrade note above the cities that do show (decision 0088). A city chosen in another spelling ("berlin") is shown
 * and kept in the spelling the listings use.
 */
function CityFilter({
  gate,
  options,
  selected,
  onChange,
}: {
  gate: GatedFilter | undefined;
  options: FacetOption[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  const spelled = selected.map((value) => options.find((o) => cityKey(o.value) === cityKey(value))?.value ?? value);
  const typeAhead = (
    <TypeAhead
      name="cities"
      label="Headquarters City"
      placeholder="Search cities..."
      options={options}
      selected={spelled}
      onChange={onChange}
    />
  );
  if (!gate) return typeAhead;
  return (
    <>
      <GatedFilterNote gate={gate} />
      {options.length ? <div className="mt-3">{typeAhead}</div> : null}
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
  const typeCounts = facets.entityType;
  const allCount = Object.values(typeCounts).reduce((a, b) => a + b, 0);
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
          <input
            type="checkbox"
            name="featured"
            value="true"
            defaultChecked={query.featuredOnly ?? false}
            className="size-4 accent-accent"
          />
          <span className="flex-1">Featured Only</span>
          <span className="text-xs font-normal text-fg-muted tabular-nums">{facets.featured}</span>
        </label>
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
