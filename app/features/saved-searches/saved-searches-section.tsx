import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { plansNamed } from "~/features/access/plan-catalogue.ts";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import type { SavedSearchField } from "./saved-search-forms.ts";
import { SAVED_SEARCH_TIERS } from "./saved-search-rules.ts";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, MAX_NAME_LENGTH } from "./saved-search-choices.ts";
import type { SavedSearchesSectionData } from "./saved-searches-section.server.ts";
import { ShareSavedSearchForm, TeamSavedSearchesList } from "./team-saved-searches.tsx";

type Item = SavedSearchesSectionData["items"][number];
type Result = FormResult<SavedSearchField>;

/** One saved search: open (with its new count), rename, alerts, delete; each a plain form that works without JavaScript. */
function SavedSearchRow({ item, teams }: { item: Item; teams: SavedSearchesSectionData["teams"] }) {
  const rename = useFetcher<Result>();
  const alerts = useFetcher<Result>();
  const remove = useFetcher<Result>();
  const error = (f: typeof rename) => (f.data && !f.data.ok ? f.data : undefined);
  return (
    <li className="grid gap-3 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/saved-searches/${item.id}`} className="font-medium hover:underline">
          {item.name}
        </Link>
        <span className="flex items-center gap-2 text-sm text-fg-muted">
          {item.total} {item.total === 1 ? "listing" : "listings"}
          <Badge variant={item.newCount ? "accent" : "outline"}>{item.newCount} new since you last looked</Badge>
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <rename.Form method="post" action="/saved-searches" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={item.id} />
          <FormField label="Name" error={error(rename)?.errors?.name ?? error(rename)?.message}>
            {(props) => <input {...props} name="name" defaultValue={item.name} maxLength={MAX_NAME_LENGTH} required />}
          </FormField>
          <Button type="submit" variant="secondary" size="sm" disabled={rename.state !== "idle"}>
            Rename
          </Button>
        </rename.Form>
        <alerts.Form method="post" action="/saved-searches" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="frequency" />
          <input type="hidden" name="id" value={item.id} />
          <FormField label="E-mail alerts" error={error(alerts)?.errors?.alertFrequency ?? error(alerts)?.message}>
            {(props) => (
              <select {...props} name="alertFrequency" defaultValue={item.alertFrequency}>
                {ALERT_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {ALERT_FREQUENCY_LABELS[f]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" variant="secondary" size="sm" disabled={alerts.state !== "idle"}>
            Save
          </Button>
        </alerts.Form>
        <remove.Form method="post" action="/saved-searches">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" variant="secondary" size="sm" disabled={remove.state !== "idle"} aria-label={`Delete ${item.name}`}>
            Delete
          </Button>
        </remove.Form>
        <ShareSavedSearchForm id={item.id} teamId={item.teamId} teams={teams} />
        <Link to={item.url} className={buttonClass({ variant: "secondary", size: "sm" })}>
          Open in the directory
        </Link>
      </div>
      {error(remove) ? (
        <p role="alert" className="text-sm text-danger">
          {error(remove)!.message}
        </p>
      ) : null}
    </li>
  );
}

/** /settings: the member's saved searches (issue 18 §2). */
export function SavedSearchesSection({ data }: { data: SavedSearchesSectionData | null | undefined }) {
  const catalogue = usePlanCatalogue();
  if (!data) return null;
  return (
    <Card className="scroll-mt-20 p-5 sm:p-6" id="saved-searches">
      <h2 className="text-lg font-semibold">Saved searches</h2>
      {data.limit === 0 && !data.items.length ? (
        <p className="mt-3 text-sm text-fg-muted">
          Saved searches with e-mail alerts come with {plansNamed(catalogue, SAVED_SEARCH_TIERS)}.
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">
          None yet. Search or filter the{" "}
          <Link to="/listings" className="text-accent underline">
            directory
          </Link>{" "}
          and choose Save search.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-fg-muted">
            {data.items.length} of {data.limit} on your plan. Alerts e-mail the listings that are new or newly match, once a day or once a
            week.
          </p>
          <ul className="mt-2 divide-y divide-border">
            {data.items.map((item) => (
              <SavedSearchRow key={item.id} item={item} teams={data.teams} />
            ))}
          </ul>
        </>
      )}
      <TeamSavedSearchesList items={data.teamItems} />
    </Card>
  );
}
