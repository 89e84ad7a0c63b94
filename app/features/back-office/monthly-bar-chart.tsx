import { useId } from "react";
import { cn } from "~/lib/cn.ts";
import { chartMax, monthLabel, type MonthRow } from "./month-series.ts";

export interface ChartSeries<S extends string> {
  key: S;
  label: string;
  /** A background class for the bars and the legend's swatch, e.g. "bg-accent". */
  color: string;
}

/**
 * Bars per month drawn with CSS (no chart library: nothing to download, and the theme tokens colour it in light and
 * dark). The drawing is hidden from assistive technology; a visually hidden table carries the same numbers.
 */
export function MonthlyBarChart<S extends string>({
  title,
  description,
  series,
  rows,
  stacked = false,
}: {
  title: string;
  description?: string;
  series: ReadonlyArray<ChartSeries<S>>;
  rows: ReadonlyArray<MonthRow<S>>;
  stacked?: boolean;
}) {
  const id = useId();
  const max = chartMax(rows, stacked);
  const percent = (n: number) => `${(n / max) * 100}%`;
  const tooltip = (row: MonthRow<S>) =>
    `${monthLabel(row.month, true)}: ${series.map((s) => `${s.label} ${row.values[s.key]}`).join(", ")}`;
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <figcaption>
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        {description ? <p className="mt-1 text-xs text-fg-muted">{description}</p> : null}
      </figcaption>
      <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className={cn("size-2.5 rounded-sm", s.color)} />
            {s.label}
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="mt-3 flex gap-2">
        <div className="flex w-6 shrink-0 flex-col justify-between text-right text-[11px] leading-none text-fg-muted tabular-nums">
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative flex h-36 items-end gap-1 border-b border-border">
            <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-border" />
            {rows.map((row) => (
              <div
                key={row.month}
                title={tooltip(row)}
                className={cn("flex h-full flex-1", stacked ? "flex-col-reverse" : "items-end gap-px")}
              >
                {series.map((s) =>
                  row.values[s.key] > 0 ? (
                    <div
                      key={s.key}
                      className={cn(s.color, stacked ? "w-full first:rounded-b-none last:rounded-t-sm" : "flex-1 rounded-t-sm")}
                      style={{ height: percent(row.values[s.key]) }}
                    />
                  ) : (
                    // An empty grouped bar keeps its slot, so each month's bars stay in the same order.
                    !stacked && <div key={s.key} className="flex-1" />
                  ),
                )}
              </div>
            ))}
          </div>
          <div className="mt-1 flex gap-1 text-center text-[11px] text-fg-muted">
            {/* Every other month, counted back from the current one: twelve names do not fit a phone's width. */}
            {rows.map((row, i) => (
              <span key={row.month} className="min-w-0 flex-1 whitespace-nowrap">
                {(rows.length - 1 - i) % 2 === 0 ? monthLabel(row.month) : ""}
              </span>
            ))}
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row">{monthLabel(row.month, true)}</th>
              {series.map((s) => (
                <td key={s.key}>{row.values[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
