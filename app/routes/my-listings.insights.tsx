import { z } from "zod";
import type { Route } from "./+types/my-listings.insights";
import { requireOwnedListing } from "~/features/listing-owners/ownership.server.ts";
import { InsightsPage } from "~/features/owner-insights/insights-page.tsx";
import { loadListingInsights } from "~/features/owner-insights/listing-insights.server.ts";
import { setSummaryEmails, summaryEmailsOn } from "~/features/owner-insights/summary-emails.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formatMonth } from "~/lib/format-date.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Insights${loaderData ? ` of ${loaderData.name}` : ""} | My listings | Introbase` },
    { name: "robots", content: "noindex" },
  ];
}

/** `?month=2026-10`: the month of the breakdowns; one not offered falls back to the last ended month and says so. */
export async function loader(args: Route.LoaderArgs) {
  const { user, listing } = await requireOwnedListing(args, args.params.listingId);
  const { database } = getAppContext(args.context);
  const asked = new URL(args.request.url).searchParams.get("month");
  const month = asked && /^\d{4}-\d{2}$/.test(asked) ? `${asked}-01` : null;
  const [insights, summaryEmails] = await Promise.all([
    loadListingInsights(database, listing.id, new Date(), month),
    summaryEmailsOn(database, user.id),
  ]);
  const notice =
    asked !== null && insights.breakdowns.month !== month
      ? `There are no figures for "${asked.slice(0, 20)}" to show; here is ${formatMonth(`${insights.breakdowns.month}T00:00:00Z`)}.`
      : null;
  return { name: listing.name, insights, summaryEmails, notice };
}

const Switch = z.object({ summaryEmails: z.enum(["on", "off"]) });

/** The monthly summary e-mail on or off, for the member (it covers every listing they keep). */
export async function action(args: Route.ActionArgs) {
  const { user } = await requireOwnedListing(args, args.params.listingId);
  const parsed = Switch.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return formRefused("bad_request", { message: "Choose whether the monthly e-mail is on or off." });
  const on = parsed.data.summaryEmails === "on";
  await setSummaryEmails(getAppContext(args.context).database, user.id, on);
  return formDone({ message: on ? "The monthly summary e-mail is on." : "The monthly summary e-mail is off." });
}

export default function OwnedListingInsights({ loaderData, actionData }: Route.ComponentProps) {
  return <InsightsPage {...loaderData} result={actionData} />;
}
