/**
 * Who gets a cadence's digest (decisions 0062 and 0063's addendum). A member with a verified address is in it when
 * their tier has alerts and a saved search alerts at this cadence, or when the changes of the listings they follow go
 * to this cadence: every member's follow changes go to exactly one cadence, the daily digest when they have a daily
 * alert (the same test the daily audience uses), else the weekly one, and only while follow e-mails are on.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DigestCadence } from "#db/values/saved-searches.ts";
import type { Database } from "~/lib/db.server.ts";
import { FOLLOW_CAP } from "../follows/follow-limits.ts";
import { SAVED_SEARCH_LIMITS } from "../saved-searches/saved-search-rules.ts";
import type { DigestRecipient } from "./deliver-digest.server.ts";

/** Tiers whose members get alerts (those that may keep saved searches). */
const ALERT_TIERS = Object.entries(SAVED_SEARCH_LIMITS)
  .filter(([, limit]) => limit > 0)
  .map(([tier]) => tier);
/** Tiers that may follow (all of them today, decision 0063). */
const FOLLOW_TIERS = Object.entries(FOLLOW_CAP)
  .filter(([, cap]) => cap > 0)
  .map(([tier]) => tier);

const tierIn = (tiers: string[]) => sql`u.tier = ANY(${`{${tiers.join(",")}}`}::text[])`;

/** The team (`x.team_id`) is one the member (`u`) is in now and whose digest they opted in to (decision 0121). */
const optedInTeam = (x: SQL) => sql`EXISTS (SELECT 1 FROM team_memberships m JOIN team_digest_opt_ins o
  ON o.team_id = m.team_id AND o.user_id = m.user_id AND o.opted_in WHERE m.user_id = u.id AND m.team_id = ${x})`;

/**
 * The member (`u`) has a saved search alerting at `cadence`, or an opted-in team of theirs has one someone else saved
 * (their own team searches are among their own), and a tier with alerts.
 */
const alertsAt = (cadence: DigestCadence): SQL =>
  sql`(${tierIn(ALERT_TIERS)} AND (EXISTS (SELECT 1 FROM saved_searches s WHERE s.user_id = u.id AND s.alert_frequency = ${cadence})
    OR EXISTS (SELECT 1 FROM saved_searches s WHERE s.team_id IS NOT NULL AND s.user_id <> u.id AND s.alert_frequency = ${cadence}
      AND ${optedInTeam(sql`s.team_id`)})))`;

/** The member (`u`) follows a listing, or an opted-in team of theirs does; may follow; and has not turned follow e-mails off. */
const followsWithEmails = sql`(${tierIn(FOLLOW_TIERS)}
  AND (EXISTS (SELECT 1 FROM listing_follows f WHERE f.user_id = u.id)
    OR EXISTS (SELECT 1 FROM team_follows tf WHERE ${optedInTeam(sql`tf.team_id`)}))
  AND NOT EXISTS (SELECT 1 FROM follow_email_settings p WHERE p.user_id = u.id AND NOT p.emails))`;

/** The member's follow changes go to this cadence's digest. */
const followsAt = (cadence: DigestCadence): SQL =>
  cadence === "daily" ? sql`(${followsWithEmails} AND ${alertsAt("daily")})` : sql`(${followsWithEmails} AND NOT ${alertsAt("daily")})`;

const inAudience = (cadence: DigestCadence) => sql`u.email_verified AND (${alertsAt(cadence)} OR ${followsAt(cadence)})`;

const BATCH = 100;

/** The cadence's audience after `after` (member ids in byte order, so a resumed run continues where it stopped). */
export async function audience(database: Database, cadence: DigestCadence, after: string, limit = BATCH): Promise<DigestRecipient[]> {
  return database.rows<DigestRecipient>(sql`
    SELECT u.id, u.name, u.email, u.tier FROM users u
    WHERE ${inAudience(cadence)} AND u.id COLLATE "C" > ${after}
    ORDER BY u.id COLLATE "C" LIMIT ${limit}`);
}

export async function audienceSize(database: Database, cadence: DigestCadence): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u WHERE ${inAudience(cadence)}`);
  return row?.n ?? 0;
}

/**
 * What one member's digest of this cadence carries: their saved searches' alerts (a tier with alerts and a search at
 * this cadence: a downgraded member's old searches alert nobody), their follow changes, or both.
 */
export async function digestParts(
  database: Database,
  userId: string,
  cadence: DigestCadence,
): Promise<{ savedSearches: boolean; follows: boolean }> {
  const [row] = await database.rows<{ saved_searches: boolean; follows: boolean }>(sql`
    SELECT ${alertsAt(cadence)} AS saved_searches, ${followsAt(cadence)} AS follows FROM users u WHERE u.id = ${userId}`);
  return { savedSearches: row?.saved_searches ?? false, follows: row?.follows ?? false };
}
