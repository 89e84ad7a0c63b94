/**
 * The reference editor against a real database: add, edit and delete with their audit entries, deletes refused
 * while values are in use (with the count), unique names, and the caches that must show a change at once.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import * as s from "#db/schema/index.ts";
import { getFieldRules } from "~/features/access/field-rules.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { createReferenceValue, deleteReferenceValue, updateReferenceValue } from "./edit-reference.server.ts";
import { countReferenceLists, getReferenceRows } from "./list-reference.server.ts";

let database: Database;
const admin = { id: "admin-reference" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 40);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

async function auditFor(recordId: string) {
  return database.db.select().from(s.auditLog).where(eq(s.auditLog.recordId, recordId)).orderBy(desc(s.auditLog.timestamp));
}

function expectOk<T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected success: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
}

describe("target personas", () => {
  let id: number;

  it("are added, shown in the reference data at once, and audited", async () => {
    const before = await getReferenceData(database); // primes the hour-long cache
    expect(before.targetPersonas.map((p) => p.name)).not.toContain("Head of Legal");
    const created = expectOk(await createReferenceValue(database, "target-personas", { name: "  Head of Legal " }, admin));
    id = created.id;
    expect(created.name).toBe("Head of Legal");
    expect((await getReferenceData(database)).targetPersonas).toContainEqual({ id, name: "Head of Legal" });
    const [entry] = await auditFor(`target_personas:${id}`);
    expect(entry).toMatchObject({
      operation: "reference_edit",
      source: "admin",
      action: "created",
      companyName: "Head of Legal",
      actorId: admin.id,
      details: { table: "target_personas", before: null, after: { id, name: "Head of Legal" } },
    });
  });

  it("are renamed, with before and after in the audit entry", async () => {
    expectOk(await updateReferenceValue(database, "target-personas", id, { name: "General Counsel" }, admin));
    const names = (await getReferenceData(database)).targetPersonas.map((p) => p.name);
    expect(names).toContain("General Counsel");
    expect(names).not.toContain("Head of Legal");
    const [entry] = await auditFor(`target_personas:${id}`);
    expect(entry).toMatchObject({
      action: "updated",
      companyName: "General Counsel",
      details: { before: { name: "Head of Legal" }, after: { name: "General Counsel" } },
    });
  });

  it("keep names unique, without regard to case, with the message beside the name and the input kept", async () => {
    const outcome = await createReferenceValue(database, "target-personas", { name: "cto" }, admin);
    expect(outcome).toEqual({
      ok: false,
      message: "Please correct the highlighted fields.",
      errors: { name: 'There is already a target persona named "cto".' },
      values: { name: "cto" },
    });
    const renamed = await updateReferenceValue(database, "target-personas", id, { name: "CFO" }, admin);
    expect(renamed.ok ? null : renamed.errors.name).toBe('There is already a target persona named "CFO".');
    // Saving a row under its own name is no conflict.
    expectOk(await updateReferenceValue(database, "target-personas", id, { name: "General counsel" }, admin));
  });

  it("are deleted when nothing uses them, and the deletion is audited", async () => {
    expectOk(await deleteReferenceValue(database, "target-personas", id, admin));
    expect((await getReferenceData(database)).targetPersonas.some((p) => p.id === id)).toBe(false);
    const [entry] = await auditFor(`target_personas:${id}`);
    expect(entry).toMatchObject({ action: "deleted", companyName: "General counsel", details: { after: null, before: { id } } });
  });

  it("that no longer exist cannot be edited or deleted", async () => {
    await expect(updateReferenceValue(database, "target-personas", id, { name: "Ghost" }, admin)).rejects.toBeInstanceOf(AppError);
    await expect(deleteReferenceValue(database, "target-personas", id, admin)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("deleting a value in use", () => {
  it("is refused with the number of listings using it, and nothing changes", async () => {
    const [stage] = await database.rows<{ id: number; n: number }>(
      sql`SELECT funding_stage_id AS id, count(*)::int AS n FROM listings WHERE funding_stage_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    expect(stage!.n).toBeGreaterThan(1);
    const outcome = await deleteReferenceValue(database, "funding-stages", stage!.id, admin);
    expect(outcome).toEqual({ ok: false, message: `Used by ${stage!.n} listings: remove it from them first.` });
    expect(await database.db.select().from(s.fundingStages).where(eq(s.fundingStages.id, stage!.id))).toHaveLength(1);
    expect(await auditFor(`funding_stages:${stage!.id}`)).toHaveLength(0);
  });

  it("counts listings holding it in an id array, and countries in a geography", async () => {
    const [persona] = await database.rows<{ id: number; n: number }>(
      sql`SELECT u.id, count(*)::int AS n FROM listings, unnest(persona_ids) AS u(id) GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    expect(await deleteReferenceValue(database, "target-personas", persona!.id, admin)).toMatchObject({
      ok: false,
      message: `Used by ${persona!.n} listing${persona!.n === 1 ? "" : "s"}: remove it from them first.`,
    });
    const [africa] = await database.db.select().from(s.geographies).where(eq(s.geographies.name, "Africa"));
    const countries = await database.db.select().from(s.countries).where(eq(s.countries.geographyId, africa!.id));
    const outcome = await deleteReferenceValue(database, "geographies", africa!.id, admin);
    expect(outcome.ok ? "" : outcome.message).toMatch(new RegExp(`${countries.length} countries: remove it from them first\\.$`));
  });

  it("shows the same counts in the list the editor displays", async () => {
    const rows = await getReferenceRows(database, "funding-stages");
    const [{ n }] = (await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM listings WHERE funding_stage_id IS NOT NULL`,
    )) as [{ n: number }];
    expect(rows.reduce((sum, r) => sum + r.usage.listings, 0)).toBe(n);
    expect(rows.map((r) => r.values.sortOrder)).toEqual([...rows.map((r) => r.values.sortOrder)].sort((a, b) => Number(a) - Number(b)));
  });
});

describe("industries", () => {
  it("are saved with the name and key derived from the categories, and the key kept unique", async () => {
    const created = expectOk(
      await createReferenceValue(
        database,
        "industries",
        { primaryCategory: "FinTech", secondaryCategory: "Payments", leadsOnTreesSource: "on" },
        admin,
      ),
    );
    const [row] = await database.db.select().from(s.industries).where(eq(s.industries.id, created.id));
    expect(row).toMatchObject({ name: "FinTech: Payments", industryKey: "FinTech::Payments", leadsOnTreesSource: true });
    const again = await createReferenceValue(database, "industries", { name: "FinTech::Payments" }, admin);
    expect(again.ok ? null : again.errors.name).toBe('There is already an industry named "FinTech: Payments".');
    const [listed] = await getReferenceRows(database, "industries", "payments");
    expect(listed).toMatchObject({ name: "FinTech: Payments", derived: { industryKey: "FinTech::Payments" } });
  });
});

describe("countries", () => {
  it("keep ISO codes unique and geographies real", async () => {
    const [europe] = await database.db.select().from(s.geographies).where(eq(s.geographies.name, "Europe"));
    const taken = await createReferenceValue(
      database,
      "countries",
      { name: "Deutschland", isoCode: "de", geographyId: String(europe!.id) },
      admin,
    );
    expect(taken.ok ? null : taken.errors).toEqual({ isoCode: "Germany already has the ISO code DE." });
    const nowhere = await createReferenceValue(database, "countries", { name: "Austria", isoCode: "AT", geographyId: "9999" }, admin);
    expect(nowhere.ok ? null : nowhere.errors).toEqual({ geographyId: "Choose a geography from the list." });
    const created = expectOk(
      await createReferenceValue(database, "countries", { name: "Austria", isoCode: "at", geographyId: String(europe!.id) }, admin),
    );
    const [row] = await database.db.select().from(s.countries).where(eq(s.countries.id, created.id));
    expect(row).toMatchObject({ isoCode: "AT", emoji: "🇦🇹", geographyId: europe!.id });
  });
});

describe("field rules", () => {
  it("change what profiles gate at once, and one rule per field", async () => {
    expect((await getFieldRules(database)).keyUseCases).toBe("premium"); // cached for five minutes
    const [rule] = await database.db.select().from(s.fieldVisibilityRules).where(eq(s.fieldVisibilityRules.fieldName, "keyUseCases"));
    expectOk(await updateReferenceValue(database, "field-rules", rule!.id, { fieldName: "keyUseCases", accessLevel: "subscriber" }, admin));
    expect((await getFieldRules(database)).keyUseCases).toBe("subscriber");
    const twice = await createReferenceValue(database, "field-rules", { fieldName: "Key Use Cases", accessLevel: "public" }, admin);
    expect(twice.ok ? null : twice.errors.fieldName).toBe("There is already a rule for keyUseCases: edit that one.");
    const [entry] = await auditFor(`field_visibility_rules:${rule!.id}`);
    expect(entry).toMatchObject({
      companyName: "keyUseCases",
      details: { before: { accessLevel: "premium" }, after: { accessLevel: "subscriber" } },
    });
  });
});

describe("the index of lists", () => {
  it("counts every list's values", async () => {
    const counts = await countReferenceLists(database);
    const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM countries`)) as [{ n: number }];
    expect(counts.countries).toBe(n);
    expect(counts["business-models"]).toBe(3);
    expect(counts["field-rules"]).toBe(8);
  });

  it("audits every change above as a reference edit by the admin", async () => {
    const entries = await database.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.operation, "reference_edit"), eq(s.auditLog.actorId, admin.id)));
    expect(entries.length).toBeGreaterThanOrEqual(7);
    expect(entries.every((e) => e.source === "admin" && /^[a-z_]+:\d+$/.test(e.recordId ?? ""))).toBe(true);
  });
});
