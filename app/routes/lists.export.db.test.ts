/**
 * A list's CSV (issue 37, decision 0121): every value as the viewer's own card shows it (a listing above their plan is
 * its teaser, on a team list a bigger plan filled), the team's notes and tags, safe to open in a spreadsheet, and one
 * unit of the plan's export quota per download: a plan without exports and a spent quota are refused, with nothing
 * counted and nothing sent, and two downloads racing for the last unit get one file between them.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listEntries, listEntryNotes, listEntryTags, listEvents } from "#db/schema/lists.ts";
import { listings } from "#db/schema/listings.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import { usageCounters } from "#db/schema/usage.ts";
import { seedListings } from "#demo/seed-database.ts";
import { DATA_EXPORT, EXPORT_LIMIT } from "~/features/access/quotas.ts";
import { TEASER_INDUSTRIES } from "~/features/access/redact-listing.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import { loader } from "./lists.export.ts";
import { addEntries, createList } from "~/features/lists/list-access.server.ts";
import { exportList, LIST_CSV_COLUMNS } from "~/features/lists/list-export.server.ts";

let database: Database;
let picked: string[];
let teamId: string;
let listId: string;
const now = new Date("2026-11-02T10:00:00Z");
const priya = { ...testUser("premium"), id: "priya", name: "Priya Premium", email: "priya@fund.test" };
const sam = { ...testUser("subscriber"), id: "sam", name: "Sam Subscriber", email: "sam@fund.test" };
const pat = { ...testUser("public"), id: "pat", name: "Pat Public", email: "pat@fund.test" };
const eve = { ...testUser("subscriber"), id: "eve", name: "Eve", email: "eve@else.test" };
const origin = "https://introbase.test";

/** The CSV as rows of cells (every cell is quoted; no cell in these tests holds a quote or a line break). */
function parse(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return csv
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.slice(1, -1).split('","'));
}

const exportsCounted = async (userId: string) =>
  (
    await database.db
      .select({ count: usageCounters.count })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.action, DATA_EXPORT)))
  )[0]?.count ?? 0;

const exportedLines = async () =>
  (
    await database.db
      .select()
      .from(listEvents)
      .where(and(eq(listEvents.listId, listId), eq(listEvents.action, "exported")))
  ).length;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 8);
  for (const u of [priya, sam, pat, eve]) await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, tier: u.tier });
  picked = (
    await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.processingStatus, "published"), eq(listings.type, "startup")))
      .orderBy(asc(listings.name))
      .limit(2)
  ).map((r) => r.id);
  // The second is for premium members only: its countries are among what a teaser never shows.
  await database.db.update(listings).set({ visibility: "premium" }).where(eq(listings.id, picked[1]!));
  await database.db.update(listings).set({ visibility: "public" }).where(eq(listings.id, picked[0]!));
  const [team] = await database.db.insert(teams).values({ name: "Northwind" }).returning({ id: teams.id });
  teamId = team!.id;
  await database.db.insert(teamMemberships).values([
    { teamId, userId: priya.id, role: "owner" },
    { teamId, userId: sam.id, role: "member" },
    { teamId, userId: pat.id, role: "member" },
  ]);
  listId = await createList(database, { name: "Deal flow", keeper: { teamId }, createdBy: priya.id }, now);
  await addEntries(database, { listId, listingIds: picked, actorId: priya.id }, now);
  const entries = await database.db.select().from(listEntries).where(eq(listEntries.listId, listId)).orderBy(asc(listEntries.position));
  const first = entries.find((e) => e.listingId === picked[0])!;
  await database.db.insert(listEntryNotes).values([
    { entryId: first.id, authorId: priya.id, body: "Old note", createdAt: new Date("2026-11-01T09:00:00Z") },
    { entryId: first.id, authorId: sam.id, body: '=HYPERLINK("http://evil")', createdAt: new Date("2026-11-02T09:00:00Z") },
  ]);
  await database.db.insert(listEntryTags).values([
    { entryId: first.id, tag: "warm", addedBy: sam.id },
    { entryId: first.id, tag: "-fintech", addedBy: sam.id },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("a list's CSV", () => {
  it("shows a listing above the exporter's plan as its teaser only, with the team's notes and tags, injection-safe", async () => {
    const { csv, rows } = await exportList(database, sam, { id: listId }, origin, now);
    expect(rows).toBe(2);
    const [header, open, locked] = parse(csv);
    expect(header).toEqual([...LIST_CSV_COLUMNS]);
    const cell = (row: string[] | undefined, name: (typeof LIST_CSV_COLUMNS)[number]) => row![LIST_CSV_COLUMNS.indexOf(name)];
    expect(cell(open, "Status")).toBe("Sourced");
    expect(cell(open, "Notes")).toBe("2");
    // The newest note, its author and date; a formula is defused with a leading apostrophe.
    expect(cell(open, "Latest Note")).toBe('\'=HYPERLINK(""http://evil"")');
    expect(cell(open, "Latest Note By")).toBe("Sam Subscriber");
    expect(cell(open, "Latest Note At")).toBe("2026-11-02T09:00:00.000Z");
    expect(cell(open, "Tags")).toBe("'-fintech; warm");
    expect(cell(open, "Added By")).toBe("Priya Premium");
    expect(cell(open, "Access")).toBe("full");
    expect(cell(locked, "Access")).toBe("locked (premium)");
    expect(cell(locked, "Business Model")).toBe("");
    expect(cell(locked, "Countries")).toBe("");
    expect(cell(locked, "Industries")!.split("; ").length).toBeLessThanOrEqual(TEASER_INDUSTRIES);
    // Priya's plan opens it: her file has what the teaser hid.
    const [, , unlocked] = parse((await exportList(database, priya, { id: listId }, origin, now)).csv);
    expect(cell(unlocked, "Access")).toBe("full");
    const hidden = cell(unlocked, "Countries")!;
    expect(hidden).not.toBe("");
    expect(csv).not.toContain(hidden);
  });

  it("refuses a plan without exports, counting nothing and writing no history", async () => {
    const before = await exportedLines();
    await expect(exportList(database, pat, { id: listId }, origin, now)).rejects.toMatchObject({
      status: 403,
      message: "Your plan does not include exports. Upgrade to export lists.",
    });
    expect(await exportsCounted(pat.id)).toBe(0);
    expect(await exportedLines()).toBe(before);
  });

  it("counts one export per download, and two racing for the last unit get one file", async () => {
    await database.db.delete(usageCounters).where(eq(usageCounters.userId, sam.id));
    await exportList(database, sam, { id: listId }, origin, now);
    expect(await exportsCounted(sam.id)).toBe(1);
    await database.db
      .update(usageCounters)
      .set({ count: EXPORT_LIMIT - 1 })
      .where(and(eq(usageCounters.userId, sam.id), eq(usageCounters.action, DATA_EXPORT)));
    const before = await exportedLines();
    const outcomes = await Promise.allSettled([
      exportList(database, sam, { id: listId }, origin, now),
      exportList(database, sam, { id: listId }, origin, now),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 429, message: "You've reached your monthly exports limit. Upgrade to continue." });
    expect(await exportsCounted(sam.id)).toBe(EXPORT_LIMIT);
    expect(await exportedLines()).toBe(before + 1);
  });

  it("answers the download at /lists/:listId/export.csv to members, and 404 to anyone else", async () => {
    await database.db.delete(usageCounters).where(eq(usageCounters.userId, priya.id));
    const args = (user: typeof sam) =>
      loaderArgs<Parameters<typeof loader>[0]>(database, `/lists/${listId}/export.csv`, { listId }, { user });
    const ok = await answerOf(loader(args(priya)));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(ok.headers.get("Content-Disposition")).toMatch(/^attachment; filename="introbase-list-deal-flow-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await ok.arrayBuffer()));
    expect(rows.slice(1).map((row) => row[LIST_CSV_COLUMNS.indexOf("Access")])).toEqual(["full", "full"]);
    const stranger = await answerOf(loader(args(eve)));
    expect(stranger.status).toBe(404);
    expect(await exportsCounted(eve.id)).toBe(0);
  });
});
