/**
 * Field provenance through an approved feature application (issue 19 §4, decision 0068): every value the company sent
 * (as the operator left it) is "submitted by the company", from the approval on; what it did not send has no record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import { getFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { parseFeatureApplication, readFeatureForm } from "./feature-application.ts";
import { approveFeatureApplication, submitFeatureApplication } from "./feature-applications.server.ts";

let database: Database;
const admin = { id: "admin-app-provenance" };
const approvedAt = new Date("2026-11-03T10:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

describe("an approved application's provenance", () => {
  it("records the company's values as submitted by the company, at the approval", async () => {
    const data = new FormData();
    const fields = {
      name: "Provenance Forge",
      websiteUrl: "https://provenance-forge.example",
      tagline: "Where values come from",
      description: "We say where every value on a company's profile came from, and when it was last checked.",
      industryIds: "1",
      geographyIds: "1",
      fundingStageId: "2",
      howItWorks: "Connect\n\nSee",
      team: "Mara Lind, CEO",
      hqCity: "Lisbon",
      contactName: "Mara Lind",
      contactEmail: "mara@provenance-forge.example",
    };
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    const parsed = parseFeatureApplication("startup", readFeatureForm(data));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const id = await submitFeatureApplication(database, {
      type: "startup",
      input: parsed.data,
      logo: null,
      userId: null,
      clientAddress: "10.9.0.1",
    });
    const listing = await approveFeatureApplication(database, id, { featured: true, admin, now: approvedAt });

    const sources = (await getFieldSources(database.db, [listing.id])).get(listing.id)!;
    const company = { source: "feature_application", setAt: approvedAt.toISOString(), confirmedAt: approvedAt.toISOString() };
    for (const field of [
      "name",
      "websiteUrl",
      "tagline",
      "description",
      "industryIds",
      "geographyIds",
      "fundingStageId",
      "howItWorks",
      "team",
      "hqCity",
      "primaryContact",
    ])
      expect(sources[field], field).toEqual(company);
    // Not sent: no record. Settings (featured, visibility) are not facts about the company.
    for (const field of ["problem", "phone", "faqs", "featured", "visibility", "slug"]) expect(sources[field], field).toBeUndefined();
  });
});
