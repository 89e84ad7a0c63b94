import { formatDate, formatDateTime, isIsoDate } from "~/lib/format-date.ts";
import { plural } from "~/lib/wording.ts";

/** What each link counted by GET /api/admin/get-company is, in the singular ("table.column" → noun). */
const LINK_NOUNS: Record<string, string> = {
  "team_members.listing_id": "team member",
  "faqs.listing_id": "FAQ",
  "key_use_cases.listing_id": "use case",
  "how_it_works_steps.listing_id": "how-it-works step",
  "funding_rounds.listing_id": "funding round",
  "investor_relationships.listing_id": "investor",
  "investor_relationships.investor_id": "portfolio company",
  "feature_applications.listing_id": "feature application",
  "intro_requests.listing_id": "introduction request",
  "listing_sources.listing_id": "import source",
};

/** "3 team members, 1 funding round" from the link counts; a link without a noun of its own is named after its table. */
export function linkedRowsText(links: Record<string, number>): string {
  const parts = Object.entries(links).map(([key, n]) => plural(n, LINK_NOUNS[key] ?? `${key.split(".")[0]!.replace(/_/g, " ")} row`));
  return parts.join(", ") || "none";
}

/** A value as the site prints it: dates like every other operator screen, an em dash for nothing. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (isIsoDate(value)) return value.length === 10 ? formatDate(value) : formatDateTime(value);
  return String(value);
}
