import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { plural } from "~/lib/wording.ts";
import { Outcome, teamPath } from "./team-area.tsx";
import { ROLE_LABEL } from "./team-rules.ts";
import type { TeamRow } from "./team-admin.server.ts";

export interface TeamsPageData {
  teams: TeamRow[];
  workingTeamId: string | null;
  /** What the member just did on a team's page (which took them here), to say so. */
  done: "left" | "deleted" | null;
}

export type CreateTeamSubmission = FormResult<"name">;

/** /teams: the member's teams, and a form to create one. */
export function TeamsPage({ data, result }: { data: TeamsPageData; result?: CreateTeamSubmission }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Teams</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Work with your partners or your cohort: share lists of companies, hold seats of a team plan, and follow companies together.
        </p>
      </div>
      {data.done ? (
        <p role="status" className="rounded-md border border-border p-3 text-sm">
          {data.done === "left"
            ? "You left the team. Its lists, and the plan of a seat you held there, are no longer yours."
            : "The team is deleted, with its lists and invitations."}
        </p>
      ) : null}
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Your teams</h2>
        {data.teams.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">
            You are in no team yet. Create one below, or open an invitation a colleague sent you.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-border" aria-label="Your teams">
            {data.teams.map((team) => (
              <li key={team.teamId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link to={teamPath(team.teamId)} className="font-medium break-words hover:underline">
                    {team.teamName}
                  </Link>
                  <p className="text-sm text-fg-muted">
                    {ROLE_LABEL[team.role]} · {plural(team.members, "member")} · {team.seat ? "You hold a seat" : "No seat"}
                  </p>
                </div>
                {team.teamId === data.workingTeamId ? <Badge variant="accent">Working in</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Create a team</h2>
        <p className="mt-1 text-sm text-fg-muted">You will be its owner: invite colleagues by e-mail, then buy seats for them.</p>
        <div className="mt-4 grid gap-4">
          <Outcome result={result && !result.ok && !result.errors?.name ? result : undefined} />
          <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
            <FormField label="Team name" error={result && !result.ok ? result.errors?.name : undefined}>
              {(props) => (
                <input
                  {...props}
                  name="name"
                  required
                  minLength={2}
                  maxLength={80}
                  autoComplete="organization"
                  defaultValue={result && !result.ok ? (result.values?.name ?? "") : ""}
                />
              )}
            </FormField>
            <div>
              <Button type="submit" disabled={busy}>
                Create team
              </Button>
            </div>
          </Form>
        </div>
      </Card>
    </div>
  );
}
