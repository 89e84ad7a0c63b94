import { ChevronRight } from "lucide-react";
import { columnsPresent, formatRecords, MORE_RECORDS_NOTE, tablesSummary } from "./report-format.ts";
import type { TableCheck } from "./report.ts";
import { COLUMN_TONE, StatusLabel } from "./status-label.tsx";
import { plural } from "~/lib/wording.ts";

const missingColumns = (table: TableCheck) => table.columns.filter((c) => c.state === "missing").length;

const th = "px-3 py-2 text-left text-xs font-medium text-fg-muted first:pl-0";
const td = "px-3 py-2 align-top first:pl-0";

/** Table existence (spec 02 §2): one row per table with its state, detection method, fields and record count. */
export function TablesSection({ id, tables, fieldsLabel }: { id: string; tables: readonly TableCheck[]; fieldsLabel: string }) {
  const capped = tables.some((t) => t.records?.more);
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-base font-semibold">
        Table existence
      </h3>
      <p className="mt-1 text-sm text-fg-muted" data-testid={`${id}-summary`}>
        {tablesSummary(tables)}.
      </p>
      <div className="mt-3 overflow-x-auto rounded-lg border border-border px-4">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Tables, whether each exists, how it was detected and how many records it holds</caption>
          <thead className="border-b border-border">
            <tr>
              <th scope="col" className={th}>
                Table
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Detection
              </th>
              <th scope="col" className={`${th} text-right`}>
                {fieldsLabel}
              </th>
              <th scope="col" className={`${th} text-right`}>
                Records
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.map((table) => {
              const { present, expected } = columnsPresent(table);
              return (
                <tr key={table.specName ?? table.name} data-testid="table-row" className="border-b border-border last:border-0">
                  <th scope="row" className={`${td} text-left font-medium`}>
                    <code className="font-mono text-[0.8125rem]">{table.name}</code>
                    {table.specName && table.specName !== table.name ? (
                      <span className="block text-xs font-normal text-fg-muted">spec: {table.specName}</span>
                    ) : null}
                  </th>
                  <td className={td}>
                    {table.exists ? <StatusLabel tone="good">exists</StatusLabel> : <StatusLabel tone="bad">missing</StatusLabel>}
                    {table.exists && missingColumns(table) > 0 ? (
                      <span className="mt-1 block text-xs text-danger">{plural(missingColumns(table), "column")} missing</span>
                    ) : null}
                    {table.problem ? (
                      <span className="mt-1 block max-w-80 text-xs text-fg-muted">
                        {table.problem.status !== undefined ? `HTTP ${table.problem.status}: ` : ""}
                        {table.problem.message}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${td} text-fg-muted`}>{table.method}</td>
                  <td className={`${td} text-right tabular-nums`}>
                    {table.exists ? (expected === present ? present : `${present} of ${expected}`) : "—"}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{formatRecords(table.records)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {capped ? <p className="mt-2 text-xs text-fg-muted">A count ending in + is a lower bound: {MORE_RECORDS_NOTE}.</p> : null}
    </section>
  );
}

/** Every table's columns (or fields) with expected and detected types; tables with a problem start open. */
export function ColumnsSection({ id, tables, showExpected }: { id: string; tables: readonly TableCheck[]; showExpected: boolean }) {
  const present = tables.filter((t) => t.exists);
  if (present.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-base font-semibold">
        {showExpected ? "Columns by table" : "Fields by table"}
      </h3>
      <div className="mt-3 divide-y divide-border rounded-lg border border-border">
        {present.map((table) => {
          const problems = table.columns.filter((c) => c.state !== "exists").length;
          const { present: found, expected } = columnsPresent(table);
          return (
            <details key={table.name} open={problems > 0} className="group px-4 py-2">
              <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 py-1 text-sm [&::-webkit-details-marker]:hidden">
                <ChevronRight className="size-4 shrink-0 text-fg-muted transition-transform group-open:rotate-90" aria-hidden="true" />
                <code className="font-mono font-medium">{table.name}</code>
                <span className="text-fg-muted">{showExpected ? `${found} of ${plural(expected, "column")}` : plural(found, "field")}</span>
                {problems > 0 ? <StatusLabel tone="bad">{problems} to fix</StatusLabel> : null}
              </summary>
              <div className="overflow-x-auto pb-2">
                <table className="mt-2 w-full min-w-[32rem] text-sm">
                  <caption className="sr-only">Columns of {table.name}</caption>
                  <thead className="border-b border-border">
                    <tr>
                      <th scope="col" className={th}>
                        {showExpected ? "Column" : "Field"}
                      </th>
                      {showExpected ? (
                        <th scope="col" className={th}>
                          Expected type
                        </th>
                      ) : null}
                      <th scope="col" className={th}>
                        Detected type
                      </th>
                      <th scope="col" className={th}>
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {table.columns.map((column) => (
                      <tr key={column.name} className="border-b border-border last:border-0">
                        <th scope="row" className={`${td} text-left font-normal`}>
                          <code className="font-mono text-[0.8125rem]">{column.name}</code>
                        </th>
                        {showExpected ? <td className={`${td} text-fg-muted`}>{column.expectedType ?? "not in the schema"}</td> : null}
                        <td className={`${td} text-fg-muted`}>{column.detectedType ?? "—"}</td>
                        <td className={td}>
                          <StatusLabel tone={COLUMN_TONE[column.state]}>{column.state}</StatusLabel>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          );
        })}
      </div>
    </section>
  );
}
