/**
 * The monthly summary e-mail (decision 0117), pure: one section per listing the owner keeps, with the month's views,
 * search appearances and introduction requests. Counts of views and appearances under 5 read "fewer than 5", as on
 * the insights page; the e-mail is made from the same safe numbers and says nothing the page would not.
 */
import { footer, list, paragraph, type EmailBlock, type EmailBody } from "~/lib/email-body.ts";
import { formatMonth } from "~/lib/format-date.ts";
import { plural } from "~/lib/wording.ts";
import { MIN_SHOWN } from "./small-counts.ts";

export interface SummaryListing {
  id: string;
  name: string;
  views: number;
  appearances: number;
  intros: { requested: number; accepted: number; declined: number };
}

/** A count as it may be said: a number of 5 or more, "none", or "fewer than 5". */
function sayCount(count: number, noun: string): string {
  if (count === 0) return `no ${noun}s`;
  if (count < MIN_SHOWN) return `fewer than ${MIN_SHOWN} ${noun}s`;
  return plural(count, noun);
}

export function summaryEmail(input: {
  name: string;
  /** "YYYY-MM-01" of the month summarised. */
  month: string;
  listings: readonly SummaryListing[];
  site: string;
  unsubscribeUrl: string;
}): { subject: string; body: EmailBody } {
  const { name, month, listings, site, unsubscribeUrl } = input;
  const label = formatMonth(`${month}T00:00:00Z`);
  const blocks: EmailBlock[] = [
    paragraph(`Hello ${name},`),
    paragraph(
      `Here is how your ${listings.length === 1 ? "listing" : "listings"} did on Introbase in ${label} (the weeks ending that month, UTC; a week under 5 views is left out).`,
    ),
  ];
  for (const l of listings) {
    const intros =
      l.intros.requested === 0
        ? "no introduction requests"
        : `${plural(l.intros.requested, "introduction request")} (${l.intros.accepted} accepted, ${l.intros.declined} declined)`;
    blocks.push(
      list(l.name, [
        {
          title: "See the insights",
          href: `${site}/my-listings/${l.id}/insights`,
          detail: `${sayCount(l.views, "profile view")}, ${sayCount(l.appearances, "search appearance")}, ${intros}`,
        },
      ]),
    );
  }
  blocks.push(
    footer(
      "You get this e-mail once a month because you keep a listing on Introbase. We never tell you who looked, and never a count under 5.",
      `Stop these monthly summaries: ${unsubscribeUrl}`,
      `Turn them on again on your listing's insights page: ${site}/my-listings`,
    ),
  );
  return { subject: `Your Introbase listing in ${label}`, body: blocks };
}
