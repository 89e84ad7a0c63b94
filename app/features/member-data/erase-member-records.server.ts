/**
 * The erasure job's steps over the records a member made (decision 0077): their introduction requests, their
 * applications, their duplicate reports, and their address where a listing or someone else's request holds it as a
 * contact. Each step is idempotent (a resumed job runs it again and changes nothing more) and runs before the user row
 * is deleted, while the foreign keys still say which rows were theirs.
 */
import { sql } from "drizzle-orm";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import { execRows, type Database } from "~/lib/db.server.ts";
import { DELETED_MEMBER, type Mentions } from "./scrub-mentions.ts";
import { scrubRows } from "./scrub-rows.server.ts";

/** What a step knows of the erasure: whom to take out, and when they asked (rows made after are someone else's). */
export interface Erasure extends Mentions {
  erasureId: string;
  requestedAt: Date;
}

const before = (erasure: Erasure) => sql`${erasure.requestedAt.toISOString()}::timestamptz`;
const ids = (rows: Array<{ id: string }>) => sql`${`{${rows.map((r) => r.id).join(",")}}`}::text[]`;

/**
 * Requests the member sent (signed in, or before they had an account, from their address): the copies of the e-mails
 * that told recipients about them lose their name, the requests' audit entries lose it too, and the requests go.
 */
export async function eraseIntroRequestsSent(database: Database, erasure: Erasure): Promise<number> {
  const requests = await database.rows<{ id: string; recipient_email: string | null; created_at: string }>(sql`
    SELECT id::text AS id, recipient_email, created_at::text AS created_at FROM intro_requests
    WHERE requester_id = ${erasure.id}
       OR (requester_id IS NULL AND lower(requester_email) = ${erasure.email} AND created_at <= ${before(erasure)})`);
  if (!requests.length) return 0;
  const recipients = requests.flatMap((r) => (r.recipient_email ? [r.recipient_email.toLowerCase()] : []));
  if (recipients.length) {
    const earliest = requests.map((r) => r.created_at).sort()[0]!;
    await scrubRows(
      database,
      "outbox_emails",
      sql`kind LIKE 'intro%' AND created_at >= ${earliest}::timestamptz
          AND EXISTS (SELECT 1 FROM unnest("to") AS r WHERE lower(r) = ANY(${`{${recipients.map((r) => `"${r}"`).join(",")}}`}::text[]))`,
      erasure,
      { withNames: true },
    );
  }
  await scrubRows(database, "audit_log", sql`record_id = ANY(${ids(requests)})`, erasure, { withNames: true });
  await database.rows(sql`DELETE FROM intro_requests WHERE id::text = ANY(${ids(requests)}) RETURNING id`);
  return requests.length;
}

/** Requests sent to the member as a listing's contact: the request is the requester's and stays, without the address. */
export async function eraseIntroRequestsReceived(database: Database, erasure: Erasure): Promise<number> {
  const rows = await database.rows<{ id: string }>(sql`
    UPDATE intro_requests SET recipient_email = NULL
    WHERE lower(recipient_email) = ${erasure.email} AND created_at <= ${before(erasure)} RETURNING id`);
  return rows.length;
}

/**
 * Pilot and feature applications the member sent (or that name their address): the company's part stays for the
 * operators' history and the pilot cohort's count, the applicant becomes "a deleted member", their network address
 * and account link go.
 */
export async function eraseApplications(database: Database, erasure: Erasure): Promise<number> {
  let changed = 0;
  for (const table of ["pilot_applications", "feature_applications"] as const) {
    const mine = sql`(user_id = ${erasure.id} OR (lower(contact_email) = ${erasure.email} AND created_at <= ${before(erasure)}))`;
    const rows = await database.rows<{ id: string }>(sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE ${mine}`);
    if (table === "feature_applications") {
      // The company's public address, copied to the listing on approval: when it is theirs, it goes, not replaced.
      await database.rows(
        sql`UPDATE feature_applications SET company_email = NULL WHERE lower(company_email) = ${erasure.email} RETURNING id`,
      );
    }
    if (!rows.length) continue;
    await scrubRows(database, "audit_log", sql`record_id = ANY(${ids(rows)})`, erasure, { withNames: true });
    await scrubRows(database, table, sql`id::text = ANY(${ids(rows)})`, erasure, { withNames: true });
    const network = table === "feature_applications" ? sql`, client_address = NULL` : sql``;
    await database.rows(sql`
      UPDATE ${sql.identifier(table)} SET user_id = NULL, contact_name = ${DELETED_MEMBER}, contact_email = ${DELETED_MEMBER}${network}
      WHERE id::text = ANY(${ids(rows)}) RETURNING id`);
    changed += rows.length;
  }
  return changed;
}

/** Duplicate reports: the pair stays in the operators' queue; who reported it and what they wrote go. */
export async function eraseDuplicateReports(database: Database, erasure: Erasure): Promise<number> {
  const rows = await database.rows<{ id: string }>(sql`
    UPDATE duplicate_reviews SET reported_by = NULL, note = NULL WHERE reported_by = ${erasure.id} RETURNING id`);
  return rows.length;
}

/**
 * Listings that give the member's address as a contact: the address goes (and the primary contact's name with it, the
 * person being the member), with its provenance, and an audit entry tells operators why the field is empty now.
 */
export async function eraseListingContacts(database: Database, erasure: Erasure): Promise<number> {
  const listings = await database.db.transaction(async (tx) => {
    const rows = await execRows<{ id: string; name: string }>(
      tx,
      sql`
      UPDATE listings SET
        primary_contact = CASE WHEN lower(primary_contact_email) = ${erasure.email} THEN NULL ELSE primary_contact END,
        primary_contact_email = CASE WHEN lower(primary_contact_email) = ${erasure.email} THEN NULL ELSE primary_contact_email END,
        contact_email = CASE WHEN lower(contact_email) = ${erasure.email} THEN NULL ELSE contact_email END,
        updated_at = now()
      WHERE lower(primary_contact_email) = ${erasure.email} OR lower(contact_email) = ${erasure.email}
      RETURNING id::text AS id, name`,
    );
    const teamRows = await execRows<{ id: string }>(
      tx,
      sql`UPDATE team_members SET email = NULL WHERE lower(email) = ${erasure.email} RETURNING listing_id::text AS id`,
    );
    const all = [...new Set([...rows.map((r) => r.id), ...teamRows.map((r) => r.id)])];
    if (!all.length) return all;
    await tx.execute(sql`
      UPDATE listing_field_sources SET fields = fields - 'primaryContact' - 'primaryContactEmail' - 'contactEmail'
      WHERE listing_id::text = ANY(${`{${rows.map((r) => r.id).join(",")}}`}::text[])`);
    await recordAudit(
      tx,
      all.map((id) => ({
        operation: "listing_edit" as const,
        source: "system",
        action: "contact_removed",
        companyName: rows.find((r) => r.id === id)?.name ?? null,
        recordId: id,
        details: { reason: "A member whose address this was deleted their account." },
      })),
    );
    return all;
  });
  if (listings.length) await announceChange(database, "listings");
  return listings.length;
}
