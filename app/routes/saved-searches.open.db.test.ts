/**
 * A saved search's new results to a list in one click (issue 37, decision 0121): the opened search offers the member's
 * lists (the working team's first) and adds the new listings it showed, only those the search still matches for the
 * member and that the member may open, each with a history line; a list that is not theirs is refused.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEntries, listEvents } from "#db/schema/lists.ts";
import { activeTeams, teamMemberships, teams } from "#db/schema/teams.ts";
import { seedListings } from "#demo/seed-database.ts";
import { createList } from "~/features/lists/list-access.server.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { action, loader } from "./saved-searches.open.tsx";

let database: Database;
let industry = "";
let counter = 0;
let searchId: string;
let teamList: string;
let ownList: string;
let strangersList: string;
const sam = { ...testUser("subscriber"), id: "ss-sam", name: "Sam" };
const eve = { ...testUser("premium"), id: "ss-eve", name: "Eve" };

async function addStartup(visibility: string, industryName = industry): Promise<string> {
  counter++;
  const [row] = await database.rows<{ id: string }>(sql`
    INSERT INTO listings (slug, type, name, tagline, industry_ids, visibility, created_at)
    VALUES (${`zz-list-${counter}`}, 'startup', ${`Zz List ${counter}`}, 'A new one',
      ARRAY[(SELECT id FROM industries WHERE name = ${industryName})], ${visibility},
      '2030-01-01T00:00:00Z'::timestamptz + ${`${counter} seconds`}::interval)
    RETURNING id`);
  await announceChange(database, "listings");
  return row!.id;
}

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const open = async () =>
  (await loader(loaderArgs<LoaderArgs>(database, `/saved-searches/${searchId}`, { id: searchId }, { user: sam }))) as Awaited<
    ReturnType<typeof loader>
  >;
async function post(form: Array<[string, string]>) {
  const init = { method: "POST", body: new URLSearchParams(form) };
  const answer = (await action(
    loaderArgs<ActionArgs>(database, `/saved-searches/${searchId}`, { id: searchId }, { user: sam, init }),
  )) as unknown as {
    data: { ok: boolean; message?: string };
    init: { status?: number } | null;
  };
  return { ...answer.data, status: answer.init?.status ?? 200 };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  for (const u of [sam, eve])
    await database.rows(
      sql`INSERT INTO users (id, name, email, email_verified, tier) VALUES (${u.id}, ${u.name}, ${u.email}, true, ${u.tier})`,
    );
  const [row] = await database.rows<{ name: string }>(sql`
    SELECT i.name FROM industries i JOIN listings l ON i.id = ANY(l.industry_ids) AND l.type = 'startup'
    GROUP BY i.name HAVING count(*) BETWEEN 2 AND 30 ORDER BY count(*) DESC, i.name LIMIT 1`);
  industry = row!.name;
  const [team] = await database.db.insert(teams).values({ name: "Fund" }).returning({ id: teams.id });
  await database.db.insert(teamMemberships).values({ teamId: team!.id, userId: sam.id, role: "member" });
  await database.db.insert(activeTeams).values({ userId: sam.id, teamId: team!.id });
  ownList = await createList(database, { name: "A private shortlist", keeper: { userId: sam.id }, createdBy: sam.id });
  teamList = await createList(database, { name: "Pipeline", keeper: { teamId: team!.id }, createdBy: sam.id });
  strangersList = await createList(database, { name: "Eve's", keeper: { userId: eve.id }, createdBy: eve.id });
  searchId = (
    await createSavedSearch(database, sam, {
      name: "Sector",
      query: `type=startup&industries=${encodeURIComponent(industry)}`,
      alertFrequency: "off",
    })
  ).id;
  await open();
});

afterAll(async () => {
  await database?.close();
});

describe("a saved search's new results to a list", () => {
  it("offers the member's lists, the working team's first, and adds only the new results the member may open", async () => {
    const fresh = [await addStartup("public"), await addStartup("subscriber")];
    const above = await addStartup("premium");
    const elsewhere = await addStartup(
      "public",
      (await database.rows<{ name: string }>(sql`SELECT name FROM industries WHERE name <> ${industry} LIMIT 1`))[0]!.name,
    );
    const page = await open();
    expect(page.newCount).toBe(2);
    expect(page.listings.map((l) => l.id).sort()).toEqual([...fresh].sort());
    expect(page.lists.map((l) => l.name)).toEqual(["Pipeline", "A private shortlist"]);

    // A hand-made form naming a listing above the member's plan and one the search does not match adds neither.
    const done = await post([
      ["intent", "add-results-to-list"],
      ["listId", teamList],
      ...[...fresh, above, elsewhere].map((id) => ["listingId", id] as [string, string]),
    ]);
    expect(done).toMatchObject({
      ok: true,
      message: "Added 2 listings to Pipeline. 2 were already on it or no longer in this search.",
      status: 200,
    });
    const entries = await database.db
      .select({ listingId: listEntries.listingId })
      .from(listEntries)
      .where(eq(listEntries.listId, teamList));
    expect(entries.map((e) => e.listingId).sort()).toEqual([...fresh].sort());
    const added = await database.db.select().from(listEvents).where(eq(listEvents.listId, teamList));
    expect(added.filter((e) => e.action === "added").map((e) => e.actorId)).toEqual([sam.id, sam.id]);
    // Looked at: nothing is new any more.
    expect((await open()).newCount).toBe(0);
    // Again: nothing twice.
    expect(
      await post([
        ["intent", "add-results-to-list"],
        ["listId", teamList],
        ["listingId", fresh[0]!],
      ]),
    ).toMatchObject({
      message: "Added 0 listings to Pipeline. 1 was already on it or no longer in this search.",
    });
  });

  it("refuses a list that is not the member's, and a form without a list", async () => {
    const before = (await database.db.select().from(listEntries).where(eq(listEntries.listId, strangersList))).length;
    const id = await addStartup("public");
    expect(
      await post([
        ["intent", "add-results-to-list"],
        ["listId", strangersList],
        ["listingId", id],
      ]),
    ).toMatchObject({
      ok: false,
      status: 404,
      message: "You don't have this list.",
    });
    expect((await database.db.select().from(listEntries).where(eq(listEntries.listId, strangersList))).length).toBe(before);
    expect(
      await post([
        ["intent", "add-results-to-list"],
        ["listingId", id],
      ]),
    ).toMatchObject({ ok: false, status: 400, message: "Choose one of your lists." });
    expect(ownList).toBeTruthy();
  });
});
