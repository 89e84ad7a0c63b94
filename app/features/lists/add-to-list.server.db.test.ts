/**
 * Adding to a list from a card, a profile or a selection (issue 37, decision 0120): only what the member's plan opens
 * goes on the list, however the ids were posted; a list not theirs is 404; a selection has a limit.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { addToList, chosenIds } from "./add-to-list.server.ts";
import { createList } from "./list-access.server.ts";
import { readListEntries } from "./list-entries.server.ts";

let database: Database;
let open: string[];
let premium: string;
const now = new Date("2026-11-02T10:00:00Z");
const pat = { ...testUser("public"), id: "pat" };
const olga = { ...testUser("premium"), id: "olga" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  for (const u of [pat, olga]) await database.db.insert(users).values({ id: u.id, name: u.name, email: `${u.id}@x.test`, tier: u.tier });
  const ids = (
    await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.processingStatus, "published"))
      .orderBy(asc(listings.name))
  ).map((r) => r.id);
  open = ids.slice(0, 3);
  premium = ids[3]!;
  await database.db
    .update(listings)
    .set({ visibility: "public" })
    .where(sql`${listings.id} IN ${open}`);
  await database.db.update(listings).set({ visibility: "premium" }).where(eq(listings.id, premium));
});

afterAll(async () => {
  await database?.close();
});

describe("adding to a list", () => {
  it("adds what the member's plan opens and names what it left out", async () => {
    const answer = await addToList(
      database,
      pat,
      { listingIds: [open[0]!, premium], target: { newList: { name: "Picks", keeper: "me" } } },
      now,
    );
    expect(answer).toMatchObject({ ok: true, outcome: { listName: "Picks", added: 1, already: 0, locked: [expect.any(String)] } });
    if (!answer.ok) return;
    const entries = await readListEntries(database, answer.outcome.listId, { tier: "public" });
    expect(entries.map((e) => e.listingId)).toEqual([open[0]]);
    const again = await addToList(database, pat, { listingIds: [open[0]!, open[1]!], target: { listId: answer.outcome.listId } }, now);
    expect(again).toMatchObject({ ok: true, outcome: { added: 1, already: 1, locked: [] } });
  });

  it("refuses a listing above the member's plan on its own, and a list that is not theirs", async () => {
    const refusal = await addToList(
      database,
      pat,
      { listingIds: [premium], target: { newList: { name: "Sneaky", keeper: "me" } } },
      now,
    ).catch((e: AppError) => e);
    expect(refusal).toMatchObject({ code: "forbidden", message: expect.stringContaining("Your plan does not open") });
    const theirs = await createList(database, { name: "Olga's", keeper: { userId: olga.id }, createdBy: olga.id }, now);
    const stranger = await addToList(database, pat, { listingIds: [open[0]!], target: { listId: theirs } }, now).catch((e: AppError) => e);
    expect(stranger).toMatchObject({ code: "not_found" });
    expect(await readListEntries(database, theirs, { tier: "premium" })).toEqual([]);
  });

  it("takes at most a hundred listings at once, each once, junk left out", () => {
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(() => chosenIds(many)).toThrow("Choose at most 100 listings at once.");
    expect(chosenIds([open[0]!, open[0]!.toUpperCase(), "junk", 7])).toEqual([open[0]]);
  });
});
