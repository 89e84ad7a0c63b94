import { AlertTriangle, CheckCircle2, ListChecks, XCircle } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardTitle } from "~/components/ui/card.tsx";
import { getJson } from "~/lib/api-client.ts";
import { cn } from "~/lib/cn.ts";
import type { FieldReport, FieldStatus } from "./industries-fields.ts";

const ENDPOINT = "/api/debug/validate-industries-fields";

/** Spec 02 §8: 'Field validation failed: {message}', the message falling back to 'Failed to fetch field information' or 'Unknown error'. */
function fieldValidationAlert(message: string): string {
  return `Field validation failed: ${message}`;
}

function FieldRow({ field }: { field: FieldStatus }) {
  const Icon = field.exists ? CheckCircle2 : XCircle;
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3" data-testid="field" data-exists={field.exists}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", field.exists ? "text-success" : "text-danger")} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {field.name} <span className="font-mono text-xs font-normal text-fg-muted">{field.column}</span>
        </p>
        <p className="text-sm text-fg-muted">
          {field.type} · {field.required ? "Required" : "Optional"}
        </p>
        {!field.typeMatches ? (
          <p className="text-sm text-warning">
            The column holds {field.foundType}, not {field.type}.
          </p>
        ) : null}
        {!field.exists && field.foundColumn ? (
          <p className="text-sm text-warning">
            A column named &quot;{field.foundColumn}&quot; looks like it ({field.confidence} match).
          </p>
        ) : null}
      </div>
      <span className={cn("text-sm font-medium", field.exists ? "text-success" : "text-danger")}>
        {field.exists ? "Exists" : "Missing"}
      </span>
    </li>
  );
}

function Report({ report }: { report: FieldReport }) {
  const ready = report.ready;
  return (
    <div className="space-y-4" data-testid="field-report">
      <div
        role="status"
        className={cn(
          "flex items-center gap-3 rounded-lg border px-4 py-3 font-medium",
          ready ? "border-success/40 bg-success/10" : "border-danger/40 bg-danger/10",
        )}
      >
        {ready ? (
          <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
        ) : (
          <AlertTriangle className="size-5 shrink-0 text-danger" aria-hidden="true" />
        )}
        {report.message}
      </div>
      {!report.tableExists ? <p className="text-sm text-danger">The database has no {report.table} table.</p> : null}
      <ul className="divide-y divide-border" aria-label="Fields the migration needs">
        {report.fields.map((field) => (
          <FieldRow key={field.column} field={field} />
        ))}
      </ul>
      {report.manualSteps.length ? (
        <section aria-labelledby="manual-steps" className="rounded-lg border border-border bg-surface-muted p-4">
          <h3 id="manual-steps" className="font-semibold">
            Manual steps to add the missing fields
          </h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {report.manualSteps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
          {report.sql ? (
            <pre
              className="mt-3 overflow-x-auto rounded-md border border-border bg-surface p-3 font-mono text-xs"
              aria-label="SQL to run"
              tabIndex={0}
            >
              {report.sql}
            </pre>
          ) : null}
        </section>
      ) : null}
      <p className="text-xs text-fg-muted">
        Columns of the {report.table} table: {report.existingFields.join(", ") || "none"}.
      </p>
    </div>
  );
}

/**
 * The field validation screen (spec 02 §2): Validate Fields calls GET /api/debug/validate-industries-fields and
 * shows the eight fields. Without JavaScript the button reloads the page with the report.
 */
export function FieldValidation({ initial }: { initial: FieldReport | null }) {
  const [report, setReport] = useState<FieldReport | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = async () => {
    setBusy(true);
    setError(null);
    const answer = await getJson<FieldReport | { success: false; error: string | null } | null>(ENDPOINT);
    setBusy(false);
    if (answer.ok && answer.data?.success) return setReport(answer.data);
    if (!answer.ok && answer.kind === "network") return setError(fieldValidationAlert(answer.error || "Unknown error"));
    const said = answer.ok ? answer.data && "error" in answer.data && answer.data.error : answer.error;
    setError(fieldValidationAlert(said || "Failed to fetch field information"));
  };

  return (
    <Card className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Industries table</CardTitle>
        <Form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            void validate();
          }}
        >
          <input type="hidden" name="validate" value="1" />
          <Button type="submit" disabled={busy}>
            <ListChecks aria-hidden="true" />
            Validate Fields
          </Button>
        </Form>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          {error}
        </p>
      ) : null}
      {report ? <Report report={report} /> : <p className="text-sm text-fg-muted">Validate the fields to see which the migration needs.</p>}
    </Card>
  );
}
