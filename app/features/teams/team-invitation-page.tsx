import { CircleCheck, CircleX } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import type { ErrorCode } from "~/lib/errors.ts";
import { teamPath } from "./team-area.tsx";
import { INVITATION_DAYS } from "./team-rules.ts";
import type { InvitationState } from "./team-invitations.server.ts";

const REFUSED = {
  invalid: ["This invitation link is not valid", "It may be incomplete. Use the link from the e-mail exactly as it was sent."],
  expired: ["This invitation has expired", `Invitations work for ${INVITATION_DAYS} days. Ask the team for a new one.`],
  used: ["This invitation was already used", "Each invitation works once. If you joined, you will find the team under Teams."],
  revoked: [
    "This invitation was withdrawn",
    "The team withdrew it, or sent a newer one. Ask the team for a new invitation if you need one.",
  ],
  already_member: ["You are already in this team", "Nothing more to do: you will find it under Teams."],
} as const;

/**
 * The status an invitation's page answers with: forged 404, expired or withdrawn 410, used 409, another account 403;
 * "already in the team" is a 200 to open and a 409 to post.
 */
export function invitationStatus(state: InvitationState["state"], posted: boolean): ErrorCode | null {
  switch (state) {
    case "invalid":
      return "not_found";
    case "expired":
    case "revoked":
      return "gone";
    case "used":
      return "conflict";
    case "other_account":
      return "forbidden";
    case "already_member":
      return posted ? "conflict" : null;
    default:
      return null;
  }
}

function Shell({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <Icon aria-hidden="true" className={ok ? "mx-auto size-10 text-accent" : "mx-auto size-10 text-danger"} />
      <h1 className="mt-4 text-2xl font-semibold break-words">{title}</h1>
      <div className="mt-2 grid gap-2 text-fg-muted">{children}</div>
    </div>
  );
}

/** /team-invitation?token=…: what the invitation is (opening it does nothing), and Join (a POST by the signed-in member). */
export function TeamInvitationPage({ page }: { page: InvitationState }) {
  const busy = useNavigation().state !== "idle";
  if (page.state === "done") {
    return (
      <Shell ok title={`You joined ${page.team.name}`}>
        <p>The team&apos;s lists are yours to work on now. Its owner or admins can give you a seat of the team&apos;s plan.</p>
        <p className="mt-6">
          <Link to={teamPath(page.team.id)} className={buttonClass({})}>
            Open {page.team.name}
          </Link>
        </p>
      </Shell>
    );
  }
  if (page.state === "other_account") {
    return (
      <Shell ok={false} title="This invitation is for another account">
        <p>It was sent to {page.maskedEmail}. Sign out, then sign in (or create an account) with that address and open the link again.</p>
      </Shell>
    );
  }
  if (page.state !== "open") {
    const [title, text] = REFUSED[page.state];
    return (
      <Shell ok={false} title={title}>
        <p>{text}</p>
        <p className="mt-6">
          <Link to="/teams" className={buttonClass({ variant: "secondary" })}>
            Go to Teams
          </Link>
        </p>
      </Shell>
    );
  }
  return (
    <Shell ok title={`Join ${page.team.name}`}>
      <p>
        {page.inviterName ?? "The team"} invited you to join {page.team.name} as {page.role === "admin" ? "an admin" : "a member"}. You will
        share the team&apos;s lists and can hold one of its seats.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={page.token} />
        <Button type="submit" disabled={busy}>
          Join {page.team.name}
        </Button>
      </Form>
    </Shell>
  );
}
