import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/my-listings.owners";
import { InviteForm } from "~/features/listing-owners/claim-rules.ts";
import { inviteColleague, listingOwnersPage, removeOwner } from "~/features/listing-owners/owner-invites.server.ts";
import { OwnersSection } from "~/features/listing-owners/owners-section.tsx";
import { requireOwnedListing } from "~/features/listing-owners/ownership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Owners | My listings | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The listing's owners (issue 36): who keeps it with the member, and the invitations still open. */
export async function loader(args: Route.LoaderArgs) {
  const { user, listing } = await requireOwnedListing(args, args.params.listingId);
  return { selfId: user.id, ...(await listingOwnersPage(getAppContext(args.context).database, listing.id)) };
}

const Removal = z.object({ userId: z.string().trim().min(1, "Choose an owner.").max(200) });

/** Invite a colleague at the company's domain, remove a co-owner, or leave. */
export async function action(args: Route.ActionArgs) {
  const { user, listing } = await requireOwnedListing(args, args.params.listingId);
  const { database } = getAppContext(args.context);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  if (form.intent === "remove") {
    const parsed = parseForm(Removal, form);
    if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent: "remove" });
    try {
      await removeOwner(database, { owner: user, listing, userId: parsed.data.userId });
    } catch (error) {
      return formRefusedBy(error, { intent: "remove" });
    }
    // Leaving ends the member's access to this page.
    if (parsed.data.userId === user.id) throw redirect("/my-listings");
    return formDone({ intent: "remove", message: "Removed. They no longer keep this listing." });
  }
  const parsed = parseForm(InviteForm, form);
  if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent: "invite" });
  const sent = await inviteColleague(database, { owner: user, listing, email: parsed.data.email });
  if (!sent.ok)
    return formRefused(sent.code, { intent: "invite", message: sent.message, errors: { email: sent.message }, values: parsed.data });
  return formDone({ intent: "invite", message: `Invitation sent to ${parsed.data.email}.` });
}

export default function ListingOwners({ loaderData, actionData }: Route.ComponentProps) {
  return <OwnersSection data={loaderData} result={actionData} />;
}
