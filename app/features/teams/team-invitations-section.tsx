import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format-date.ts";
import { Outcome } from "./team-area.tsx";
import { INVITATION_DAYS, INVITATIONS_PER_TEAM_PER_DAY, ROLE_LABEL } from "./team-rules.ts";
import type { PendingInvitation } from "./team-invitations.server.ts";

export interface TeamInvitationsData {
  /** Whether the viewer may invite, revoke and resend (owner, admins). */
  manage: boolean;
  invitations: PendingInvitation[];
}

export type TeamInvitationsSubmission = FormResult<"email" | "role" | "invitationId">;

/** /teams/:teamId/invitations: invite by e-mail with a role; the invitations still open, with revoke and resend. */
export function TeamInvitationsSection({ data, result }: { data: TeamInvitationsData; result?: TeamInvitationsSubmission }) {
  const busy = useNavigation().state !== "idle";
  const invite = result?.intent === "invite" ? result : undefined;
  const typed = invite && !invite.ok ? invite.values : undefined;
  return (
    <div className="grid gap-6">
      {data.manage ? (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Invite someone</h2>
          <p className="mt-1 text-sm text-fg-muted">
            We e-mail them a link that works for {INVITATION_DAYS} days and once, only for an account with that address. A team can send{" "}
            {INVITATIONS_PER_TEAM_PER_DAY} invitations a day.
          </p>
          <div className="mt-4 grid gap-4">
            {invite && (invite.ok || !invite.errors?.email) ? <Outcome result={invite} /> : null}
            {/* A new form after each invitation sent: the next one starts empty, with JavaScript as without. */}
            <Form
              key={invite?.ok ? invite.message : "invite"}
              method="post"
              className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
              noValidate
            >
              <input type="hidden" name="intent" value="invite" />
              <FormField label="E-mail address" error={invite && !invite.ok ? invite.errors?.email : undefined}>
                {(props) => <input {...props} name="email" type="email" required autoComplete="off" defaultValue={typed?.email ?? ""} />}
              </FormField>
              <FormField label="Role" error={invite && !invite.ok ? invite.errors?.role : undefined}>
                {(props) => (
                  <select {...props} name="role" defaultValue={typed?.role || "member"}>
                    <option value="member">Member</option>
                    <option value="admin">Admin</option>
                  </select>
                )}
              </FormField>
              <div>
                <Button type="submit" disabled={busy}>
                  Send invitation
                </Button>
              </div>
            </Form>
          </div>
        </Card>
      ) : null}
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Invitations not yet accepted</h2>
        {result && result.intent !== "invite" ? (
          <div className="mt-3">
            <Outcome result={result} />
          </div>
        ) : null}
        {!data.manage ? <p className="mt-2 text-sm text-fg-muted">The team&apos;s owner and admins invite people.</p> : null}
        {data.invitations.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">None waiting.</p>
        ) : (
          <ul className="mt-2 divide-y divide-border" aria-label="Open invitations">
            {data.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all">{i.email}</p>
                  <p className="text-sm text-fg-muted">
                    {ROLE_LABEL[i.role]} · sent {formatDate(i.createdAt)}
                    {i.inviterName ? ` by ${i.inviterName}` : ""} · works until {formatDate(i.expiresAt)}
                  </p>
                </div>
                {data.manage ? (
                  <div className="flex gap-2">
                    {(["resend", "revoke"] as const).map((intent) => (
                      <Form method="post" key={intent}>
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="invitationId" value={i.id} />
                        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                          {intent === "resend" ? "Resend" : "Revoke"}
                          <span className="sr-only"> the invitation to {i.email}</span>
                        </Button>
                      </Form>
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
