import { Link } from "react-router";
import type { Route } from "./+types/my-listings.overview";
import { Card } from "~/components/ui/card.tsx";
import { ownerAreaPath } from "~/features/listing-owners/owner-area.tsx";
import { requireOwnedListing } from "~/features/listing-owners/ownership.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.name ?? "Your listing"} | My listings | Introbase` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { listing } = await requireOwnedListing(args, args.params.listingId);
  return { id: listing.id, name: listing.name };
}

const SECTIONS = [
  ["edit", "Edit profile", "Change what the profile says. Some fields publish at once; the rest wait for an operator's review."],
  ["inbox", "Intro inbox", "Introduction requests to you: accept, decline or ask for more, and say who may ask."],
  ["insights", "Insights", "Profile views, search appearances and introduction outcomes, week by week."],
  ["owners", "Owners", "Who keeps this listing with you; invite a colleague at your company's domain."],
] as const;

export default function OwnedListingOverview({ loaderData }: Route.ComponentProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="What you can do">
      {SECTIONS.map(([section, title, text]) => (
        <li key={section}>
          <Card className="h-full p-5">
            <h2 className="font-semibold">
              <Link to={ownerAreaPath(loaderData.id, section)} className="hover:underline">
                {title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-fg-muted">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
