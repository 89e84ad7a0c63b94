import type { Route } from "./+types/my-listings";
import { MyListingsPage } from "~/features/listing-owners/owner-area.tsx";
import { memberClaims } from "~/features/listing-owners/claims.server.ts";
import { ownedListings } from "~/features/listing-owners/ownership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { redirect } from "react-router";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My listings | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The listings the signed-in member keeps (issue 36); signed out, sign in and come back. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw redirect(`/sign-in?${new URLSearchParams({ returnTo: "/my-listings" })}`);
  const listings = await ownedListings(database, user.id);
  const claims = await memberClaims(database, user.id);
  return { listings: listings.map((l) => ({ ...l, frozen: l.frozen ? { reason: l.frozen.reason } : null })), claims };
}

export default function MyListings({ loaderData }: Route.ComponentProps) {
  return <MyListingsPage listings={loaderData.listings} claims={loaderData.claims} />;
}
