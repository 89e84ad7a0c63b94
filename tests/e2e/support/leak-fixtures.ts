/**
 * Fixtures of the leak test (run with tsx: `tsx tests/e2e/support/leak-fixtures.ts <pglite-dir> <manifest.json>`):
 * a fresh embedded database with demo listings, nine of which carry sentinel strings. Startup n°(L,F) has listing
 * visibility L and every gated field at level F; its gated values and its description hold unique sentinels.
 * Long texts get their sentinel at the end, after filler: a gated long text is sent as a 100-character preview
 * of its start (spec 01 §6), so only the end may carry the proof of a leak.
 */
import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { faqs, howItWorksSteps, keyUseCases, teamMembers } from "../../../db/schema/listing-details.ts";
import { seedListings } from "../../../demo/seed-database.ts";
import { openDatabase } from "../../../app/lib/db.server.ts";
import { GATED_FIELDS } from "../../../app/features/catalog/listing-types.ts";

const [dir, manifestPath] = process.argv.slice(2);
if (!dir || !manifestPath) throw new Error("usage: leak-fixtures.ts <pglite-dir> <manifest.json>");

const LEVELS = ["public", "subscriber", "premium"] as const;
/** The operator-only detail of every provenance record of the sentinel listings: never sent to anyone. */
const PROVENANCE_DETAIL = "ZQXPROVENANCEDETAILQXZ";
const FILLER = "This paragraph is deliberately long so that a preview of its opening words cannot reach its end. ".repeat(4);

export interface Sentinel {
  text: string;
  /** The listing's visibility and, for field sentinels, the field's level. */
  listingLevel: (typeof LEVELS)[number];
  fieldLevel: (typeof LEVELS)[number] | null;
  path: string;
}

const database = await openDatabase({ dir });
await database.migrate();
await seedListings(database, 60);
const startups = await database.rows<{ id: string; slug: string }>(
  sql`SELECT id, slug FROM listings WHERE type = 'startup' ORDER BY name LIMIT ${LEVELS.length * LEVELS.length}`,
);
const sentinels: Sentinel[] = [];
let n = 0;
for (const listingLevel of LEVELS) {
  for (const fieldLevel of LEVELS) {
    const { id, slug } = startups[n++]!;
    const path = `/profile/startup/${slug}`;
    // ZQX, the listing level's number, the field level's number, the field: unique per listing and field.
    const tag = (field: string) => `ZQX${LEVELS.indexOf(listingLevel) + 1}${LEVELS.indexOf(fieldLevel) + 1}${field}QXZ`;
    const add = (field: string, level: Sentinel["fieldLevel"]) => {
      sentinels.push({ text: tag(field), listingLevel, fieldLevel: level, path });
      return tag(field);
    };
    // The phone must be E.164 and the e-mail an address (the columns' checks), so their sentinels are digits and a
    // lowercase local part; both unique per listing (a German number, +49 30 123 L F 987).
    const phone = `+4930123${LEVELS.indexOf(listingLevel) + 1}${LEVELS.indexOf(fieldLevel) + 1}987`;
    sentinels.push({ text: phone, listingLevel, fieldLevel, path });
    const email = `zqx${LEVELS.indexOf(listingLevel) + 1}${LEVELS.indexOf(fieldLevel) + 1}contactqxz@leak.example`;
    sentinels.push({ text: email, listingLevel, fieldLevel, path });
    const visibility = Object.fromEntries(GATED_FIELDS.map((field) => [field, fieldLevel]));
    await database.rows(sql`
      UPDATE listings SET visibility = ${listingLevel}, field_visibility = ${JSON.stringify(visibility)}::jsonb,
        description = ${`${FILLER}${add("DESCRIPTION", null)}`},
        problem = ${`${FILLER}${add("PROBLEM", fieldLevel)}`},
        solution = ${`${FILLER}${add("SOLUTION", fieldLevel)}`},
        timing = ${`${FILLER}${add("TIMING", fieldLevel)}`},
        hq_street = ${add("STREET", fieldLevel)}, hq_city = ${add("CITY", fieldLevel)},
        hq_region = ${add("REGION", fieldLevel)}, hq_postal_code = ${add("POSTAL", fieldLevel)},
        phone = ${phone}, contact_email = ${email}
      WHERE id = ${id}`);
    await database.db.insert(faqs).values({ listingId: id, position: 99, question: "What is the proof?", answer: add("FAQ", fieldLevel) });
    await database.db.insert(teamMembers).values({ listingId: id, position: 99, name: add("TEAM", fieldLevel), title: "Sentinel" });
    await database.db.insert(howItWorksSteps).values({ listingId: id, position: 99, text: add("STEP", fieldLevel) });
    await database.db.insert(keyUseCases).values({ listingId: id, position: 99, title: add("USECASE", fieldLevel), description: null });
    // Field provenance (decision 0068): one gated field per profile section carries a record whose time is a sentinel
    // (the section's line is made from it alone, so a viewer who may see the field must see exactly that time); the
    // section's other fields have none. Every record's operator detail is a sentinel that no one may ever receive.
    const PROVENANCE_FIELDS = ["problem", "howItWorks", "keyUseCases", "team", "faqs", "phone", "revenueRangeId"];
    const fields = Object.fromEntries(
      PROVENANCE_FIELDS.map((field, i) => {
        // 2001-{L}{F}-... at a minute of its own: unique per listing and field, and older than anything else.
        const at = new Date(Date.UTC(2001, 0, 1 + LEVELS.indexOf(listingLevel) * 3 + LEVELS.indexOf(fieldLevel), 0, i)).toISOString();
        sentinels.push({ text: at, listingLevel, fieldLevel, path });
        return [field, { source: "operator_edit", setAt: at, confirmedAt: at, detail: PROVENANCE_DETAIL }];
      }),
    );
    await database.rows(sql`
      INSERT INTO listing_field_sources (listing_id, fields) VALUES (${id}, ${JSON.stringify(fields)}::jsonb)
      ON CONFLICT (listing_id) DO UPDATE SET fields = excluded.fields`);
  }
}
await database.rows(sql`VACUUM ANALYZE`);
await database.close();
writeFileSync(manifestPath, JSON.stringify(sentinels, null, 2));
console.log(`${sentinels.length} sentinels in ${startups.length} listings`);
