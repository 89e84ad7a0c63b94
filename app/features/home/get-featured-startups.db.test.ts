/**
 * The home table from the database (issue 15 §6, DESIGN D14): rows the viewer may open come first, latest round
 * first; locked rows follow (two at least, when there are any, more when open rows cannot fill the eight) and carry
 * nothing. No hidden round date decides which rows a viewer gets or where they sit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getFundingRows } from "./get-featured-startups.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const startup = (slug: string, visibility: "public" | "subscriber" | "premium", latestRoundDate: string | null, featured = true) => ({
    slug,
    name: slug,
    type: "startup" as const,
    featured,
    visibility,
    latestRoundDate,
    latestRoundType: latestRoundDate ? "seed" : null,
  });
  await database.db.insert(s.listings).values([
    startup("open-2019", "public", "2019-05-01"),
    startup("open-2024", "public", "2024-03-15"),
    startup("open-undated", "public", null),
    startup("open-not-featured", "public", "2026-02-01", false),
    // Seven locked rows, all more recent than every open one: they must not push the open rows out, nor sit among them.
    ...Array.from({ length: 7 }, (_, i) => startup(`zqx-locked-${i}`, i % 2 ? "premium" : "subscriber", `2025-0${i + 1}-01`)),
  ]);
});

afterAll(async () => {
  await database?.close();
});

const labels = (rows: Awaited<ReturnType<typeof getFundingRows>>) => rows.map((row) => (row.locked ? "locked" : row.slug));

describe("the home funding table", () => {
  it("shows a visitor the open rows first, latest round first with its date, then locked rows", async () => {
    const rows = await getFundingRows(database, { tier: "public" });
    expect(labels(rows)).toEqual(["open-2024", "open-2019", "open-undated", "locked", "locked", "locked", "locked", "locked"]);
    expect(rows[0]).toMatchObject({ date: "Mar 2024", dateTime: "2024-03-15" });
    expect(rows[2]).toMatchObject({ date: "---", dateTime: null });
    expect(JSON.stringify(rows)).not.toMatch(/zqx|2025-0/);
  });

  it("orders by recency among the rows a subscriber may open", async () => {
    const rows = await getFundingRows(database, { tier: "subscriber" });
    // Seven open rows and three premium ones: six open rows, the latest first, and the two locked rows the table keeps.
    expect(labels(rows)).toEqual([
      "zqx-locked-6",
      "zqx-locked-4",
      "zqx-locked-2",
      "zqx-locked-0",
      "open-2024",
      "open-2019",
      "locked",
      "locked",
    ]);
  });
});
