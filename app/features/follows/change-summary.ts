/**
 * What changed on a followed listing, read from its audit entries, and said in plain words for the follower's digest
 * (issue 18 §3). Pure: the caller reads the entries and decides, per gated field, what the follower's tier may see.
 *
 * Entries that count: the editor's saves and, since issue 19, a spreadsheet import's updates (listing_edit/updated:
 * `changedFields`, and from the editor `teamAdded`, `teamRemoved`, `newRounds`) and merges into the listing, by an
 * import or an operator (merge_operation/merged: `mergedFields`, and from imports `teamAdded` and `newRounds`). An
 * entry that does not say which fields changed (an older spreadsheet update) tells nothing: "something changed" could
 * be a change to a field the follower may not see.
 */
import { z } from "zod";
import { formatAmount, revenueLabel, roundTypeLabel } from "../catalog/format.ts";
import { FUNDING_SUMMARY_FIELDS, type GatedField } from "../catalog/listing-types.ts";

const names = z.array(z.string()).catch([]);
const counted = z.number().int().nonnegative().catch(0);
const Round = z.object({
  roundType: z.string(),
  amount: z.number().nullable().catch(null),
  currency: z.string().catch("USD"),
  fundingDate: z.string().nullable().catch(null),
});
const EntryDetails = z.object({
  changedFields: names.optional(),
  mergedFields: names.optional(),
  teamAdded: counted.optional(),
  teamRemoved: counted.optional(),
  newRounds: z
    .array(z.unknown())
    .catch([])
    .transform((rounds) => rounds.flatMap((r) => Round.safeParse(r).data ?? []))
    .optional(),
});

export interface ChangeEntry {
  operation: string;
  action: string;
  details: unknown;
}

export type NewRound = z.infer<typeof Round>;

/** Everything the entries of one listing in one period say, added together. */
export interface ListingChanges {
  fields: Set<string>;
  teamAdded: number;
  teamRemoved: number;
  newRounds: NewRound[];
}

const counts = (e: ChangeEntry) =>
  (e.operation === "listing_edit" && e.action === "updated") || (e.operation === "merge_operation" && e.action === "merged");

export function collectChanges(entries: readonly ChangeEntry[]): ListingChanges {
  const changes: ListingChanges = { fields: new Set(), teamAdded: 0, teamRemoved: 0, newRounds: [] };
  for (const entry of entries) {
    if (!counts(entry)) continue;
    const details = EntryDetails.safeParse(entry.details ?? {});
    if (!details.success) continue;
    const d = details.data;
    for (const field of [...(d.changedFields ?? []), ...(d.mergedFields ?? [])]) changes.fields.add(field);
    changes.teamAdded += d.teamAdded ?? 0;
    changes.teamRemoved += d.teamRemoved ?? 0;
    if (d.teamAdded || d.teamRemoved) changes.fields.add("team");
    changes.newRounds.push(...(d.newRounds ?? []));
    if (d.newRounds?.length) changes.fields.add("fundingRounds");
  }
  return changes;
}

/** What the follower may see of the listing now, and the current values the words name. */
export interface FollowerView {
  /** Whether the follower's tier may see this gated field on this listing (its own level, else the global rule). */
  canSeeField: (field: GatedField) => boolean;
  fundingStage: string | null;
  revenueRange: string | null;
}

/**
 * The fields a profile shows to whoever may open the listing, and how a change to each is said. Anything not here
 * (contacts, the CEO, internal scores, sources, levels, the slug) is not news for a follower, and some of it must
 * never leave the server: it is left out by default, not by exception.
 */
const OPEN_FIELDS: Array<[fields: string[], words: string]> = [
  [["name"], "Renamed"],
  [["tagline"], "Tagline updated"],
  [["description"], "Description updated"],
  [["industryIds"], "Industries updated"],
  [["geographyIds", "countryIds"], "Locations updated"],
  [["personaIds"], "Target customers updated"],
  [["businessModelId"], "Business model updated"],
  [["teamSize"], "Team size updated"],
  [["foundedYear"], "Founding year updated"],
  [["investorType"], "Investor type updated"],
  [["stageFocus"], "Stage focus updated"],
  [["ticketSize"], "Ticket size updated"],
  [["aum"], "Assets under management updated"],
  [["websiteUrl", "linkedinUrl"], "Links updated"],
  [["logoUrl"], "New logo"],
];

/** Gated fields: told only when the follower's tier may see the field on this listing. */
const GATED: Array<[field: GatedField, changed: string, words: string]> = [
  ["problem", "problem", "Problem updated"],
  ["solution", "solution", "Solution updated"],
  ["timing", "timing", "Why now updated"],
  ["howItWorks", "howItWorks", "How it works updated"],
  ["keyUseCases", "keyUseCases", "Use cases updated"],
  ["faqs", "faqs", "FAQs updated"],
];

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

function roundWords(round: NewRound): string {
  const amount = round.amount === null ? null : formatAmount(round.amount);
  return `New funding round: ${roundTypeLabel(round.roundType)}${amount ? `, ${amount}` : ""}`;
}

/** The changes in plain words, most telling first; empty when nothing the follower may see changed. */
export function describeChanges(changes: ListingChanges, view: FollowerView): string[] {
  const { fields } = changes;
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const round of changes.newRounds) {
    const words = roundWords(round);
    if (!seen.has(words)) parts.push(words);
    seen.add(words);
  }
  if (!changes.newRounds.length && fields.has("fundingRounds")) parts.push("Funding rounds updated");
  else if (!changes.newRounds.length && FUNDING_SUMMARY_FIELDS.some((f) => fields.has(f))) parts.push("Funding details updated");
  if (fields.has("fundingStageId")) parts.push(view.fundingStage ? `Stage changed to ${view.fundingStage}` : "Stage removed");
  if (fields.has("team") && view.canSeeField("team")) {
    const said = [
      changes.teamAdded ? `${people(changes.teamAdded)} added` : null,
      changes.teamRemoved ? `${changes.teamRemoved} left` : null,
    ].filter(Boolean);
    parts.push(said.length ? `Team: ${said.join(", ")}` : "Team updated");
  }
  for (const [group, words] of OPEN_FIELDS) if (group.some((f) => fields.has(f))) parts.push(words);
  if (fields.has("revenueRangeId") && view.canSeeField("revenueRange")) {
    const label = revenueLabel(view.revenueRange);
    parts.push(label ? `Revenue range changed to ${label}` : "Revenue range removed");
  }
  for (const [field, changed, words] of GATED) if (fields.has(changed) && view.canSeeField(field)) parts.push(words);
  return parts;
}
