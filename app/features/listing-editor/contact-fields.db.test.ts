/** The editor's contact and location fields against a real database (issue 19 §1, decision 0066). */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries } from "#db/schema/reference.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { submitListingForm } from "./submit-listing-form.server.ts";

let database: Database;
const admin = { id: "admin-contact" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ intent: "save", type: "startup", visibility: "public", ...fields }))
    for (const one of [value].flat()) data.append(key, one);
  return data;
}

async function countryId(isoCode: string): Promise<number> {
  const [row] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.isoCode, isoCode));
  return row!.id;
}

describe("the editor's contact and location fields", () => {
  it("stores the address, a national phone read in the first country as E.164, and the e-mail lowercased", async () => {
    const gb = await countryId("GB");
    const outcome = await submitListingForm(
      database,
      form({
        name: "Contact Fields Ltd",
        countryIds: String(gb),
        hqStreet: " 10 Downing Street ",
        hqCity: "London",
        hqRegion: "England",
        hqPostalCode: "SW1A 2AA",
        phone: "020 7946 0958",
        contactEmail: "Hello@Contact-Fields.example",
      }),
      { id: null, admin },
    );
    expect(outcome.kind).toBe("redirect");
    if (outcome.kind !== "redirect") return;
    const [row] = await database.db.select().from(listings).where(eq(listings.id, outcome.id));
    expect(row).toMatchObject({
      hqStreet: "10 Downing Street",
      hqCity: "London",
      hqRegion: "England",
      hqPostalCode: "SW1A 2AA",
      phone: "+442079460958",
      contactEmail: "hello@contact-fields.example",
    });
  });

  it("reads a national phone in whichever of the listing's countries it fits, not only the first the form sent", async () => {
    const [dk, gb] = [await countryId("DK"), await countryId("GB")];
    const outcome = await submitListingForm(
      database,
      form({ name: "Nordic Bridge ApS", countryIds: [String(dk), String(gb)], phone: "0161 496 0123" }),
      { id: null, admin },
    );
    expect(outcome.kind).toBe("redirect");
    if (outcome.kind !== "redirect") return;
    const [row] = await database.db.select({ phone: listings.phone }).from(listings).where(eq(listings.id, outcome.id));
    expect(row?.phone).toBe("+441614960123");
  });

  it("refuses a bad phone and e-mail beside their fields, keeps what was typed, and writes nothing", async () => {
    const outcome = await submitListingForm(
      database,
      form({ name: "Bad Contact Inc", phone: "call me maybe", contactEmail: "not-an-address", hqPostalCode: "1".repeat(21) }),
      { id: null, admin },
    );
    expect(outcome.kind).toBe("form");
    if (outcome.kind !== "form") return;
    expect(outcome.refused).toBe("bad_request");
    expect(outcome.errors.phone).toMatch(/phone number/);
    expect(outcome.errors.contactEmail).toMatch(/e-mail address/);
    expect(outcome.errors.hqPostalCode).toMatch(/At most 20/);
    expect(outcome.values.fields).toMatchObject({ phone: "call me maybe", contactEmail: "not-an-address" });
    expect(await database.db.select().from(listings).where(eq(listings.name, "Bad Contact Inc"))).toEqual([]);
  });

  it("refuses a national number when the listing has no country, and takes an international one", async () => {
    const national = await submitListingForm(database, form({ name: "No Country Co", phone: "(415) 555-2671" }), { id: null, admin });
    expect(national.kind === "form" && national.errors.phone).toBeTruthy();
    const international = await submitListingForm(database, form({ name: "No Country Co", phone: "+1 (415) 555-2671 ext. 9" }), {
      id: null,
      admin,
    });
    expect(international.kind).toBe("redirect");
    if (international.kind !== "redirect") return;
    const [row] = await database.db.select({ phone: listings.phone }).from(listings).where(eq(listings.id, international.id));
    expect(row!.phone).toBe("+14155552671");
  });

  it("has the database refuse a phone that is not E.164, whatever path writes it", async () => {
    const [row] = await database.db.select({ id: listings.id }).from(listings).limit(1);
    await expect(database.db.update(listings).set({ phone: "415-555-2671" }).where(eq(listings.id, row!.id))).rejects.toThrow();
    await expect(database.db.update(listings).set({ contactEmail: "nobody" }).where(eq(listings.id, row!.id))).rejects.toThrow();
  });
});
