/**
 * A merge never silently overwrites a value the company submitted (issue 36, decision 0115): the survivor keeps its
 * owner's description, the other listing's longer one waits in the review queue as a merge's proposal, the merge's
 * record and audit say so, and the values nobody submitted merge as before.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { listingChangeProposals } from "#db/schema/owner-changes.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { writeFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { mergeDuplicate } from "./merge.server.ts";

let database: Database;
const admin = { id: "merge-owner-admin" };
const T1 = "2026-10-01T00:00:00.000Z";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

async function listing(slug: string, values: Partial<typeof listings.$inferInsert>) {
  const [row] = await database.db
    .insert(listings)
    .values({ slug, type: "startup", name: slug, ...values })
    .returning({ id: listings.id });
  return row!.id;
}

describe("a merge over a company's own value", () => {
  it("keeps the owner's value, sends the other's to review and says so", async () => {
    const survivor = await listing("owner-survivor", { description: "Ours, short.", phone: null });
    const other = await listing("owner-other", {
      description: "A much longer description the other record carried.",
      phone: "+14155552671",
    });
    await writeFieldSources(database.db, [
      { listingId: survivor, patch: { description: { source: "owner_submission", setAt: T1, confirmedAt: T1 } } },
    ]);
    const result = await mergeDuplicate(database, { survivorId: survivor, mergedId: other, admin });
    expect(result.heldForReview).toEqual(["description"]);
    expect(result.mergedFields).toContain("phone");
    expect(result.mergedFields).not.toContain("description");
    const [row] = await database.db.select().from(listings).where(eq(listings.id, survivor));
    expect(row!.description).toBe("Ours, short.");
    expect(row!.phone).toBe("+14155552671");
    const proposals = await database.db.select().from(listingChangeProposals).where(eq(listingChangeProposals.listingId, survivor));
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({
      origin: "merge",
      status: "pending",
      changes: [{ field: "description", before: "Ours, short.", after: "A much longer description the other record carried." }],
    });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "merge_operation"), eq(auditLog.recordId, survivor)));
    expect(entry!.details).toMatchObject({ heldForReview: ["description"] });
  });
});
