import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { plural } from "~/lib/wording.ts";
import type { TeamMembership } from "../teams/team-membership.server.ts";
import type { ListSummary } from "./list-access.server.ts";
import { MAX_LIST_NAME } from "./list-rules.ts";

export interface ListsPageData {
  lists: Array<Omit<ListSummary, "updatedAt"> & { updatedAt: Date | string }>;
  teams: TeamMembership[];
  workingTeamId: string | null;
  now: string;
}

type Group = { key: string; title: string; lists: ListsPageData["lists"] };

/** The member's lists in groups: their working team's first, then their own, then their other teams'. */
function groupsOf(data: ListsPageData): Group[] {
  const teamGroups = data.teams.map((t) => ({
    key: t.teamId,
    title: t.teamId === data.workingTeamId ? `${t.teamName} (your working team)` : t.teamName,
    lists: data.lists.filter((l) => l.teamId === t.teamId),
  }));
  const working = teamGroups.filter((g) => g.key === data.workingTeamId);
  const own = { key: "me", title: "Just me (private)", lists: data.lists.filter((l) => l.teamId === null) };
  return [...working, own, ...teamGroups.filter((g) => g.key !== data.workingTeamId)];
}

/** /lists: every list the member may open, grouped by keeper, and "New list". */
export function ListsPage({ data, result }: { data: ListsPageData; result?: FormResult }) {
  const busy = useNavigation().state !== "idle";
  const failed = result && !result.ok ? result : undefined;
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Lists</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Keep listings in lists with your own status columns, notes and tags. A private list is yours alone; a team&apos;s list is shared
          with everyone in the team while they are in it.
        </p>
      </div>
      {groupsOf(data).map((group) => (
        <section key={group.key} aria-labelledby={`lists-${group.key}`}>
          <h2 id={`lists-${group.key}`} className="text-lg font-semibold">
            {group.title}
          </h2>
          {group.lists.length === 0 ? (
            <p className="mt-2 text-sm text-fg-muted">No lists yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border rounded-xl border border-border">
              {group.lists.map((list) => (
                <li key={list.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                  <Link to={`/lists/${list.id}`} className="font-medium text-accent hover:underline">
                    {list.name}
                  </Link>
                  <span className="text-sm text-fg-muted">
                    {plural(list.entries, "listing")}, changed <EventTime at={new Date(list.updatedAt).toISOString()} now={data.now} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold" id="new-list">
          New list
        </h2>
        {failed?.message ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {failed.message}
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end" noValidate aria-labelledby="new-list">
          <FormField label="Name" error={failed?.errors?.name}>
            {(props) => <input {...props} name="name" required maxLength={MAX_LIST_NAME * 2} defaultValue={failed?.values?.name ?? ""} />}
          </FormField>
          <FormField label="Kept by" error={failed?.errors?.keeper}>
            {(props) => (
              <select {...props} name="keeper" defaultValue={failed?.values?.keeper ?? data.workingTeamId ?? "me"}>
                <option value="me">Just me</option>
                {data.teams.map((t) => (
                  <option key={t.teamId} value={t.teamId}>
                    {t.teamName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Create list
            </Button>
          </div>
        </Form>
        <p className="mt-3 text-sm text-fg-muted">
          New lists start with the columns Sourced, Contacted, Meeting and Passed; rename or change them in the list.
        </p>
      </Card>
    </div>
  );
}
