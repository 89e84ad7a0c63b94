import type { DirectoryQuery } from "../directory-filters.ts";
import { WINDOW_LABELS, WINDOWS } from "../investor-filters.ts";

const SELECT = "mt-1 h-9 w-full rounded-lg border border-border bg-surface px-2 text-sm";

function WindowSelect({ name, label, value }: { name: "lastRound" | "lastInvestment"; label: string; value: string | undefined }) {
  return (
    <label className="mt-3 block text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className={SELECT}>
        <option value="">Any time</option>
        {WINDOWS.map((w) => (
          <option key={w} value={w}>
            {WINDOW_LABELS[w]}
          </option>
        ))}
      </select>
    </label>
  );
}

function YearSelect({ name, label, value, years }: { name: "foundedFrom" | "foundedTo"; label: string; value?: number; years: number[] }) {
  const shown = value !== undefined && !years.includes(value) ? [value, ...years] : years;
  return (
    <label className="block flex-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value === undefined ? "" : String(value)} className={SELECT}>
        <option value="">Any</option>
        {shown.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The range filters of the panel (decision 0084): selects rather than typed numbers, because every change of the form
 * submits it at once (a year typed digit by digit would search for year 2, 20, 202).
 */
export function RangeControls({
  query,
  show,
  years = [],
}: {
  query: DirectoryQuery;
  show: "lastRound" | "lastInvestment" | "founded";
  years?: number[];
}) {
  if (show === "lastRound") return <WindowSelect name="lastRound" label="Last round" value={query.lastRound} />;
  if (show === "lastInvestment") return <WindowSelect name="lastInvestment" label="Last investment" value={query.lastInvestment} />;
  return (
    <fieldset className="flex gap-2">
      <legend className="mb-1 text-sm font-medium">Founded</legend>
      <YearSelect name="foundedFrom" label="From" value={query.foundedFrom} years={years} />
      <YearSelect name="foundedTo" label="To" value={query.foundedTo} years={years} />
    </fieldset>
  );
}
