/** The filter panel's building blocks: a collapsible section, checkbox lists with counts, the gated and city filters. */
import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";
import type { ListFilter } from "../directory-filters.ts";
import type { GatedFilter } from "../gated-filters.ts";
import { cityKey } from "../search-index/city-column.ts";
import type { OpenSections } from "./filter-panel-disclosure.tsx";
import { GatedFilterNote } from "./gated-filter-note.tsx";
import { TypeAhead, type FacetOption } from "./type-ahead.tsx";

export function Section({
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

export function CheckboxList({
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
export function IndustryGroups({
  groups,
  selected,
}: {
  groups: ReadonlyArray<{ primary: string; options: FacetOption[] }>;
  selected: string[];
}) {
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
export function GatedList({
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
export function CityFilter({
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
