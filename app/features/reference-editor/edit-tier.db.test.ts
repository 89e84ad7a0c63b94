/**
 * Tier records against a real database: an edit changes what the quota code reads on the very next request,
 * ranks stay ordered, bad input is refused field by field, and every save is audited.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import * as s from "#db/schema/index.ts";
import { COMPANY_VIEW } from "~/features/access/quotas.ts";
import { getQuotaState } from "~/features/access/usage.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getTierRows, updateTier } from "./edit-tier.server.ts";

let database: Database;
const admin = { id: "admin-tiers" };
const member = { id: "member-tiers", tier: "subscriber" as const };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  await insertMember(database, admin.id, "premium", "admin");
  await insertMember(database, member.id, "subscriber");
});

afterAll(async () => {
  await database?.close();
});

async function subscriberValues() {
  const rows = await getTierRows(database);
  return rows.find((r) => r.name === "subscriber")!.values;
}

describe("getTierRows", () => {
  it("shows the three tiers in rank order with the limits in force", async () => {
    const rows = await getTierRows(database);
    expect(rows.map((r) => [r.name, r.values.displayName, r.limits.views])).toEqual([
      ["public", "Free", 10],
      ["subscriber", "Subscriber", 500],
      ["premium", "Premium", 999999],
    ]);
  });
});

describe("updateTier", () => {
  it("changes the monthly views the quota code allows at once, and audits the change", async () => {
    expect((await getQuotaState(database, member, COMPANY_VIEW)).limit).toBe(500); // cached for five minutes
    const outcome = await updateTier(database, "subscriber", { ...(await subscriberValues()), maxCompanyViewsPerMonth: "750" }, admin);
    expect(outcome).toEqual({ ok: true });
    expect(await getQuotaState(database, member, COMPANY_VIEW)).toMatchObject({ limit: 750, remaining: 750 });
    expect((await getTierRows(database)).find((r) => r.name === "subscriber")!.limits.views).toBe(750);

    const [row] = await database.db.select().from(s.visibilityLevels).where(eq(s.visibilityLevels.name, "subscriber"));
    const [entry] = await database.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.recordId, `visibility_levels:${row!.id}`));
    expect(entry).toMatchObject({
      operation: "tier_edit",
      source: "admin",
      action: "updated",
      companyName: "subscriber",
      actorId: admin.id,
      details: { table: "visibility_levels", before: { maxCompanyViewsPerMonth: 500 }, after: { maxCompanyViewsPerMonth: 750 } },
    });
  });

  it("takes -1 as unlimited", async () => {
    await updateTier(database, "subscriber", { ...(await subscriberValues()), maxCompanyViewsPerMonth: "-1" }, admin);
    expect((await getQuotaState(database, member, COMPANY_VIEW)).limit).toBe(999999);
  });

  it("keeps ranks rising from public to premium", async () => {
    const outcome = await updateTier(database, "subscriber", { ...(await subscriberValues()), rank: "3" }, admin);
    expect(outcome.ok ? null : outcome.errors).toEqual({
      rank: "Ranks rise from public to subscriber to premium: give a rank above 1 (public) and below 3 (premium).",
    });
    const [row] = await database.db.select().from(s.visibilityLevels).where(eq(s.visibilityLevels.name, "subscriber"));
    expect(row!.rank).toBe(2);
    expect((await updateTier(database, "premium", { ...(await getTierRows(database))[2]!.values, rank: "30" }, admin)).ok).toBe(true);
  });

  it("refuses bad numbers field by field and keeps what was typed", async () => {
    const outcome = await updateTier(
      database,
      "subscriber",
      { ...(await subscriberValues()), monthlyPrice: "-1", aiRequestsPerMonth: "ten" },
      admin,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(Object.keys(outcome.errors).sort()).toEqual(["aiRequestsPerMonth", "monthlyPrice"]);
    expect(outcome.values).toMatchObject({ monthlyPrice: "-1", aiRequestsPerMonth: "ten" });
  });

  it("creates a tier's record when the table has none", async () => {
    const [premium] = await database.db.delete(s.visibilityLevels).where(eq(s.visibilityLevels.name, "premium")).returning();
    const rows = await getTierRows(database);
    expect(rows[2]).toMatchObject({ name: "premium", id: null, values: { displayName: "Premium" } });
    expect(await updateTier(database, "premium", { ...rows[2]!.values, displayName: "Scale" }, admin)).toEqual({ ok: true });
    const [row] = await database.db.select().from(s.visibilityLevels).where(eq(s.visibilityLevels.name, "premium"));
    expect(row).toMatchObject({ displayName: "Scale", rank: 3 });
    expect(row!.id).not.toBe(premium!.id);
    const [entry] = await database.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.recordId, `visibility_levels:${row!.id}`));
    expect(entry).toMatchObject({ action: "created", details: { before: null } });
  });
});
