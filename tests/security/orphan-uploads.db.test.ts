/**
 * Issue 14 finding 8: a logo sent with an application that then failed validation was stored and served from
 * /media/{id} for good, to anyone given the address: free image hosting on our origin, and storage nobody
 * reviews. Now nothing is stored until the whole submission is valid (file and application in one
 * transaction), and a sweep removes stored files nothing references once they are an hour old.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureApplications } from "#db/schema/applications.ts";
import { jobs } from "#db/schema/jobs.ts";
import { storedFiles } from "#db/schema/media.ts";
import { rateLimitWindows } from "#db/schema/rate-limits.ts";
import { seedListings } from "#demo/seed-database.ts";
import { featureApplicationAttempts } from "~/features/applications/feature-applications.server.ts";
import { solvedProof } from "~/features/introductions/test-support.ts";
import { ORPHAN_AGE_MS, sweepOrphanFiles } from "~/features/media/orphan-files.server.ts";
import { storeFile } from "~/features/media/stored-files.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { rateLimitKey } from "~/lib/rate-limit.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import * as getFeatured from "~/routes/get-featured.tsx";
import * as media from "~/routes/media.ts";

let database: Database;
/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
});

afterAll(async () => {
  await database?.close();
});

const startup = {
  name: "Orphan Works",
  websiteUrl: "orphan-works.example",
  tagline: "Nothing stored that nobody sent",
  description: "Orphan Works checks that a submission is complete before any of it is kept on the server.",
  industryIds: ["1"],
  geographyIds: ["1"],
  fundingStageId: "2",
  contactName: "Ola Orphan",
  contactEmail: "ola@orphan-works.example",
};

async function apply(fields: Record<string, string | string[]>, { logo = true } = {}) {
  // Every test request comes from 127.0.0.1: the per-address limit would stop the sixth submission of this file.
  await database.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, rateLimitKey(featureApplicationAttempts, "127.0.0.1")));
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  if (logo) form.append("logo", new File([PNG], "logo.png", { type: "image/png" }));
  form.append("proofOfWork", await solvedProof(database));
  const args = loaderArgs(database, "/get-featured/startup", { type: "startup" }, { init: { method: "POST", body: form } });
  const result = (await getFeatured.action(args as never)) as unknown as {
    data: { ok: boolean; logoFileId?: string | null };
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

const fileCount = async () => (await database.db.select({ n: count() }).from(storedFiles))[0]!.n;

async function served(id: string): Promise<number> {
  const response = await answerOf(media.loader(loaderArgs(database, `/media/${id}`, { id }) as never));
  return response.status;
}

describe("logos of applications", () => {
  it("a logo sent with fields that fail validation is neither stored nor served", async () => {
    const before = await fileCount();
    const answer = await apply({ ...startup, description: "too short" });
    expect(answer.status).toBe(400);
    expect(await fileCount()).toBe(before);
    // Before the fix the answer carried the stored file's id, served to anyone from then on.
    if (answer.body.logoFileId) expect(await served(answer.body.logoFileId)).toBe(404);
  });

  it("a complete application stores its logo with it, and only then", async () => {
    const before = await fileCount();
    const answer = await apply({ ...startup, name: "Orphan Works Complete" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(await fileCount()).toBe(before + 1);
    const [row] = await database.db.select().from(featureApplications).where(eq(featureApplications.name, "Orphan Works Complete"));
    expect(row?.logoFileId).toBeTruthy();
    expect(await served(row!.logoFileId!)).toBe(200);
  });

  it("an application cannot claim a file id it did not upload", async () => {
    const someoneElses = await storeFile(database, "image/png", PNG);
    const answer = await apply({ ...startup, name: "Orphan Works Borrower", logoFileId: someoneElses }, { logo: false });
    expect(answer.status).toBe(200);
    const [row] = await database.db.select().from(featureApplications).where(eq(featureApplications.name, "Orphan Works Borrower"));
    expect(row?.logoFileId).toBeNull();
  });
});

describe("the sweep of stored files nothing references", () => {
  it("removes files older than an hour that no application or listing uses, and nothing else", async () => {
    const now = new Date("2030-01-01T12:00:00Z");
    const old = new Date(now.getTime() - ORPHAN_AGE_MS - 60_000);
    const recent = new Date(now.getTime() - ORPHAN_AGE_MS + 60_000);
    const plant = async (createdAt: Date) => {
      const id = await storeFile(database, "image/png", PNG);
      await database.db.update(storedFiles).set({ createdAt }).where(eq(storedFiles.id, id));
      return id;
    };
    const orphan = await plant(old);
    const young = await plant(recent);
    const applicationLogo = await plant(old);
    const listingLogo = await plant(old);
    await database.db
      .update(featureApplications)
      .set({ logoFileId: applicationLogo })
      .where(eq(featureApplications.name, "Orphan Works Complete"));
    await database.rows(sql`UPDATE listings SET logo_url = ${`/media/${listingLogo}`} WHERE id = (SELECT id FROM listings LIMIT 1)`);

    expect(await sweepOrphanFiles(database, now)).toBeGreaterThanOrEqual(1);
    const left = new Set((await database.db.select({ id: storedFiles.id }).from(storedFiles)).map((f) => f.id));
    expect(left.has(orphan)).toBe(false);
    expect(await served(orphan)).toBe(404);
    expect([young, applicationLogo, listingLogo].filter((id) => !left.has(id))).toEqual([]);
  });

  it("keeps files an unfinished job may still attach (an import stores logos before it writes listings)", async () => {
    const now = new Date("2030-02-01T12:00:00Z");
    const jobStart = new Date(now.getTime() - 3 * ORPHAN_AGE_MS);
    await database.db.insert(jobs).values({ jobType: "spreadsheet_import", status: "running", createdAt: jobStart, parameters: {} });
    const id = await storeFile(database, "image/png", PNG);
    await database.db
      .update(storedFiles)
      .set({ createdAt: new Date(jobStart.getTime() + 60_000) })
      .where(eq(storedFiles.id, id));
    await sweepOrphanFiles(database, now);
    expect(await served(id)).toBe(200);
    await database.db.update(jobs).set({ status: "completed" });
    await sweepOrphanFiles(database, now);
    expect(await served(id)).toBe(404);
  });
});
