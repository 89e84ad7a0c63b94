/**
 * The erasure job's steps over what mentions a member without being theirs (decision 0077): the audit log, the copies
 * of e-mails, sign-in and rate-limit leftovers, other jobs' saved output, and merges that set aside a member's views
 * for an undo. Each is idempotent, like the steps over their records (erase-member-records.server.ts).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { Erasure } from "./erase-member-records.server.ts";
import { DELETED_MEMBER } from "./scrub-mentions.ts";
import { likeEscape, rowMentionsAddressOrId, scrubRows, wordColumns } from "./scrub-rows.server.ts";

const before = (erasure: Erasure) => sql`${erasure.requestedAt.toISOString()}::timestamptz`;

/** Rows of `table` that hold the member's address or id in any word column. */
async function mentioning(database: Database, table: string, erasure: Erasure) {
  return rowMentionsAddressOrId(await wordColumns(database, table), erasure);
}

/**
 * The audit log keeps every entry: what the member did stays as done by "a deleted member" (no actor, no name), an
 * entry about their account (an operator's gift, refund or disabling, whose record is their id) loses their names and
 * the payment provider's invoice it refunded, and any other entry that holds their address or id (an operator's note, a
 * detail) loses it. The notes on complimentary plans the member gave others, as an operator, lose their names too.
 */
export async function eraseAuditMentions(database: Database, erasure: Erasure): Promise<number> {
  const theirs = await scrubRows(database, "audit_log", sql`actor_id = ${erasure.id}`, erasure, { withNames: true });
  await database.rows(sql`UPDATE audit_log SET actor_id = NULL, source = ${DELETED_MEMBER} WHERE actor_id = ${erasure.id} RETURNING id`);
  // The provider's ids of the member's invoices go here as everywhere (forgetPaymentIds); the amount stays.
  await database.rows(sql`
    UPDATE audit_log SET details = details - 'invoiceId' - 'invoiceNumber'
    WHERE record_id = ${erasure.id} AND details ?| array['invoiceId', 'invoiceNumber'] RETURNING id`);
  const about = await scrubRows(database, "audit_log", sql`record_id = ${erasure.id}`, erasure, { withNames: true });
  const others = await scrubRows(database, "audit_log", await mentioning(database, "audit_log", erasure), erasure, { withNames: false });
  const notes = await scrubRows(database, "tier_grants", sql`granted_by = ${erasure.id}`, erasure, { withNames: true });
  return theirs + about + others + notes;
}

/**
 * The outbox's copies of e-mails sent before the deletion: those to the member alone are deleted; one sent to them and
 * others (an introduction) loses their address from its recipients and their name and address from its text; any
 * other copy that holds their address or id loses it.
 */
export async function eraseOutboxMentions(database: Database, erasure: Erasure): Promise<number> {
  const toThem = sql`EXISTS (SELECT 1 FROM unnest("to") AS r WHERE lower(r) = ${erasure.email})`;
  const toOthersToo = sql`EXISTS (SELECT 1 FROM unnest("to") AS r WHERE lower(r) <> ${erasure.email})`;
  const sentBefore = sql`created_at <= ${before(erasure)}`;
  const deleted = await database.rows<{ id: string }>(sql`
    DELETE FROM outbox_emails WHERE ${sentBefore} AND ${toThem} AND NOT ${toOthersToo} RETURNING id`);
  const shared = await scrubRows(
    database,
    "outbox_emails",
    sql`${sentBefore} AND (${toThem} OR lower(reply_to) = ${erasure.email})`,
    erasure,
    { withNames: true },
  );
  // The recipients are addresses: theirs is taken out of the list, not replaced by words.
  await database.rows(sql`
    UPDATE outbox_emails SET "to" = array_remove("to", ${DELETED_MEMBER}), reply_to = NULLIF(reply_to, ${DELETED_MEMBER})
    WHERE ${sentBefore} AND (${DELETED_MEMBER} = ANY("to") OR reply_to = ${DELETED_MEMBER}) RETURNING id`);
  const mentioned = await scrubRows(
    database,
    "outbox_emails",
    sql`${sentBefore} AND (${await mentioning(database, "outbox_emails", erasure)})`,
    erasure,
    { withNames: false },
  );
  return deleted.length + shared + mentioned;
}

/**
 * What signing in and counting left behind: verification values (a reset token's row names the account), rate-limit
 * windows counted per account ("api-calls:<id>"), the operator debugger's rows.
 */
export async function eraseSignInLeftovers(database: Database, erasure: Erasure): Promise<number> {
  const email = `%${likeEscape(erasure.email)}%`;
  const id = `%${likeEscape(erasure.id)}%`;
  const gone = await Promise.all([
    database.rows(sql`DELETE FROM verifications WHERE identifier ILIKE ${email} OR value ILIKE ${email} OR identifier LIKE ${id} OR value LIKE ${id}
      RETURNING id`),
    database.rows(sql`DELETE FROM rate_limit_windows WHERE key LIKE ${id} OR key ILIKE ${email} RETURNING key`),
    database.rows(sql`DELETE FROM debugger_sessions WHERE user_id = ${erasure.id} RETURNING user_id`),
  ]);
  return gone.reduce((sum, rows) => sum + rows.length, 0);
}

/**
 * Other jobs' parameters, progress and output (a digest's resume cursor is the last member it reached). A job still
 * queued or running is not touched, since rewriting its cursor would make it skip members: the step answers "deferred"
 * and the erasure waits for it (the sweep queues the erasure again). Finished jobs lose the address and id.
 */
export async function eraseJobMentions(database: Database, erasure: Erasure, ownJobId: string): Promise<number | "deferred"> {
  const mentions = await mentioning(database, "jobs", erasure);
  const [busy] = await database.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM jobs WHERE id <> ${ownJobId}::uuid AND status IN ('queued', 'running') AND (${mentions})`);
  if ((busy?.n ?? 0) > 0) return "deferred";
  return scrubRows(database, "jobs", sql`id <> ${ownJobId}::uuid AND (${mentions})`, erasure, { withNames: false });
}

/**
 * Merges keep the rows they could not move for an undo (a member who viewed both listings of a pair in a month) and
 * the ids of the views they moved: the member's go, so an undo restores everyone else's and nothing of theirs. The
 * before-images of the listings lose the member's address.
 */
export async function eraseMergeMentions(database: Database, erasure: Erasure): Promise<number> {
  const id = erasure.id;
  const views = await database.rows<{ id: string }>(sql`
    UPDATE listing_merges SET
      moved = CASE WHEN moved ? 'listing_views.listing_id' THEN jsonb_set(moved, '{listing_views.listing_id}',
        coalesce((SELECT jsonb_agg(v) FROM jsonb_array_elements(moved -> 'listing_views.listing_id') AS v WHERE v #>> '{}' NOT LIKE ${`${likeEscape(id)}|%`}), '[]'::jsonb))
        ELSE moved END,
      dropped = CASE WHEN dropped ? 'listing_views' THEN jsonb_set(dropped, '{listing_views}',
        coalesce((SELECT jsonb_agg(v) FROM jsonb_array_elements(dropped -> 'listing_views') AS v WHERE v ->> 'user_id' IS DISTINCT FROM ${id}), '[]'::jsonb))
        ELSE dropped END
    WHERE moved::text LIKE ${`%${likeEscape(id)}%`} OR dropped::text LIKE ${`%${likeEscape(id)}%`}
    RETURNING id`);
  const images = await scrubRows(database, "listing_merges", await mentioning(database, "listing_merges", erasure), erasure, {
    withNames: false,
  });
  return views.length + images;
}
