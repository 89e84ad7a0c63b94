/**
 * Setup & Config (spec 02 §2, §5): the service (key, base URL, debug mode, Initialize) and the run settings (the
 * provider query and the manual-confirmation switch). The key field never shows a held key, not even masked; Initialize
 * holds a key only once the provider has accepted it.
 */
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardTitle } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { PROVIDER_QUERY_HINTS, PROVIDER_QUERY_LABELS } from "~/features/imports/provider/provider-query.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { QUERY_FIELDS, type ActionResult, type QueryField } from "./debugger-forms.ts";
import type { DebuggerView } from "./debugger-state.ts";
import { Alert, DebuggerForm, Switch, useDebuggerFetcher } from "./debugger-ui.tsx";

const LABELS: Record<QueryField, string> = PROVIDER_QUERY_LABELS;
const HINTS: Partial<Record<QueryField, string>> = { ...PROVIDER_QUERY_HINTS, maxJobs: "Pages step 2 fetches, 1 to 10" };
const TYPES: Partial<Record<QueryField, string>> = {
  dateFrom: "date",
  dateTo: "date",
  page: "number",
  maxResults: "number",
  maxJobs: "number",
};

function ServiceCard({ view, result }: { view: DebuggerView; result: ActionResult | undefined }) {
  const hydrated = useHydrated();
  const fetcher = useDebuggerFetcher();
  const [apiKey, setApiKey] = useState("");
  const mine = result?.intent === "initialize" || result?.intent === "forget-key" ? result : undefined;
  // Once initialised the field is emptied: the key is on the server now and the page has no copy of it.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === "initialize" && fetcher.data.ok) setApiKey("");
  }, [fetcher.state, fetcher.data]);
  const values = mine && !mine.ok ? mine.values : undefined;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="service-title">Service</CardTitle>
        <Badge variant={view.initialized ? "accent" : "outline"} data-testid="service-status">
          {view.initialized ? "Service Initialized" : "Not Initialized"}
        </Badge>
      </div>
      <DebuggerForm tab="setup" className="mt-4 space-y-4" aria-labelledby="service-title">
        {mine && !mine.ok && mine.message ? <Alert>{mine.message}</Alert> : null}
        {mine?.ok && mine.message ? <Alert tone="success">{mine.message}</Alert> : null}
        <FormField
          label="LeadsOnTrees API key"
          error={mine?.errors?.apiKey}
          hint={
            view.keyHeld ? "A key is held for this session. Type a new one to replace it." : "Kept on the server for this session only."
          }
        >
          {(props) => (
            <input {...props} type="password" name="apiKey" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
          )}
        </FormField>
        <FormField label="Base URL" error={mine?.errors?.baseUrl} hint="The provider's API address.">
          {(props) => <input {...props} type="url" name="baseUrl" defaultValue={String(values?.baseUrl ?? view.baseUrl)} />}
        </FormField>
        <Switch
          name="debugMode"
          label="Debug mode"
          hint="More detail in the debug logs: each call's parameters, counts and timings."
          defaultChecked={typeof values?.debugMode === "boolean" ? values.debugMode : view.debugMode}
        />
        <div className="flex flex-wrap gap-2">
          {/* Disabled only once hydrated: without JavaScript the server answers an empty key with the alert. */}
          <Button type="submit" name="intent" value="initialize" disabled={hydrated && apiKey.trim() === ""}>
            Initialize
          </Button>
          {view.keyHeld ? (
            <Button type="submit" name="intent" value="forget-key" variant="secondary">
              Forget key
            </Button>
          ) : null}
        </div>
      </DebuggerForm>
    </Card>
  );
}

function SettingsCard({ view, result }: { view: DebuggerView; result: ActionResult | undefined }) {
  const mine = result?.intent === "save-settings" ? result : undefined;
  const values = (mine && !mine.ok ? mine.values : view.settingsValues) as Record<string, string>;
  const manual = mine && !mine.ok ? Boolean(mine.values?.manualConfirmation) : view.manualConfirmation;
  return (
    <Card>
      <CardTitle id="settings-title">Data retrieval parameters</CardTitle>
      <DebuggerForm tab="setup" className="mt-4 space-y-4" aria-labelledby="settings-title" key={JSON.stringify(values)}>
        {mine && !mine.ok && mine.message ? <Alert>{mine.message}</Alert> : null}
        {mine?.ok && mine.message ? <Alert tone="success">{mine.message}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Endpoint" error={mine?.errors?.endpoint}>
            {(props) => (
              <select {...props} name="endpoint" defaultValue={values.endpoint ?? "funding"}>
                <option value="funding">funding (funding rounds)</option>
                <option value="m-a">m-a (mergers and acquisitions)</option>
              </select>
            )}
          </FormField>
          {QUERY_FIELDS.map((field) => (
            <FormField key={field} label={LABELS[field]} hint={HINTS[field]} error={mine?.errors?.[field]}>
              {(props) => <input {...props} name={field} type={TYPES[field] ?? "text"} defaultValue={values[field] ?? ""} />}
            </FormField>
          ))}
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Control options</legend>
          <Switch
            name="manualConfirmation"
            label="Manual confirmation"
            hint="Step 4 waits for a Confirm push before it writes to the directory."
            defaultChecked={manual}
          />
        </fieldset>
        <Button type="submit" name="intent" value="save-settings" variant="secondary">
          Save settings
        </Button>
      </DebuggerForm>
    </Card>
  );
}

export function SetupTab({ view, result }: { view: DebuggerView; result: ActionResult | undefined }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ServiceCard view={view} result={result} />
      <SettingsCard view={view} result={result} />
    </div>
  );
}
