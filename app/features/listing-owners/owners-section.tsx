import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format-date.ts";
import { INVITE_LINK_DAYS } from "./claim-links.ts";

export const VIA_LABEL = { domain_email: "Work e-mail", operator: "Approved by our team", invite: "Invited by a colleague" } as const;

export interface OwnersSectionData {
  selfId: string;
  owners: Array<{ userId: string; name: string; via: keyof typeof VIA_LABEL; since: Date }>;
  invites: Array<{ id: string; email: string; at: Date }>;
}

export type OwnersSubmission = FormResult<"email" | "userId">;

/** /my-listings/:id/owners: who keeps the listing, invite a colleague at the company's domain, remove one or leave. */
export function OwnersSection({ data, result }: { data: OwnersSectionData; result?: OwnersSubmission }) {
  const busy = useNavigation().state !== "idle";
  const invite = result?.intent === "invite" ? result : undefined;
  const removal = result?.intent === "remove" ? result : undefined;
  return (
    <div className="grid gap-6">
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Owners</h2>
        {removal ? (
          <p role={removal.ok ? "status" : "alert"} className={removal.ok ? "mt-2 text-sm" : "mt-2 text-sm text-danger"}>
            {removal.message}
          </p>
        ) : null}
        <ul className="mt-3 divide-y divide-border" aria-label="Owners of this listing">
          {data.owners.map((owner) => (
            <li key={owner.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">
                  {owner.name} {owner.userId === data.selfId ? <Badge variant="outline">You</Badge> : null}
                </p>
                <p className="text-sm text-fg-muted">
                  {VIA_LABEL[owner.via]}, since {formatDate(owner.since)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="userId" value={owner.userId} />
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  {owner.userId === data.selfId ? (
                    "Leave"
                  ) : (
                    <>
                      Remove<span className="sr-only"> {owner.name}</span>
                    </>
                  )}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Invite a colleague</h2>
        <p className="mt-1 text-sm text-fg-muted">
          Invitations go to addresses at the company&apos;s own domain. Whoever opens the link at that address and accepts becomes an owner,
          with whatever account they sign in with. Links work for {INVITE_LINK_DAYS} days.
        </p>
        {invite?.ok ? (
          <p role="status" className="mt-4 rounded-md border border-border p-3 text-sm">
            {invite.message}
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <FormField label="Colleague's work e-mail" error={invite && !invite.ok ? (invite.errors?.email ?? invite.message) : undefined}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                required
                defaultValue={invite && !invite.ok ? (invite.values?.email ?? "") : ""}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Send invitation
            </Button>
          </div>
        </Form>
        {data.invites.length ? (
          <>
            <h3 className="mt-6 text-sm font-medium">Invitations not yet accepted</h3>
            <ul className="mt-2 grid gap-1 text-sm text-fg-muted" aria-label="Open invitations">
              {data.invites.map((i) => (
                <li key={i.id}>
                  {i.email}, sent {formatDate(i.at)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </div>
  );
}
