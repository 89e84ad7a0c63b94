/**
 * Field provenance through the editor (issue 19 §4, decision 0068): a new listing's values and an edit's changed
 * values are the operator's, at the save's time; values the save did not change keep their record, whatever its source.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import { getFieldSources, writeFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { readListingForm } from "./form-values.ts";
import { getListingForEdit } from "./get-listing-for-edit.server.ts";
import { parseListingForm } from "./listing-form.ts";
import { toFormValues } from "./listing-snapshot.ts";
import { saveListing } from "./save-listing.server.ts";

let database: Database;
const admin = { id: "admin-provenance" };
const created = new Date("2026-10-01T09:00:00Z");
const edited = new Date("2026-11-03T15:30:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

function input(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ type: "startup", visibility: "public", ...fields })) data.append(key, value);
  const parsed = parseListingForm(readListingForm(data));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

const sourcesOf = async (id: string) => (await getFieldSources(database.db, [id])).get(id)!;

describe("the editor's provenance", () => {
  it("records a new listing's values as the operator's, and an edit's changed values only", async () => {
    const result = await saveListing(database, {
      id: null,
      admin,
      now: created,
      input: input({ name: "Provenance Works", tagline: "First words", description: "About us", "team[0][name]": "Ada Lovelace" }),
    });
    if (!result.ok) throw new Error("refused");
    const first = await sourcesOf(result.id);
    const at = created.toISOString();
    expect(first.name).toEqual({ source: "operator_edit", setAt: at, confirmedAt: at });
    expect(first.tagline).toEqual({ source: "operator_edit", setAt: at, confirmedAt: at });
    expect(first.team).toEqual({ source: "operator_edit", setAt: at, confirmedAt: at });
    // Settings are not facts about the company; empty fields have no record.
    expect(Object.keys(first)).not.toContain("slug");
    expect(Object.keys(first)).not.toContain("visibility");
    expect(Object.keys(first)).not.toContain("problem");

    // The description comes from the provider meanwhile; the operator then changes the tagline only.
    const provider = { source: "provider_import" as const, setAt: "2026-10-20T00:00:00.000Z", confirmedAt: "2026-10-20T00:00:00.000Z" };
    await writeFieldSources(database.db, [{ listingId: result.id, patch: { description: provider } }]);
    const values = toFormValues((await getListingForEdit(database, result.id))!);
    values.fields.tagline = "Better words";
    const saved = await saveListing(database, { id: result.id, admin, now: edited, input: parseOrThrow(values) });
    expect(saved).toMatchObject({ ok: true, changed: ["tagline"] });

    const after = await sourcesOf(result.id);
    expect(after.tagline).toEqual({ source: "operator_edit", setAt: edited.toISOString(), confirmedAt: edited.toISOString() });
    expect(after.name).toEqual(first.name);
    expect(after.description).toEqual(provider);
  });
});

function parseOrThrow(values: Parameters<typeof parseListingForm>[0]) {
  const parsed = parseListingForm(values);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}
