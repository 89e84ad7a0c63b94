/** The internal access pages' feature functions (decision 0109): real usage recorded, real listings counted. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { companyAccessData, simulateUsage } from "./access-debug.server.ts";

let database: Database;
let admin: SessionUser;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await insertMember(database, "debug-admin", "subscriber", "admin");
});

afterAll(async () => {
  await database?.close();
});

describe("simulateUsage", () => {
  it("refuses an unknown button, and has no listing to view before any is published", async () => {
    expect(await simulateUsage(database, admin, "<script>")).toEqual({
      ok: false,
      code: "bad_request",
      message: 'Unknown action "<script>".',
    });
    expect(await simulateUsage(database, admin, "company_view")).toEqual({
      ok: false,
      code: "not_found",
      message: "No published listing to view.",
    });
    expect(await simulateUsage(database, admin, "refresh")).toEqual({ ok: true, message: "Refreshed." });
  });

  it("records one real view of a published listing and one AI request for the admin", async () => {
    await seedListings(database, 12);
    const viewed = await simulateUsage(database, admin, "company_view");
    expect(viewed).toMatchObject({ ok: true, message: expect.stringMatching(/^Viewed .+\.$/) });
    expect(await simulateUsage(database, admin, "ai_request")).toEqual({ ok: true, message: "Recorded one AI request." });
    const [views] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listing_views WHERE user_id = ${admin.id}`);
    expect(views!.n).toBe(1);
  });
});

describe("companyAccessData", () => {
  it("counts the published listings the admin's tier may open, and shows one sample per level", async () => {
    const data = await companyAccessData(database, admin);
    const [published] = await database.rows<{ n: number; open: number }>(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE visibility IN ('public', 'subscriber'))::int AS open
          FROM listings WHERE processing_status = 'published'`,
    );
    expect(data.tier).toBe("subscriber");
    expect(data.summary).toEqual({ accessible: published!.open, restricted: published!.n - published!.open, total: published!.n });
    expect(new Set(data.samples.map((s) => s.level)).size).toBe(data.samples.length);
    for (const sample of data.samples) expect(sample.accessible).toBe(sample.level !== "premium");
  });
});
