import { CircleCheck, CircleX } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { CLAIM_LINK_HOURS, INVITE_LINK_DAYS } from "./claim-links.ts";
import { ownerAreaPath } from "./owner-area.tsx";

/** What the page of a claim link or an invitation link shows: the link's state, and the listing when it is open. */
export type LinkPageState =
  | { state: "open"; kind: "claim" | "invite"; token: string; listing: { id: string; name: string }; email: string; inviterName?: string }
  | { state: "done"; listing: { id: string; name: string } }
  | { state: "invalid" | "expired" | "used" | "other_account" | "no_longer" | "already_owner"; kind: "claim" | "invite" };

const REFUSED = {
  invalid: ["This link is not valid", "It may be incomplete. Use the link from our e-mail exactly as it was sent."],
  expired: [
    "This link has expired",
    "Ask for a new one: claim the listing again from its profile, or ask your colleague to invite you again.",
  ],
  used: ["This link was already used", "Each link works once. If the listing is yours now, you will find it in My listings."],
  other_account: [
    "This link belongs to another account",
    "The link proves the address to the member who asked for it. Sign in to that account and open it again.",
  ],
  no_longer: [
    "This address no longer proves this listing",
    "The listing's website has changed since the link was sent. Claim it again from its profile.",
  ],
  already_owner: ["You already keep this listing", "Nothing more to do: you will find it in My listings."],
} as const;

function Outcome({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <Icon aria-hidden="true" className={ok ? "mx-auto size-10 text-accent" : "mx-auto size-10 text-danger"} />
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <div className="mt-2 grid gap-2 text-fg-muted">{children}</div>
    </div>
  );
}

/** Opening a link shows what it does; the button confirms it (a POST: mail scanners open links, they do not press buttons). */
export function ClaimLinkPage({ page }: { page: LinkPageState }) {
  const busy = useNavigation().state !== "idle";
  if (page.state === "done") {
    return (
      <Outcome ok title={`You now keep ${page.listing.name}`}>
        <p>Edit its profile, answer introduction requests and see who looks, from My listings.</p>
        <p className="mt-6">
          <Link to={ownerAreaPath(page.listing.id)} className={buttonClass({})}>
            Open {page.listing.name}
          </Link>
        </p>
      </Outcome>
    );
  }
  if (page.state !== "open") {
    const [title, text] = REFUSED[page.state];
    return (
      <Outcome ok={false} title={title}>
        <p>{text}</p>
        <p className="mt-6">
          <Link to="/my-listings" className={buttonClass({ variant: "secondary" })}>
            Go to My listings
          </Link>
        </p>
      </Outcome>
    );
  }
  const invite = page.kind === "invite";
  return (
    <Outcome ok title={invite ? `Keep ${page.listing.name} with ${page.inviterName}` : `Confirm that you keep ${page.listing.name}`}>
      <p>
        {invite
          ? `${page.inviterName} invited ${page.email} to keep this listing with them. Accept, and you will keep it with this account.`
          : `This link was sent to ${page.email}. Confirm, and you will keep this listing with this account.`}
      </p>
      <p className="text-sm">
        {invite ? `Invitations work for ${INVITE_LINK_DAYS} days and once.` : `The link works for ${CLAIM_LINK_HOURS} hours and once.`}
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={page.token} />
        <Button type="submit" disabled={busy}>
          {invite ? "Accept the invitation" : "Confirm"}
        </Button>
      </Form>
    </Outcome>
  );
}
