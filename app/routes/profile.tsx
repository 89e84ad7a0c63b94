import { data, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { parseListingType } from "~/features/catalog/listing-types.ts";
import { recordProfileView, startInsightVisitor } from "~/features/owner-insights/record-insights.server.ts";
import { loadProfilePage } from "~/features/profiles/load-profile-page.server.ts";
import { ProfileError, ProfilePage } from "~/features/profiles/profile-page.tsx";
import { originOf } from "~/features/seo/meta-tags.ts";
import { ProfileJsonLd } from "~/features/seo/page-json-ld.tsx";
import { profileMeta } from "~/features/seo/profile-seo.ts";
import { profileSocialImage } from "~/features/seo/social-card.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";

/** The profile page draws its own not-found view (spec 01), with the 404 status. */
const NOT_FOUND = () => pageAnswer({ status: "not_found" as const }, "not_found");

/** A failure is the error pipeline's (app/lib/error-answer.server.ts): the boundary below shows the spec's view. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = parseListingType(params.type);
  if (!type) return NOT_FOUND();
  // "/profile/Startups/x" is the same page as "/profile/startup/x": one address per profile.
  if (type !== params.type) throw redirect(`/profile/${type}/${encodeURIComponent(params.slug)}`, 301);
  const { database, user } = getAppContext(context);
  // The owners' view counter (decision 0117): the visitor's buckets are read beside the page, never in its way.
  const visitor = startInsightVisitor(database, request, user);
  const page = await loadProfilePage(database, { type, slug: params.slug, user, request, socialImageOf: profileSocialImage });
  if (page.status === "moved") throw redirect(page.to, 301);
  if (page.status === "not_found") return NOT_FOUND();
  await recordProfileView(database, { request, listingId: page.status === "ok" ? page.listing.id : page.teaser.id, visitor });
  // A listing kept out of search engines says so in a header too, which crawlers read before the HTML.
  return page.noindex ? data(page, { headers: { "X-Robots-Tag": "noindex" } }) : page;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return profileMeta(originOf(matches), loaderData);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProfileJsonLd data={loaderData} />
      <ProfilePage {...loaderData} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProfileError error={error} />;
}
