import type { Route } from "./+types/my-listings.inbox";
import { OwnerInboxPage } from "~/features/introductions/owner-inbox-page.tsx";
import { inboxAction, inboxPageData } from "~/features/introductions/owner-inbox.server.ts";
import { requireOwnedListing } from "~/features/listing-owners/ownership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Intro inbox | ${loaderData?.listing.name ?? "Your listing"} | Introbase` }, { name: "robots", content: "noindex" }];
}

/** The owners' intro inbox and preferences (issue 36, decision 0116). The guard runs here: loaders run side by side. */
export async function loader(args: Route.LoaderArgs) {
  const { listing } = await requireOwnedListing(args, args.params.listingId);
  return inboxPageData(getAppContext(args.context).database, listing);
}

/** Accept, decline, ask for more, or save the preferences: each a plain form posted here, checked against this listing. */
export async function action(args: Route.ActionArgs) {
  const { listing, user } = await requireOwnedListing(args, args.params.listingId);
  const form = await readForm(args.request, { nulInValues: true });
  return inboxAction(getAppContext(args.context).database, { listing, user, form });
}

export default function IntroInbox({ loaderData, actionData }: Route.ComponentProps) {
  return <OwnerInboxPage data={loaderData} result={actionData} />;
}
