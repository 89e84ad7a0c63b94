/**
 * One member's digest for one period (decision 0062), exactly once. The message is composed and recorded in
 * `digest_deliveries` (unique per member, cadence and period) in the same transaction that moves the saved searches'
 * digest snapshots on; only then is it sent, marked "sending" just before the SMTP call and "sent" (or stored, failed)
 * after. A run that stops anywhere resumes without a second e-mail: a recorded message still pending is sent from its
 * row, one marked "sending" (the process died during the SMTP call, so it may have gone out) is never sent again and is
 * marked "unknown", and one sent is skipped.
 */
import { and, eq, sql } from "drizzle-orm";
import { digestDeliveries } from "#db/schema/saved-searches.ts";
import type { DigestCadence } from "#db/values/saved-searches.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { renderEmail, sendEmail } from "~/lib/mailer.server.ts";
import { makeUnsubscribeToken } from "../saved-searches/unsubscribe.server.ts";
import { digestEmail, itemCount } from "./digest-email.ts";
import type { DigestPeriod } from "./digest-section.ts";
import { digestParts } from "./digest-audience.server.ts";
import { followDigestPart } from "./follow-digest.server.ts";
import { savedSearchDigest } from "./saved-search-sections.server.ts";
import { teamSavedSearchDigest } from "./team-search-digest.server.ts";

export interface DigestRecipient {
  id: string;
  name: string;
  email: string;
  tier: string;
}

export interface DigestOptions {
  env?: Env;
  now?: () => Date;
  /** Test seam: called once a message has been handed to the mailer (a test stops the run here to stand for a crash). */
  afterSend?: (userId: string) => void | Promise<void>;
}

export type DeliveryOutcome = "sent" | "stored" | "failed" | "empty" | "already_done" | "unknown";

type Delivery = typeof digestDeliveries.$inferSelect;

async function findDelivery({ db }: Database, userId: string, cadence: DigestCadence, period: DigestPeriod): Promise<Delivery | null> {
  const [row] = await db
    .select()
    .from(digestDeliveries)
    .where(and(eq(digestDeliveries.userId, userId), eq(digestDeliveries.cadence, cadence), eq(digestDeliveries.periodStart, period.from)))
    .limit(1);
  return row ?? null;
}

/**
 * Sends a recorded, pending message; the conditional "sending" mark makes sure only one caller ever does, and only while
 * the member still holds the verified address it was composed for: a member who deleted their account after the run
 * read its audience is never mailed (decision 0077).
 */
async function sendRecorded(database: Database, delivery: Delivery, options: DigestOptions): Promise<DeliveryOutcome> {
  const { db } = database;
  const stillTheirs = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${digestDeliveries.userId} AND u.email_verified
    AND lower(u.email) = lower(${digestDeliveries.recipient}))`;
  const claimed = await db
    .update(digestDeliveries)
    .set({ status: "sending" })
    .where(and(eq(digestDeliveries.id, delivery.id), eq(digestDeliveries.status, "pending"), stillTheirs))
    .returning({ id: digestDeliveries.id });
  if (!claimed.length) return "already_done";
  const result = await sendEmail(
    database,
    {
      kind: "saved_search_digest",
      to: [delivery.recipient],
      subject: delivery.subject,
      text: delivery.body,
      html: delivery.html,
      headers: {
        "List-Unsubscribe": `<${delivery.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": `Introbase ${delivery.cadence} digest <${delivery.cadence}-digest.introbase>`,
      },
    },
    options.env ?? getEnv(),
  );
  await db
    .update(digestDeliveries)
    .set({ status: result.status, outboxEmailId: result.id, sentAt: (options.now ?? (() => new Date()))() })
    .where(eq(digestDeliveries.id, delivery.id));
  await options.afterSend?.(delivery.userId);
  return result.status;
}

/** The member's digest for the period: composed, recorded and sent once, whatever happened to earlier runs. */
export async function deliverDigest(
  database: Database,
  member: DigestRecipient,
  cadence: DigestCadence,
  period: DigestPeriod,
  options: DigestOptions,
): Promise<DeliveryOutcome> {
  const now = (options.now ?? (() => new Date()))();
  const existing = await findDelivery(database, member.id, cadence, period);
  if (existing) {
    if (existing.status === "pending") return sendRecorded(database, existing, options);
    if (existing.status === "sending") {
      // The process stopped during the SMTP call: it may have gone out. Never twice, so it is not sent again.
      await database.db
        .update(digestDeliveries)
        .set({ status: "unknown", error: "The run stopped while this e-mail was being sent; it was not sent again." })
        .where(and(eq(digestDeliveries.id, existing.id), eq(digestDeliveries.status, "sending")));
      logger.warn({ delivery: existing.id }, "digest e-mail interrupted during sending; not sent again");
      return "unknown";
    }
    return "already_done";
  }
  const digestMember = { userId: member.id, tier: member.tier };
  const parts = await digestParts(database, member.id, cadence);
  const savedSearchPart = parts.savedSearches ? await savedSearchDigest(database, digestMember, cadence, period) : null;
  // The searches of the teams whose digest the member opted in to, each found with the member's own tier (decision 0121).
  const teamPart = parts.savedSearches ? await teamSavedSearchDigest(database, digestMember, cadence, period) : null;
  const followPart = parts.follows ? await followDigestPart(database, digestMember, period, now) : null;
  const sections = [
    ...(savedSearchPart?.sections ?? []),
    ...(teamPart?.sections ?? []),
    ...(followPart?.section ? [followPart.section] : []),
  ].filter((section) => section.items.length);
  const site = publicUrl(options.env ?? getEnv());
  const link = async (scope: Parameters<typeof makeUnsubscribeToken>[1]) =>
    `${site}/unsubscribe/${await makeUnsubscribeToken(database, scope, now)}`;
  const stopAll = await link({ kind: "all", userId: member.id });
  const stopSearch = await Promise.all(
    (savedSearchPart?.reported ?? []).map(async (s) => ({ name: s.name, url: await link({ kind: "search", savedSearchId: s.id }) })),
  );
  const items = itemCount(sections);
  const { subject, body } = digestEmail({
    name: member.name,
    cadence,
    period,
    sections,
    reasons: { savedSearches: Boolean(savedSearchPart), follows: Boolean(followPart) },
    links: { site, stopSearch, stopAll },
  });
  // Rendered now and kept with the row: a resumed run sends exactly what was composed.
  const { text, html } = renderEmail(subject, body);
  const recorded = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(digestDeliveries)
      .values({
        userId: member.id,
        cadence,
        periodStart: period.from,
        // Nothing to tell: recorded as done, so the period is settled for this member, and nothing is sent.
        status: items ? "pending" : "empty",
        recipient: member.email,
        subject,
        body: items ? text : "",
        html: items ? html : null,
        unsubscribeUrl: stopAll,
        itemCount: items,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await savedSearchPart?.commit(inTransactionOf(database, tx), now);
      await teamPart?.commit(inTransactionOf(database, tx), now);
      await followPart?.commit(inTransactionOf(database, tx));
    }
    return row ?? null;
  });
  if (!recorded) return "already_done";
  if (!items) return "empty";
  return sendRecorded(database, recorded, options);
}
