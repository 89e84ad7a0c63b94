/**
 * Issue 29, the attacks on gated fields as a viewer makes them: a change to a field the viewer may not see (setting
 * it, changing it, emptying it), made by an operator through the listing editor, must change nothing the viewer
 * receives: not the profile's route data (its "Updated … · Edited by Introbase" lines, its locks and masks), not the
 * JSON API's answer. And every listing's masked phone and e-mail are one text, whatever the value. What is compared
 * is what the real route loaders answer (decision 0070); tests/e2e/admin-hidden-changes.spec.ts does it over HTTP, tests/e2e/leak.spec.ts compares the masks.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import type { ListingFormValues } from "~/features/listing-editor/form-values.ts";
import { parseListingForm } from "~/features/listing-editor/listing-form.ts";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import { saveListing } from "~/features/listing-editor/save-listing.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import type { Route as ApiRoute } from "./+types/api.listing";
import type { Route as ProfileRoute } from "./+types/profile";
import { loader as apiLoader } from "./api.listing.ts";
import { loader as profileLoader } from "./profile.tsx";

let database: Database;
let listing: { id: string; slug: string };
const viewers: Record<"visitor" | "subscriber" | "premium", SessionUser | null> = { visitor: null, subscriber: null, premium: null };
const admin = { id: "hidden-changes-admin" };
/** Every save is dated after anything the demo data holds, a day apart: a leaked date would show. */
let day = 0;
const nextSave = () => new Date(Date.UTC(2031, 0, 1 + day++, 12));

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  await insertMember(database, admin.id, "premium", "admin");
  viewers.subscriber = await insertMember(database, "hidden-changes-subscriber", "subscriber");
  viewers.premium = await insertMember(database, "hidden-changes-premium", "premium");
  const [row] = await database.rows<{ id: string; slug: string }>(sql`
    SELECT id, slug FROM listings
    WHERE type = 'startup' AND visibility = 'public' AND processing_status = 'published'
      AND phone IS NOT NULL AND contact_email IS NOT NULL AND hq_street IS NOT NULL
      AND EXISTS (SELECT 1 FROM team_members t WHERE t.listing_id = listings.id)
    ORDER BY name LIMIT 1`);
  if (!row) throw new Error("the demo data has no public startup with a phone, an e-mail, a street and a team");
  listing = row;
  // The listing's own levels: its team, FAQs, why-now and steps are premium, like its phone and e-mail (the default).
  await edit((values) => {
    for (const field of ["team", "faqs", "timing", "howItWorks"] as const) values.fieldVisibility[field] = "premium";
  });
  // A member's first view of the month is counted ("counted": true in the answer), the next ones are not: each member
  // opens the listing once first, so what is compared is a view like any other.
  for (const viewer of ["subscriber", "premium"] as const) await received(viewer);
});

afterAll(async () => {
  await database?.close();
});

/** An operator's save through the editor, as the editor's form sends it. */
async function edit(change: (values: ListingFormValues) => void): Promise<void> {
  const values = toFormValues((await getListingForEdit(database, listing.id))!);
  // The form sends its checkboxes (industries, countries, personas …) in its own order, not in the stored one.
  for (const list of Object.values(values.lists)) list?.reverse();
  change(values);
  const parsed = parseListingForm(values);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveListing(database, { id: listing.id, admin, now: nextSave(), input: parsed.data });
  if (!saved.ok) throw new Error(JSON.stringify(saved));
}

/** Everything the viewer receives for the listing: the profile's route data and the JSON API's body. */
async function received(viewer: keyof typeof viewers): Promise<string> {
  const user = viewers[viewer];
  const path = `/profile/startup/${listing.slug}`;
  const page = await profileLoader(loaderArgs<ProfileRoute.LoaderArgs>(database, path, { type: "startup", slug: listing.slug }, { user }));
  const api = await answerOf(
    apiLoader(
      loaderArgs<ApiRoute.LoaderArgs>(database, `/api/listings/startup/${listing.slug}`, { type: "startup", slug: listing.slug }, { user }),
    ),
  );
  return `${JSON.stringify(page)}\n${await api.text()}`;
}

type Viewer = keyof typeof viewers;
const CASES: Array<{ what: string; hiddenFrom: Viewer[]; change: (values: ListingFormValues) => void }> = [
  { what: "emptying the phone", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.phone = "") },
  { what: "setting the phone", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.phone = "+44 20 7946 0123") },
  { what: "changing the phone", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.phone = "+1 212 555 0198") },
  { what: "emptying the e-mail", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.contactEmail = "") },
  { what: "setting the e-mail", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.contactEmail = "a@b.example") },
  {
    what: "changing the e-mail",
    hiddenFrom: ["visitor", "subscriber"],
    change: (v) => void (v.fields.contactEmail = "partnerships.and.press@a-much-longer-domain.example"),
  },
  { what: "emptying the team", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.rows.team = []) },
  {
    what: "setting the team",
    hiddenFrom: ["visitor", "subscriber"],
    change: (v) => void (v.rows.team = [{ name: "Nadia Okafor", title: "CEO", photoUrl: "", linkedinUrl: "" }]),
  },
  {
    what: "changing the FAQs",
    hiddenFrom: ["visitor", "subscriber"],
    change: (v) => void (v.rows.faqs = [{ question: "Is it new?", answer: "Yes, since today." }]),
  },
  { what: "emptying why now", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.timing = "") },
  { what: "setting why now", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.fields.timing = "Because the rules changed.") },
  { what: "setting the steps", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.rows.howItWorks = [{ text: "Sign up" }]) },
  { what: "emptying the steps", hiddenFrom: ["visitor", "subscriber"], change: (v) => void (v.rows.howItWorks = []) },
  // Street and postal code need a subscription (decision 0066): hidden from visitors only.
  { what: "emptying the street", hiddenFrom: ["visitor"], change: (v) => void ((v.fields.hqStreet = ""), (v.fields.hqPostalCode = "")) },
  { what: "setting the street", hiddenFrom: ["visitor"], change: (v) => void (v.fields.hqStreet = "1 Long Street Name Avenue") },
];

describe("a change to a field the viewer may not see", () => {
  it.each(CASES)("$what changes nothing that viewer receives, and the premium member sees it", async ({ hiddenFrom, change }) => {
    const before = Object.fromEntries(await Promise.all(hiddenFrom.map(async (v) => [v, await received(v)] as const)));
    const premiumBefore = await received("premium");
    await edit(change);
    for (const viewer of hiddenFrom) expect(await received(viewer), `what a ${viewer} receives`).toBe(before[viewer]);
    // The change happened and shows where it may: otherwise this test could not fail.
    expect(await received("premium")).not.toBe(premiumBefore);
  });
});

describe("masked contacts", () => {
  it("are one text for every listing, sent to visitors and subscribers alike, whatever the phone or e-mail", async () => {
    const rows = await database.rows<{ slug: string; phone: string | null; email: string | null }>(sql`
      SELECT slug, phone, contact_email AS email FROM listings
      WHERE type = 'startup' AND visibility = 'public' AND processing_status = 'published' ORDER BY name`);
    // Many listings, with many different values and some without any: the masks must not differ between them.
    expect(new Set(rows.map((r) => r.phone)).size).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.email)).size).toBeGreaterThan(5);
    expect(rows.some((r) => r.phone === null)).toBe(true);
    for (const viewer of ["visitor", "subscriber"] as const) {
      const masks = { phone: new Set<string>(), contactEmail: new Set<string>() };
      for (const { slug } of rows) {
        const answer = await answerOf(
          apiLoader(
            loaderArgs<ApiRoute.LoaderArgs>(
              database,
              `/api/listings/startup/${slug}`,
              { type: "startup", slug },
              { user: viewers[viewer] },
            ),
          ),
        );
        const { data } = (await answer.json()) as { data: { lockedFields: Record<string, unknown> } };
        for (const field of ["phone", "contactEmail"] as const) masks[field].add(JSON.stringify(data.lockedFields[field] ?? null));
      }
      expect([...masks.phone], `the phone masks a ${viewer} receives`).toHaveLength(1);
      expect([...masks.contactEmail], `the e-mail masks a ${viewer} receives`).toHaveLength(1);
      expect([...masks.phone][0]).not.toBe("null");
    }
  });
});
