import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { TeamRole } from "#db/schema/teams.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format-date.ts";
import { Outcome } from "./team-area.tsx";
import { mayChangeRole, mayRemove, ROLE_LABEL } from "./team-rules.ts";
import type { TeamMemberRow } from "./team-members.server.ts";

export interface TeamMembersData {
  selfId: string;
  role: TeamRole;
  members: TeamMemberRow[];
}

export type TeamMembersSubmission = FormResult<"userId" | "role">;

/** /teams/:teamId: who is in the team, with role, seat and joining date; role changes, removal and leaving. */
export function TeamMembersSection({ data, result }: { data: TeamMembersData; result?: TeamMembersSubmission }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-semibold">Members</h2>
      <div className="mt-3">
        <Outcome result={result} />
      </div>
      <ul className="mt-3 divide-y divide-border" aria-label="Members of this team">
        {data.members.map((m) => {
          const self = m.userId === data.selfId;
          return (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {m.name} {self ? <Badge variant="outline">You</Badge> : null}
                </p>
                <p className="text-sm break-words text-fg-muted">
                  {ROLE_LABEL[m.role]} · {m.seat ? "Holds a seat" : "No seat"} · Joined {formatDate(m.joinedAt)}
                  {m.email ? ` · ${m.email}` : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {!self && mayChangeRole(data.role, m.role) ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={m.userId} />
                    <input type="hidden" name="role" value={m.role === "admin" ? "member" : "admin"} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      {m.role === "admin" ? "Make member" : "Make admin"}
                      <span className="sr-only"> {m.name}</span>
                    </Button>
                  </Form>
                ) : null}
                {!self && mayRemove(data.role, m.role) ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={m.userId} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Remove<span className="sr-only"> {m.name}</span>
                    </Button>
                  </Form>
                ) : null}
                {self && m.role !== "owner" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="leave" />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Leave the team
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-fg-muted">
        Leaving, or being removed, ends your access to the team&apos;s lists and gives back your seat: the team plan stops for you at once.
        The owner makes and unmakes admins; admins remove members.
      </p>
    </Card>
  );
}
