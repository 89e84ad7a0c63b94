import type { Route } from "./+types/profile.claim";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { parseListingType } from "~/features/catalog/listing-types.ts";
import { ClaimPage } from "~/features/listing-owners/claim-page.tsx";
import { DomainClaimForm, EvidenceClaimForm } from "~/features/listing-owners/claim-rules.ts";
import { claimableBySlug, memberClaims, requestDomainClaim, requestEvidenceClaim } from "~/features/listing-owners/claims.server.ts";
import { requireMember } from "~/features/listing-owners/member-guard.server.ts";
import { ownedListing } from "~/features/listing-owners/ownership.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Claim ${loaderData?.listing.name ?? "a listing"} | Introbase` }, { name: "robots", content: "noindex" }];
}

async function listingOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const type = parseListingType(args.params.type);
  const listing = type ? await claimableBySlug(getAppContext(args.context).database, type, args.params.slug) : null;
  if (!listing) notFound("No such listing.");
  return listing;
}

/** "Is this your company?" (issue 36): claim by an address at the listing's domain, or ask an operator. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireMember(args);
  const { database } = getAppContext(args.context);
  const listing = await listingOf(args);
  const owned = Boolean(await ownedListing(database, user.id, listing.id));
  const waiting = (await memberClaims(database, user.id)).some(
    (c) => c.method === "evidence" && c.status === "pending" && c.listing.slug === listing.slug && c.listing.type === listing.type,
  );
  return { listing: { id: listing.id, type: listing.type, slug: listing.slug, name: listing.name }, owned, waiting };
}

export async function action(args: Route.ActionArgs) {
  const user = requireMember(args);
  const { database } = getAppContext(args.context);
  const listing = await listingOf(args);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  if (form.intent === "domain") {
    const parsed = parseForm(DomainClaimForm, form);
    if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent: "domain" });
    const sent = await requestDomainClaim(database, { user, listing, email: parsed.data.email });
    if (!sent.ok) {
      const errors = sent.field === "email" ? { email: sent.message } : undefined;
      return formRefused(sent.code, { intent: "domain", message: sent.message, errors, values: { email: parsed.data.email } });
    }
    return formDone({
      intent: "domain",
      message: `We sent a link to ${sent.email}. Open it while signed in to this account to confirm; it works for 24 hours.`,
    });
  }
  const parsed = parseForm(EvidenceClaimForm, form);
  if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent: "evidence" });
  const asked = await requestEvidenceClaim(database, { user, listing, ...parsed.data });
  if (!asked.ok) return formRefused(asked.code, { intent: "evidence", message: asked.message, values: parsed.data });
  return formDone({ intent: "evidence", message: "Your claim is with our team. We will e-mail you when they decide." });
}

export default function ClaimListing({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
