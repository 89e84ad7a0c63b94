/**
 * A profile's provenance lines against a real database (decision 0068): made from the fields the viewer may see, so a
 * locked field's date and source never reach a viewer of a lower tier (the leak test checks the bytes sent over HTTP).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "#db/schema/listings.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { writeFieldSources } from "../catalog/field-provenance.server.ts";
import { viewProfile } from "./view-profile.server.ts";

let database: Database;
const OLD = "2026-09-01T00:00:00.000Z";
const NEW = "2026-11-03T12:00:00.000Z";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  const [row] = await database.db
    .insert(listings)
    .values({
      slug: "provenance-profile",
      type: "startup",
      name: "Provenance Profile",
      description: "About us.",
      problem: "A problem.",
      solution: "A solution.",
      hqCity: "Lisbon",
      phone: "+14155552671",
      fieldVisibility: { solution: "premium" },
    })
    .returning({ id: listings.id });
  await writeFieldSources(database.db, [
    {
      listingId: row!.id,
      patch: {
        description: { source: "provider_import", setAt: OLD, confirmedAt: NEW },
        problem: { source: "feature_application", setAt: OLD, confirmedAt: OLD },
        solution: { source: "operator_edit", setAt: NEW, confirmedAt: NEW, detail: "operator only" },
        hqCity: { source: "provider_import", setAt: OLD, confirmedAt: OLD },
        phone: { source: "operator_edit", setAt: NEW, confirmedAt: NEW },
      },
    },
  ]);
});

afterAll(async () => {
  await database?.close();
});

async function provenanceFor(tier: "public" | "subscriber" | "premium") {
  const view = await viewProfile(database, "startup", "provenance-profile", { tier });
  if (view.status !== "ok") throw new Error(view.status);
  return view.listing.provenance;
}

describe("a profile's provenance lines", () => {
  it("shows a premium member the newest record of each section", async () => {
    const lines = await provenanceFor("premium");
    expect(lines?.about).toEqual({
      source: "provider_import",
      updatedAt: OLD,
      confirmedAt: NEW,
      text: "Updated 1 Sep 2026 · Lead-data provider · Confirmed 3 Nov 2026",
    });
    expect(lines?.solves).toMatchObject({ source: "operator_edit", updatedAt: NEW, text: "Updated 3 Nov 2026 · Edited by Introbase" });
    expect(lines?.contact).toMatchObject({ source: "operator_edit", updatedAt: NEW });
  });

  it("makes a lower tier's lines from what it may see: no locked field's date or source, no operator detail", async () => {
    const lines = await provenanceFor("public");
    // The solution (premium on this listing) and the phone (premium by default) changed on 3 Nov: nothing says so.
    expect(lines?.solves).toMatchObject({
      source: "feature_application",
      updatedAt: OLD,
      text: "Updated 1 Sep 2026 · Submitted by the company",
    });
    expect(lines?.contact).toMatchObject({ source: "provider_import", updatedAt: OLD });
    const sent = JSON.stringify(await viewProfile(database, "startup", "provenance-profile", { tier: "public" }));
    expect(sent.match(new RegExp(NEW, "g"))?.length ?? 0).toBe(1); // the description's confirmation only
    expect(sent).not.toContain("3 Nov 2026 · Edited");
    expect(sent).not.toContain("operator only");
  });

  it("sends no provenance with a locked listing's teaser", async () => {
    await database.db.update(listings).set({ visibility: "premium" }).where(eq(listings.slug, "provenance-profile"));
    const view = await viewProfile(database, "startup", "provenance-profile", { tier: "public" });
    expect(view.status).toBe("locked");
    expect(JSON.stringify(view)).not.toContain("2026-09-01");
    await database.db.update(listings).set({ visibility: "public" }).where(eq(listings.slug, "provenance-profile"));
  });
});
