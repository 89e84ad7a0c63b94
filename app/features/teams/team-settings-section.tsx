import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { TeamRole } from "#db/schema/teams.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { Outcome, teamPath } from "./team-area.tsx";

export interface TeamSettingsData {
  team: { id: string; name: string };
  role: TeamRole;
  /** The members the owner may hand the team to (everyone else). */
  heirs: Array<{ userId: string; name: string }>;
}

/** A passed first step of a transfer or a deletion: what the second, confirming POST will do. */
export type TeamSettingsSubmission = FormResult<
  "name" | "userId",
  { confirm: "transfer"; userId: string; name: string } | { confirm: "delete" }
>;

function Confirm({ children, intent, userId, busy }: { children: React.ReactNode; intent: string; userId?: string; busy: boolean }) {
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-danger p-4 text-sm">
      {children}
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirm" value="yes" />
          {userId ? <input type="hidden" name="userId" value={userId} /> : null}
          <Button type="submit" variant="danger" disabled={busy}>
            {intent === "transfer" ? "Yes, transfer ownership" : "Yes, delete the team"}
          </Button>
        </Form>
        <Form method="get">
          <Button type="submit" variant="secondary">
            Cancel
          </Button>
        </Form>
      </div>
    </div>
  );
}

/** /teams/:teamId/settings: rename (owner, admins), transfer and delete (owner, each confirmed), leave (others). */
export function TeamSettingsSection({ data, result }: { data: TeamSettingsData; result?: TeamSettingsSubmission }) {
  const busy = useNavigation().state !== "idle";
  const rename = result?.intent === "rename" ? result : undefined;
  const asking = result?.ok ? result.data : undefined;
  const other = result && result.intent !== "rename" && !asking ? result : undefined;
  const owner = data.role === "owner";
  return (
    <div className="grid gap-6">
      {data.role !== "member" ? (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Name</h2>
          <div className="mt-3 grid gap-4">
            {rename?.ok || (rename && !rename.errors?.name) ? <Outcome result={rename} /> : null}
            <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
              <input type="hidden" name="intent" value="rename" />
              <FormField label="Team name" error={rename && !rename.ok ? rename.errors?.name : undefined}>
                {(props) => (
                  <input
                    {...props}
                    name="name"
                    required
                    minLength={2}
                    maxLength={80}
                    defaultValue={rename && !rename.ok ? (rename.values?.name ?? "") : data.team.name}
                  />
                )}
              </FormField>
              <div>
                <Button type="submit" disabled={busy}>
                  Rename
                </Button>
              </div>
            </Form>
          </div>
        </Card>
      ) : null}
      {other ? <Outcome result={other} /> : null}
      {owner ? (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Transfer ownership</h2>
          <p className="mt-1 text-sm text-fg-muted">The new owner takes over the team; you stay in it as an admin.</p>
          {asking?.confirm === "transfer" ? (
            <div className="mt-4">
              <Confirm intent="transfer" userId={asking.userId} busy={busy}>
                <p>
                  Make {asking.name} the owner of {data.team.name}? You become an admin, and only {asking.name} can hand it back.
                </p>
              </Confirm>
            </div>
          ) : data.heirs.length === 0 ? (
            <p className="mt-3 text-sm text-fg-muted">Nobody else is in the team yet.</p>
          ) : (
            <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="transfer" />
              <FormField label="New owner">
                {(props) => (
                  <select {...props} name="userId">
                    {data.heirs.map((h) => (
                      <option key={h.userId} value={h.userId}>
                        {h.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Transfer…
                </Button>
              </div>
            </Form>
          )}
        </Card>
      ) : null}
      {owner ? (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Delete the team</h2>
          <p className="mt-1 text-sm text-fg-muted">
            Its lists, invitations and history go with it, and everyone in it loses its seats. A team that still pays for seats ends its
            plan in{" "}
            <Link to={teamPath(data.team.id, "billing")} className="text-accent underline">
              Seats and billing
            </Link>{" "}
            first.
          </p>
          <div className="mt-4">
            {asking?.confirm === "delete" ? (
              <Confirm intent="delete" busy={busy}>
                <p>Delete {data.team.name} for everyone? This cannot be undone.</p>
              </Confirm>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="danger" disabled={busy}>
                  Delete team…
                </Button>
              </Form>
            )}
          </div>
        </Card>
      ) : (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Leave the team</h2>
          <p className="mt-1 text-sm text-fg-muted">You lose its lists and your seat (and the plan it gives you) at once.</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" variant="danger" disabled={busy}>
              Leave {data.team.name}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
