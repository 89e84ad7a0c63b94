import { Form } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { QuotaLimits } from "../access/quotas.ts";
import { UNLIMITED_QUOTA } from "../access/quotas.ts";
import { OUTREACH_CONTENT_LEVELS } from "../access/tier-definitions.ts";
import type { AccessLevel } from "../access/tiers.ts";
import { cn } from "~/lib/cn.ts";
import type { TierField } from "./tier-form.ts";
import { plural, pluralOf } from "~/lib/wording.ts";

const NUMBERS: ReadonlyArray<{ name: TierField; label: string; hint?: string }> = [
  { name: "rank", label: "Rank", hint: "Rising from public to subscriber to premium." },
  { name: "monthlyPrice", label: "Monthly price (USD)" },
  { name: "annualPrice", label: "Annual price (USD)", hint: "A year paid at once; 0: not sold by the year." },
  { name: "maxCompanyViewsPerMonth", label: "Company views per month", hint: "Use -1 for unlimited." },
  { name: "aiRequestsPerMonth", label: "AI requests per month", hint: "Use -1 for unlimited." },
];

const FLAGS: ReadonlyArray<{ name: TierField; label: string }> = [
  { name: "canExportData", label: "Can export data" },
  { name: "canAccessHistoricalData", label: "Can access historical data" },
  { name: "prioritySupport", label: "Priority support" },
  { name: "apiAccessAllowed", label: "API access allowed" },
];

function limit(n: number, unit: string): string {
  return n >= UNLIMITED_QUOTA ? `unlimited ${pluralOf(unit)}` : plural(n, unit);
}

/** One tier record's form; the line under the title says what the quota code applies now. */
export function TierEditor({
  name,
  values,
  limits,
  stored,
  errors = {},
  result,
  busy,
}: {
  name: AccessLevel;
  values: Record<TierField, string>;
  limits: QuotaLimits;
  /** False when the table has no record for the tier and the legacy definition applies. */
  stored: boolean;
  errors?: Partial<Record<TierField, string>>;
  result?: { ok: boolean; message: string };
  busy: boolean;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`tier-${name}`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`tier-${name}`} className="text-lg font-semibold">
            {values.displayName || name}
          </h2>
          <Badge variant="outline">{name}</Badge>
          {stored ? null : <Badge variant="neutral">no record yet: legacy values</Badge>}
        </div>
        <p className="mt-1 text-sm text-fg-muted">
          In force now: {limit(limits.views, "company view")}, {limit(limits.aiRequests, "AI request")}, {limit(limits.exports, "export")}{" "}
          and {limit(limits.apiCalls, "API call")} a month.
        </p>
        <Form method="post" aria-label={`Edit the ${name} tier`} className="mt-4 grid gap-4" preventScrollReset>
          <input type="hidden" name="tier" value={name} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FormField label="Display name" error={errors.displayName}>
              {(props) => <input {...props} name="displayName" defaultValue={values.displayName} autoComplete="off" />}
            </FormField>
            {NUMBERS.map((f) => (
              <FormField key={f.name} label={f.label} error={errors[f.name]} hint={f.hint}>
                {(props) => <input {...props} name={f.name} defaultValue={values[f.name]} inputMode="numeric" autoComplete="off" />}
              </FormField>
            ))}
            <FormField label="Outreach content level" error={errors.outreachContentLevel}>
              {(props) => (
                <select {...props} name="outreachContentLevel" defaultValue={values.outreachContentLevel}>
                  {OUTREACH_CONTENT_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label="value8.ai integration level"
              error={errors.value8aiIntegrationLevel}
              hint="Use none, or a level such as basic or full."
            >
              {(props) => (
                <input {...props} name="value8aiIntegrationLevel" defaultValue={values.value8aiIntegrationLevel} autoComplete="off" />
              )}
            </FormField>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Permissions</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {FLAGS.map((f) => (
                <label key={f.name} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={f.name} defaultChecked={values[f.name] === "on"} className="size-4 accent-accent" />
                  {f.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" disabled={busy}>
              Save {name}
            </Button>
            {result ? (
              <p role={result.ok ? "status" : "alert"} className={cn("text-sm", result.ok ? "text-success" : "text-danger")}>
                {result.message}
              </p>
            ) : null}
          </div>
        </Form>
      </section>
    </Card>
  );
}
