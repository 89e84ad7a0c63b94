import { inArray } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { hasFeature } from "../../access/features.ts";
import { toFieldVisibility } from "../../access/field-name.ts";
import { getFieldRules } from "../../access/field-rules.server.ts";
import { requiredLevel, type FieldRules } from "../../access/redact-listing.ts";
import { canSee, type AccessLevel } from "../../access/tiers.ts";
import { upgradeHint } from "../../access/placeholders.ts";
import { DATA_EXPORT, quotaLimitReachedMessage } from "../../access/quotas.ts";
import { getTierDefinitions } from "../../access/tier-records.server.ts";
import { recordUsage, type UsageSubject } from "../../access/usage.server.ts";
import type { DirectoryQuery } from "../directory-filters.ts";
import { EXPORT_ROW_CAP, LISTING_COLUMNS, listingRow, toCsv, type ExportDetail } from "../listings-csv.ts";
import { searchListings } from "./search-listings.server.ts";

export async function canExport(database: Database, subject: UsageSubject | null): Promise<boolean> {
  if (!subject) return false;
  const { tiers } = await getTierDefinitions(database);
  return hasFeature("export_data", subject.tier, tiers[subject.tier]);
}

/** For a member whose plan has no exports: spec 01 §6's upgrade hint, worded by whether tier records exist. */
export async function exportUpgradeHint(database: Database, subject: UsageSubject): Promise<string> {
  const { fromRecords } = await getTierDefinitions(database);
  return upgradeHint("data export", subject.tier, fromRecords);
}

/**
 * The directory results for `query` as CSV, gated for the user exactly as the page and the profiles are: a locked
 * listing is its teaser; an open one adds its website, LinkedIn and funding (issue 15 §8; funding is public to
 * everyone, decision 0080). One download counts
 * one unit of the data_export quota; a depleted quota or a tier without exports is refused before any work.
 */
export async function exportListings(database: Database, user: UsageSubject, query: DirectoryQuery, origin: string): Promise<string> {
  if (!(await canExport(database, user)))
    throw new AppError("forbidden", "Your plan does not include exports. Upgrade to export listings.");
  const usage = await recordUsage(database, user, DATA_EXPORT);
  if (!usage.allowed) throw new AppError("rate_limited", quotaLimitReachedMessage("exports"));
  const rows: Array<Array<string | boolean | null>> = [];
  const rules = await getFieldRules(database);
  for (let page = 1; rows.length < EXPORT_ROW_CAP; page++) {
    const result = await searchListings(database, { ...query, page, pageSize: 100 }, { tier: user.tier });
    // Profile-level values are read for the listings the viewer may open, never for a locked one.
    const details = await exportDetails(
      database,
      result.data.filter((item) => !item.locked).map((item) => item.id),
      user.tier,
      rules,
    );
    rows.push(...result.data.map((item) => listingRow(item, origin, details.get(item.id))));
    if (!result.pagination.hasNextPage) break;
  }
  return toCsv([[...LISTING_COLUMNS], ...rows.slice(0, EXPORT_ROW_CAP)]);
}

/** The profile values a row adds, for open listings only; the city only where its field level lets the viewer see it. */
async function exportDetails(database: Database, ids: string[], tier: AccessLevel, rules: FieldRules): Promise<Map<string, ExportDetail>> {
  if (!ids.length) return new Map();
  const l = listings;
  const rows = await database.db
    .select({
      id: l.id,
      websiteUrl: l.websiteUrl,
      linkedinUrl: l.linkedinUrl,
      totalFundingRaised: l.totalFundingRaised,
      latestRoundType: l.latestRoundType,
      latestRoundAmount: l.latestRoundAmount,
      latestRoundDate: l.latestRoundDate,
      foundedYear: l.foundedYear,
      teamSize: l.teamSize,
      ticketSize: l.ticketSize,
      hqCity: l.hqCity,
      fieldVisibility: l.fieldVisibility,
    })
    .from(l)
    .where(inArray(l.id, ids));
  return new Map(
    rows.map(({ id, fieldVisibility, hqCity, ...detail }) => {
      const shown = canSee(tier, requiredLevel("hqCity", { fieldVisibility: toFieldVisibility(fieldVisibility) }, rules));
      return [id, { ...detail, hqCity: shown ? hqCity : null }];
    }),
  );
}
