/**
 * The funding summary as every reader shows it (issue 32, decision 0089): profiles, the home page's table, the
 * directory's cards and /api/listings. The editor's Funding section has two ways to say when and how much the latest
 * money came in: the funding event (amount, date: spec 02's provider fields, which an import sets to its round) and the
 * latest round's own fields. A reader takes the latest round's value and, where the operator left it empty, the
 * funding event's, so a figure typed into the section shows wherever the section says it does. Total raised has no
 * stand-in: one round's amount is not a total.
 */
import { sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";

/** The latest round's date, "2026-11-20", else the funding event's. */
export const latestRoundDateColumn = sql<string | null>`coalesce(${listings.latestRoundDate}, ${listings.fundingDate})::text`;

/** The latest round's amount, else the funding event's. */
export const latestRoundAmountColumn = sql<number | null>`coalesce(${listings.latestRoundAmount}, ${listings.fundingAmount})::float8`;

/** The amount the home page's table shows for the latest round: the amount raised, else the latest round's amount. */
export const amountRaisedColumn = sql<
  number | null
>`coalesce(${listings.amountRaised}, ${listings.latestRoundAmount}, ${listings.fundingAmount})::float8`;
