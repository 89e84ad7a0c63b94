import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import { cn } from "~/lib/cn.ts";
import type { FundingRow, OpenFundingRow } from "./funding-table.ts";

/** Column headers of spec 01 §2, in order, with the latest round's date beside its type (issue 15 §6). */
const DATA_COLUMNS = [
  ["round", "Funding Round"],
  ["date", "Date"],
  ["amount", "Amount Raised"],
  ["category", "Category"],
  ["teamSize", "Team Size"],
  ["founded", "Founded"],
] as const satisfies ReadonlyArray<readonly [keyof OpenFundingRow, string]>;

/** Small screens: three columns, the category on a line of its own since industry names run long. */
const NARROW_LAYOUT: ReadonlyArray<readonly [(typeof DATA_COLUMNS)[number][0], string, string]> = [
  ["round", "Funding Round", ""],
  ["date", "Date", ""],
  ["amount", "Amount Raised", ""],
  ["teamSize", "Team Size", ""],
  ["founded", "Founded", "col-span-2"],
  ["category", "Category", "col-span-3"],
];

/** A cell's text; the date as a `<time>` so it is machine-readable too. */
function CellValue({ row, column }: { row: OpenFundingRow; column: (typeof DATA_COLUMNS)[number][0] }) {
  if (column === "date" && row.dateTime) return <time dateTime={row.dateTime}>{row.date}</time>;
  return <>{row[column]}</>;
}

function CompanyMark({ row }: { row: FundingRow }) {
  const box = "flex size-9 shrink-0 items-center justify-center rounded-lg";
  if (row.locked) {
    return (
      <span aria-hidden="true" className={`${box} bg-surface-muted text-fg-muted`}>
        <Lock className="size-4" />
      </span>
    );
  }
  return <ListingLogo name={row.name} slug={row.slug} logo={row.logo} size="xs" lazy />;
}

function CompanyName({ row }: { row: FundingRow }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <CompanyMark row={row} />
      {row.locked ? (
        <span className="font-semibold tracking-wide text-fg-muted">LOCKED</span>
      ) : (
        <span className="truncate font-medium">{row.name}</span>
      )}
    </span>
  );
}

/** Stands in for a value the viewer may not see; there is no real value under it. */
function HiddenValue() {
  return (
    <>
      <span aria-hidden="true" className="tracking-widest text-fg-muted">
        •••
      </span>
      <span className="sr-only">Locked</span>
    </>
  );
}

function RowAction({ row, onUnlock }: { row: FundingRow; onUnlock: () => void }) {
  if (row.locked) {
    return (
      <Button size="sm" onClick={onUnlock}>
        <Lock aria-hidden="true" />
        Unlock Details
      </Button>
    );
  }
  return (
    <Link to={`/profile/startup/${row.slug}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
      View Details<span className="sr-only"> of {row.name}</span>
    </Link>
  );
}

/** Wide screens: the spec's seven-column table. */
function WideTable({ rows, onUnlock }: { rows: FundingRow[]; onUnlock: () => void }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Latest funding rounds of featured startups</caption>
      <thead className="border-b border-border bg-surface-muted text-xs font-medium tracking-wide text-fg-muted uppercase">
        <tr>
          <th scope="col" className="px-4 py-3 font-medium">
            Company
          </th>
          {DATA_COLUMNS.map(([key, label]) => (
            <th key={key} scope="col" className="px-4 py-3 font-medium">
              {label}
            </th>
          ))}
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Action
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => (
          <tr key={row.key} className="transition-colors hover:bg-surface-muted/60">
            <th scope="row" className="max-w-64 px-4 py-3 font-normal">
              <CompanyName row={row} />
            </th>
            {DATA_COLUMNS.map(([key]) => (
              <td key={key} className="px-4 py-3 whitespace-nowrap tabular-nums">
                {row.locked ? <HiddenValue /> : <CellValue row={row} column={key} />}
              </td>
            ))}
            <td className="px-4 py-3 text-right">
              <RowAction row={row} onUnlock={onUnlock} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Small screens: one card per row, so nothing scrolls sideways at 360px. */
function NarrowList({ rows, onUnlock }: { rows: FundingRow[]; onUnlock: () => void }) {
  return (
    <ul className="divide-y divide-border" aria-label="Latest funding rounds of featured startups">
      {rows.map((row) => (
        <li key={row.key} className="p-4">
          <div className="flex items-center justify-between gap-3">
            <CompanyName row={row} />
            <RowAction row={row} onUnlock={onUnlock} />
          </div>
          {row.locked ? (
            <p className="mt-3 text-sm text-fg-muted">Sign in with a member account to see this company&apos;s round.</p>
          ) : (
            <dl className="mt-3 grid grid-cols-3 gap-x-4 gap-y-2 text-sm">
              {NARROW_LAYOUT.map(([key, label, span]) => (
                <div key={key} className={cn("min-w-0", span)}>
                  <dt className="text-xs text-fg-muted">{label}</dt>
                  <dd className="truncate font-medium tabular-nums">
                    <CellValue row={row} column={key} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

export function FundingTable({ rows, onUnlock }: { rows: FundingRow[]; onUnlock: () => void }) {
  if (rows.length === 0) {
    return <p className="p-8 text-center text-sm text-fg-muted">No featured funding rounds yet. Check back soon.</p>;
  }
  return (
    <>
      <div className="hidden md:block">
        <WideTable rows={rows} onUnlock={onUnlock} />
      </div>
      <div className="md:hidden">
        <NarrowList rows={rows} onUnlock={onUnlock} />
      </div>
    </>
  );
}
