import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { plural } from "~/lib/wording.ts";
import type { TeamMembership } from "../teams/team-membership.server.ts";
import type { AddOutcome, ChosenListing } from "./add-to-list.server.ts";
import type { ListSummary } from "./list-access.server.ts";
import { MAX_LIST_NAME } from "./list-rules.ts";

export interface AddToListData {
  listings: ChosenListing[];
  lists: Array<Omit<ListSummary, "updatedAt">>;
  teams: TeamMembership[];
  returnTo: string;
}

/** What was added where, with the way back to where the member was and on to the list. */
function Added({ outcome, returnTo }: { outcome: AddOutcome; returnTo: string }) {
  const parts = [
    outcome.added ? `Added ${plural(outcome.added, "listing")} to ${outcome.listName}.` : `Nothing new was added to ${outcome.listName}.`,
    outcome.already ? `${plural(outcome.already, "listing")} ${outcome.already === 1 ? "was" : "were"} on it already.` : "",
    outcome.locked.length ? `Left out (not open on your plan): ${outcome.locked.join(", ")}.` : "",
  ];
  return (
    <Card className="p-5 sm:p-6">
      <p role="status" className="font-medium">
        {parts.filter(Boolean).join(" ")}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={returnTo} className={buttonClass({})}>
          Back to where you were
        </Link>
        <Link to={`/lists/${outcome.listId}`} className={buttonClass({ variant: "secondary" })}>
          Open {outcome.listName}
        </Link>
      </div>
    </Card>
  );
}

/** /lists/add: the chosen listings (by the name their cards show), then an existing list or a new one. */
export function AddToListPage({ data, result }: { data: AddToListData; result?: FormResult<string, AddOutcome> }) {
  const busy = useNavigation().state !== "idle";
  const open = data.listings.filter((l) => !l.locked);
  const failed = result && !result.ok ? result : undefined;
  return (
    <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Add to list</h1>
      {result?.ok && result.data ? <Added outcome={result.data} returnTo={data.returnTo} /> : null}
      {failed?.message ? (
        <p role="alert" className="rounded-md border border-danger/40 p-3 text-sm text-danger">
          {failed.message}
        </p>
      ) : null}
      {data.listings.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No listing chosen.{" "}
          <Link to={data.returnTo} className="text-accent underline">
            Go back
          </Link>{" "}
          and choose &quot;Add to list&quot; on a card or a profile, or tick results and choose &quot;Add selected to list&quot;.
        </p>
      ) : (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">{plural(data.listings.length, "listing")} chosen</h2>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen listings">
            {data.listings.map((l) => (
              <li key={l.id}>
                <Badge variant={l.locked ? "outline" : "neutral"}>
                  {l.name}
                  {l.locked ? " (not open on your plan: left out)" : ""}
                </Badge>
              </li>
            ))}
          </ul>
          {open.length === 0 ? (
            <p className="mt-4 text-sm">Your plan opens none of these listings, so they cannot be added to a list.</p>
          ) : (
            <Form method="post" className="mt-5 grid gap-4" noValidate>
              {open.map((l) => (
                <input key={l.id} type="hidden" name="listingIds" value={l.id} />
              ))}
              <FormField label="List">
                {(props) => (
                  <select {...props} name="listId" defaultValue={data.lists[0]?.id ?? "new"}>
                    {data.lists.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name} ({l.teamName ?? "Private"})
                      </option>
                    ))}
                    <option value="new">A new list…</option>
                  </select>
                )}
              </FormField>
              <fieldset className="grid gap-3 rounded-lg border border-border p-4">
                <legend className="px-1 text-sm font-medium">A new list</legend>
                <p className="text-sm text-fg-muted">Choose &quot;A new list…&quot; above, then name it here.</p>
                <FormField label="New list's name" error={failed?.errors?.name}>
                  {(props) => <input {...props} name="name" maxLength={MAX_LIST_NAME * 2} defaultValue={failed?.values?.name ?? ""} />}
                </FormField>
                <FormField label="Kept by" error={failed?.errors?.keeper}>
                  {(props) => (
                    <select {...props} name="keeper" defaultValue="me">
                      <option value="me">Just me</option>
                      {data.teams.map((t) => (
                        <option key={t.teamId} value={t.teamId}>
                          {t.teamName}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </fieldset>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={busy}>
                  Add {plural(open.length, "listing")}
                </Button>
                <Link to={data.returnTo} className={buttonClass({ variant: "ghost" })}>
                  Cancel
                </Link>
              </div>
            </Form>
          )}
        </Card>
      )}
    </div>
  );
}
