/**
 * Field provenance through a duplicate merge and its undo (issue 19 §4, decision 0068): the survivor's kept values
 * keep their records, a value taken whole from the other listing brings the other's record, a value made of both is
 * the merge's; an undo puts the survivor's provenance back exactly, and the merged listing keeps its own throughout.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFieldSources } from "#db/schema/field-sources.ts";
import { listings } from "#db/schema/listings.ts";
import { listingMerges } from "#db/schema/merges.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { writeFieldSources } from "~/features/catalog/field-provenance.server.ts";
import type { FieldSourceEntry } from "~/features/catalog/field-provenance.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { mergeDuplicate, undoMerge } from "./merge.server.ts";

let database: Database;
const admin = { id: "merge-provenance-admin" };
const T0 = "2026-09-01T00:00:00.000Z";
const T1 = "2026-10-01T00:00:00.000Z";
const entry = (source: FieldSourceEntry["source"], when: string): FieldSourceEntry => ({ source, setAt: when, confirmedAt: when });

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

const rowOf = async (id: string) => (await database.db.select().from(listingFieldSources).where(eq(listingFieldSources.listingId, id)))[0];

describe("a merge's provenance", () => {
  it("keeps the survivor's records, brings the taken values' records, and an undo restores the survivor's exactly", async () => {
    const survivor = await listing("prov-survivor", { description: "Short.", industryIds: [1] });
    const other = await listing("prov-other", {
      description: "A much longer description of the same company.",
      tagline: "Taken without a record",
      industryIds: [2],
      phone: "+14155552671",
    });
    await database.rows(sql`INSERT INTO team_members (listing_id, position, name) VALUES (${survivor}, 0, 'Ada'), (${other}, 0, 'Grace')`);
    await database.rows(sql`INSERT INTO faqs (listing_id, position, question, answer) VALUES (${other}, 0, 'Why?', 'Because.')`);
    await writeFieldSources(database.db, [
      {
        listingId: survivor,
        patch: { name: entry("operator_edit", T1), description: entry("operator_edit", T1), team: entry("operator_edit", T1) },
      },
      {
        listingId: other,
        patch: {
          description: entry("provider_import", T0),
          industryIds: entry("provider_import", T0),
          phone: entry("feature_application", T0),
          faqs: entry("feature_application", T0),
        },
      },
    ]);
    const survivorBefore = await rowOf(survivor);
    const otherBefore = await rowOf(other);

    const { mergeId } = await mergeDuplicate(database, { survivorId: survivor, mergedId: other, admin });
    const [record] = await database.db.select().from(listingMerges).where(eq(listingMerges.id, mergeId));
    const mergedAt = record!.mergedAt.toISOString();
    const detail = `merged from prov-other (${other})`;
    const merge = { source: "merge", setAt: mergedAt, confirmedAt: mergedAt, detail };
    const fields = (await rowOf(survivor))!.fields;
    expect(fields.name).toEqual(entry("operator_edit", T1)); // kept
    expect(fields.description).toEqual(entry("provider_import", T0)); // taken, with its record
    expect(fields.phone).toEqual(entry("feature_application", T0));
    expect(fields.faqs).toEqual(entry("feature_application", T0)); // the survivor had none: all the other's
    expect(fields.tagline).toEqual(merge); // taken, but the other had no record of it
    expect(fields.industryIds).toEqual(merge); // a union of both
    expect(fields.team).toEqual(merge); // the other's people joined the survivor's
    expect(await rowOf(other)).toEqual(otherBefore);

    await undoMerge(database, { mergeId, admin });
    expect(await rowOf(survivor)).toEqual(survivorBefore);
    expect(await rowOf(other)).toEqual(otherBefore);
  });

  it("removes on undo the record a merge gave a survivor that had none", async () => {
    const survivor = await listing("prov-bare-survivor", {});
    const other = await listing("prov-bare-other", { tagline: "Something to take" });
    const { mergeId } = await mergeDuplicate(database, { survivorId: survivor, mergedId: other, admin });
    expect((await rowOf(survivor))!.fields.tagline).toMatchObject({ source: "merge" });
    await undoMerge(database, { mergeId, admin });
    expect(await rowOf(survivor)).toBeUndefined();
  });
});
