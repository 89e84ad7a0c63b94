/**
 * The imports page's spreadsheet half (issue 7 §7): the form that starts a base import, and what a finished base
 * import adds to its entry in the jobs list (per-table counts, logos, dropped records).
 */
import type { TableCounters } from "../spreadsheet/upsert-support.server.ts";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";

export const SPREADSHEET_INTENT = "spreadsheet";

export function SpreadsheetImportForm({
  keyConfigured,
  defaultBaseId,
  error,
  value,
  busy,
  resetKey,
}: {
  keyConfigured: boolean;
  defaultBaseId: string;
  error?: string;
  /** What the operator typed, when the server sent the form back. */
  value?: string;
  busy: boolean;
  /** Changes once a job was started, so the field shows the default again. */
  resetKey: string;
}) {
  return (
    <section aria-labelledby="spreadsheet-import-title" className="mt-10">
      <h2 id="spreadsheet-import-title" className="text-lg font-semibold">
        Import a spreadsheet base
      </h2>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Brings an existing base in: its reference lists, companies (with their access levels, field visibility, team and logo), funding
        rounds and investor relationships. Records the base changed since the last run are updated, unchanged ones skipped. From the command
        line: <code>npm run import -- --spreadsheet appXXXXXXXX</code>.
      </p>
      {keyConfigured ? null : (
        <p role="note" className="mt-4 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          SPREADSHEET_API_KEY is not set: set it (and SPREADSHEET_API_URL if the API is not api.airtable.com) in the server&apos;s
          environment and restart the server. SPREADSHEET_BASE_ID fills in the base below.
        </p>
      )}
      <Form method="post" className="mt-4 grid gap-4 rounded-xl border border-border p-4 sm:grid-cols-3" key={resetKey}>
        <input type="hidden" name="intent" value={SPREADSHEET_INTENT} />
        <FormField
          className="sm:col-span-2"
          label="Base id"
          hint="Letters, digits, _ and -; the app… part of the base's address"
          error={error}
        >
          {(props) => (
            <input {...props} name="baseId" defaultValue={value ?? defaultBaseId} autoComplete="off" spellCheck={false} required />
          )}
        </FormField>
        <div className="flex items-start sm:pt-6">
          <Button type="submit" disabled={busy}>
            Import base
          </Button>
        </div>
      </Form>
    </section>
  );
}

type Counts = TableCounters;

/** A finished base import's output, as far as the page shows it. */
interface BaseImportOutput {
  tables?: Record<string, Counts>;
  attachments?: { stored: number; failed: number; skipped: number };
}

const SHOWN = ["Companies", "FundingRounds", "CompanyInvestorRelationships"] as const;
const LABEL: Record<(typeof SHOWN)[number], string> = {
  Companies: "Companies",
  FundingRounds: "Funding rounds",
  CompanyInvestorRelationships: "Investor links",
};

export function SpreadsheetJobSummary({ output }: { output: unknown }) {
  const { tables, attachments } = (output ?? {}) as BaseImportOutput;
  if (!tables) return null;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs text-fg-muted sm:grid-cols-2" data-testid="spreadsheet-summary">
      {SHOWN.filter((t) => tables[t]).map((table) => {
        const c = tables[table]!;
        return (
          <div key={table} className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-fg">{LABEL[table]}:</dt>
            <dd>
              {c.read} read · {c.created} created · {c.updated} updated · {c.skipped} unchanged · {c.dropped} dropped · {c.failed} failed
            </dd>
          </div>
        );
      })}
      {attachments ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-fg">Logos:</dt>
          <dd>
            {attachments.stored} stored · {attachments.skipped} unchanged · {attachments.failed} failed
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
