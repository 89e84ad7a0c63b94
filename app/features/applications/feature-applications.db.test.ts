/**
 * Feature applications against a real database: the form's rules, the logo check, the duplicate flag, approval
 * into a published listing with its team and steps (and the e-mail), rejection with a reason.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { featureApplications } from "#db/schema/applications.ts";
import { listings } from "#db/schema/listings.ts";
import { registrableDomain } from "~/features/duplicates/matching/url-keys.ts";
import { checkLogo, sniffImageType } from "~/features/media/stored-files.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { NUL_FIELD_MESSAGE } from "~/lib/form-parse.ts";
import { parseFeatureApplication, readFeatureForm, withoutNul } from "./feature-application.ts";
import {
  approveFeatureApplication,
  possibleDuplicates,
  rejectFeatureApplication,
  submitFeatureApplication,
} from "./feature-applications.server.ts";

let database: Database;
const admin = { id: "admin-apps" };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

const startup = {
  name: "Lumen Forge",
  websiteUrl: "www.lumenforge.example/about",
  tagline: "Turning factory data into decisions",
  description: "Lumen Forge connects machines on the factory floor and tells plant managers what to fix first.",
  industryIds: ["1", "2", "2"],
  geographyIds: ["1"],
  fundingStageId: "2",
  howItWorks: "Connect your machines\n\nSee what to fix first\n",
  team: "Mara Lind, CEO\nJon Berg - CTO",
  contactName: "Mara Lind",
  contactEmail: "Mara@LumenForge.example",
};

describe("the application form", () => {
  it("reads lists, steps and team lines", () => {
    const parsed = parseFeatureApplication("startup", readFeatureForm(form(startup)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      websiteUrl: "https://www.lumenforge.example/about",
      industryIds: [1, 2],
      howItWorks: ["Connect your machines", "See what to fix first"],
      team: [
        { name: "Mara Lind", title: "CEO" },
        { name: "Jon Berg", title: "CTO" },
      ],
      contactEmail: "mara@lumenforge.example",
      businessModelId: null,
    });
  });

  it("asks a partner for a business model, not a funding stage, and explains each missing field", () => {
    const parsed = parseFeatureApplication(
      "partner",
      readFeatureForm(form({ ...startup, industryIds: [], websiteUrl: "not a site", linkedinUrl: "facebook.com/x" })),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      websiteUrl: "Enter a website such as example.com.",
      linkedinUrl: "Enter a LinkedIn page such as linkedin.com/company/your-company.",
      industryIds: "Choose at least one industry.",
      businessModelId: "Choose your business model.",
    });
  });

  it("refuses NUL beside its field, and shows the rest of what was typed again without it", () => {
    const typed = readFeatureForm(form({ ...startup, tagline: "Fix\u0000 first", industryIds: ["1", "2\u0000"] }));
    const parsed = parseFeatureApplication("startup", typed);
    expect(!parsed.ok && parsed.errors).toEqual({ tagline: NUL_FIELD_MESSAGE, industryIds: NUL_FIELD_MESSAGE });
    expect(withoutNul(typed)).toMatchObject({ text: { tagline: "Fix first", name: startup.name }, lists: { industryIds: ["1", "2"] } });
  });

  it("caps lists and lines", () => {
    const parsed = parseFeatureApplication(
      "startup",
      readFeatureForm(form({ ...startup, industryIds: ["1", "2", "3", "4", "5", "6"], howItWorks: "a\nb\nc\nd\ne\nf\ng" })),
    );
    expect(!parsed.ok && parsed.errors).toMatchObject({ industryIds: "Choose at most 5 industries.", howItWorks: "At most 6 steps." });
  });
});

describe("logos", () => {
  it("knows images by their bytes, not their names", async () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(await checkLogo(new File([new TextEncoder().encode("<svg/>")], "logo.png", { type: "image/png" }))).toEqual({
      ok: false,
      message: "Upload a PNG, JPEG, WebP or GIF image.",
    });
    expect(await checkLogo(new File([new Uint8Array(1024 * 1024 + 1)], "big.png"))).toEqual({
      ok: false,
      message: "The logo is 1.0 MB; the limit is 1 MB.",
    });
    expect(await checkLogo(new File([PNG], "x.bin"))).toMatchObject({ ok: true, contentType: "image/png" });
    expect(await checkLogo(null)).toEqual({ ok: "none" });
  });
});

/** One application's possible duplicates. */
async function findPossibleDuplicates(db: Database, application: { name: string; websiteUrl: string }) {
  return (await possibleDuplicates(db, [{ id: "one", ...application }])).get("one") ?? [];
}

describe("review", () => {
  it("flags an existing listing with the same domain or a near-identical name", async () => {
    const [existing] = await database.db.select({ name: listings.name, websiteUrl: listings.websiteUrl }).from(listings).limit(1);
    expect(registrableDomain("HTTPS://WWW.Example.com/path")).toBe("example.com");
    const byDomain = await findPossibleDuplicates(database, { name: "Something Else Entirely", websiteUrl: existing!.websiteUrl! });
    expect(byDomain[0]?.reason).toMatch(/^same website domain/);
    const byName = await findPossibleDuplicates(database, { name: `${existing!.name}.`, websiteUrl: "https://unrelated.example" });
    expect(byName[0]?.name).toBe(existing!.name);
    expect(await findPossibleDuplicates(database, { name: "Zyxwv Quonk", websiteUrl: "https://zyxwv.example" })).toEqual([]);
  });

  it("approves into a published, featured listing with its logo, team and steps, and tells the applicant", async () => {
    const parsed = parseFeatureApplication("startup", readFeatureForm(form(startup)));
    if (!parsed.ok) throw new Error("invalid");
    const id = await submitFeatureApplication(database, {
      type: "startup",
      input: parsed.data,
      logo: { contentType: "image/png", bytes: PNG },
      userId: null,
      clientAddress: "10.1.0.1",
    });
    const [{ logoFileId: logo }] = (await database.db
      .select({ logoFileId: featureApplications.logoFileId })
      .from(featureApplications)
      .where(eq(featureApplications.id, id))) as [{ logoFileId: string }];
    expect(logo).toBeTruthy();
    const listing = await approveFeatureApplication(database, id, { featured: true, admin });
    const [row] = await database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({
      name: "Lumen Forge",
      featured: true,
      processingStatus: "published",
      logoUrl: `/media/${logo}`,
      primaryContactEmail: "mara@lumenforge.example",
    });
    const team = await database.rows<{ name: string }>(
      sql`SELECT name FROM team_members WHERE listing_id = ${listing.id} ORDER BY position`,
    );
    expect(team.map((t) => t.name)).toEqual(["Mara Lind", "Jon Berg"]);
    const mail = await database.rows<{ kind: string; to: string[]; text: string }>(
      sql`SELECT kind, "to", text FROM outbox_emails ORDER BY created_at`,
    );
    expect(mail.map((m) => m.kind)).toEqual(["application_received", "application_approved"]);
    expect(mail[1]!.text).toContain(`/profile/startup/${listing.slug}`);
    await expect(approveFeatureApplication(database, id, { featured: false, admin })).rejects.toThrow("already decided");
    // A second company with the same name gets its own address.
    const again = await submitFeatureApplication(database, {
      type: "startup",
      input: parsed.data,
      logo: null,
      userId: null,
      clientAddress: "10.1.0.1",
    });
    expect((await approveFeatureApplication(database, again, { featured: false, admin })).slug).toBe(`${listing.slug}-2`);
  });

  it("rejects with a reason, publishes nothing, and e-mails the reason", async () => {
    const parsed = parseFeatureApplication(
      "partner",
      readFeatureForm(form({ ...startup, name: "Quiet Partners", fundingStageId: "", businessModelId: "1" })),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const id = await submitFeatureApplication(database, {
      type: "partner",
      input: parsed.data,
      logo: null,
      userId: null,
      clientAddress: "10.1.0.2",
    });
    await rejectFeatureApplication(database, id, { reason: "We only list partners with a public client list.", admin });
    expect(await database.db.select().from(listings).where(eq(listings.name, "Quiet Partners"))).toEqual([]);
    // The acknowledgement's possessive: "Quiet Partners' application", never "Quiet Partners's".
    const [received] = await database.rows<{ subject: string }>(
      sql`SELECT subject FROM outbox_emails WHERE kind = 'application_received' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(received!.subject).toBe("We received Quiet Partners' application");
    const [mail] = await database.rows<{ text: string }>(sql`SELECT text FROM outbox_emails WHERE kind = 'application_rejected'`);
    expect(mail!.text).toContain("We only list partners with a public client list.");
    const trail = await database.rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE record_id = ${id} ORDER BY timestamp`);
    expect(trail.map((t) => t.action)).toEqual(["created", "rejected"]);
  });
});

describe("contact and location on an application (decision 0066)", () => {
  const contact = {
    hqStreet: "Storgatan 1",
    hqCity: "Malmö",
    hqRegion: "Skåne",
    hqPostalCode: "211 34",
    phone: "+46 40 123 45 67",
    companyEmail: "Hello@Contact-Forge.example",
  };

  it("refuses a phone without a country code and a bad e-mail beside their fields", () => {
    const parsed = parseFeatureApplication(
      "startup",
      readFeatureForm(form({ ...startup, ...contact, phone: "040 123 45 67", companyEmail: "nope" })),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.phone).toMatch(/country code/);
    expect(parsed.errors.companyEmail).toMatch(/e-mail address/);
  });

  it("copies the address, the phone in E.164 and the company e-mail to the listing on approval; the applicant stays private", async () => {
    const parsed = parseFeatureApplication("startup", readFeatureForm(form({ ...startup, ...contact, name: "Contact Forge" })));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const id = await submitFeatureApplication(database, {
      type: "startup",
      input: parsed.data,
      logo: null,
      userId: null,
      clientAddress: "10.1.0.9",
    });
    const listing = await approveFeatureApplication(database, id, { featured: false, admin });
    const [row] = await database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({
      hqStreet: "Storgatan 1",
      hqCity: "Malmö",
      hqRegion: "Skåne",
      hqPostalCode: "211 34",
      phone: "+46401234567",
      contactEmail: "hello@contact-forge.example",
      primaryContactEmail: "mara@lumenforge.example",
    });
  });
});
