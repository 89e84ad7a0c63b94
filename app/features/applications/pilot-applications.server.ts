import { and, desc, eq, ne, sql } from "drizzle-orm";
import { pilotApplications } from "#db/schema/applications.ts";
import { withinLimit } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";
import type { PilotApplication } from "./pilot-application.ts";
import { pilotSlotsOpen } from "./pilot-application.ts";
import { PILOT_OFFER } from "./pilot-offer.ts";

/** Pilot applications per client address per hour: generous for people, a wall for scripts. */
export const pilotApplicationAttempts = defineRateLimit({ name: "pilot-application", limit: 5, windowSeconds: 60 * 60 });

export async function submitPilotApplication({ db }: Database, application: PilotApplication, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(pilotApplications)
    .values({ ...application, userId })
    .returning({ id: pilotApplications.id });
  return row!.id;
}

/** The cohort's open slots: accepted pilots take one each. */
export async function getPilotSlotsOpen({ db }: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pilotApplications)
    .where(eq(pilotApplications.status, "accepted"));
  return pilotSlotsOpen(PILOT_OFFER.cohortSize, row?.n ?? 0);
}

export function listPilotApplications({ db }: Database) {
  return db.select().from(pilotApplications).orderBy(desc(pilotApplications.createdAt)).limit(200);
}

/**
 * An operator's decision. Accepting takes a slot of the cohort (spec 01 §1: limited to 5): the accepted pilots are
 * counted and the acceptance written under the cohort's lock, so two operators cannot both take the last slot.
 */
export async function decidePilotApplication(database: Database, id: string, status: "accepted" | "declined"): Promise<void> {
  const decide = async ({ db }: Database) => {
    const updated = await db
      .update(pilotApplications)
      .set({ status, decidedAt: new Date() })
      .where(eq(pilotApplications.id, id))
      .returning({ id: pilotApplications.id });
    if (!updated.length) notFound("No such pilot application.");
  };
  if (status === "declined") return decide(database);
  const outcome = await withinLimit(database, {
    key: "pilot-cohort",
    limit: PILOT_OFFER.cohortSize,
    // An application already accepted does not count against itself: accepting it again changes nothing.
    used: async ({ db }) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pilotApplications)
        .where(and(eq(pilotApplications.status, "accepted"), ne(pilotApplications.id, id)));
      return row?.n ?? 0;
    },
    use: decide,
  });
  if (!outcome.allowed)
    throw new AppError(
      "conflict",
      `The cohort is full: all ${PILOT_OFFER.cohortSize} slots are taken. Decline an accepted pilot to free a slot first.`,
    );
}
