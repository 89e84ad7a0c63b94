/**
 * Archiving and restoring from the editor, and the back-office list: an archived listing leaves the directory
 * and its profile at once (cached directory pages included) and comes back when restored.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { parseDirectoryQuery } from "~/features/directory/directory-filters.ts";
import { getDirectory } from "~/features/directory/server/get-directory.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { getListingRecord } from "~/features/profiles/get-listing.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { setListingArchived } from "./archive-listing.server.ts";
import { listListingsForAdmin } from "./list-listings.server.ts";
import { ADMIN_PAGE_SIZE, parseAdminListingQuery } from "./listing-query.ts";

let database: Database;
const admin = { id: "admin-archive" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 120);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

async function inDirectory(name: string): Promise<boolean> {
  const parsed = parseDirectoryQuery(new URLSearchParams({ q: name }));
  if (!parsed.ok) throw new Error(parsed.error);
  const result = await getDirectory(database, parsed.query, { tier: "premium" });
  return result.data.some((item) => item.name === name);
}

async function listing(offset: number) {
  const [row] = await database.db.select().from(listings).orderBy(asc(listings.name)).offset(offset).limit(1);
  return row!;
}

describe("archiving", () => {
  it("hides the listing from the directory and its profile, and restoring shows it again", async () => {
    const l = await listing(3);
    expect(await inDirectory(l.name)).toBe(true); // now cached for two minutes

    expect(await setListingArchived(database, { id: l.id, archived: true, admin })).toBe("archived");
    expect(await inDirectory(l.name)).toBe(false);
    expect(await getListingRecord(database, l.type, l.slug)).toBeNull();

    expect(await setListingArchived(database, { id: l.id, archived: true, admin })).toBe("unchanged");
    expect(await setListingArchived(database, { id: l.id, archived: false, admin })).toBe("restored");
    expect(await inDirectory(l.name)).toBe(true);
    expect(await getListingRecord(database, l.type, l.slug)).not.toBeNull();

    const entries = await database.db.select().from(auditLog).where(eq(auditLog.recordId, l.id)).orderBy(asc(auditLog.timestamp));
    expect(entries.map((e) => [e.action, e.actorId, e.details.changedFields])).toEqual([
      ["archived", admin.id, ["processingStatus"]],
      ["restored", admin.id, ["processingStatus"]],
    ]);
  });

  it("leaves a merged listing merged", async () => {
    const l = await listing(4);
    const survivor = await listing(5);
    await database.db.update(listings).set({ processingStatus: "merged", mergedInto: survivor.id }).where(eq(listings.id, l.id));
    await expect(setListingArchived(database, { id: l.id, archived: false, admin })).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("the back-office list", () => {
  const list = (params: Record<string, string>) => listListingsForAdmin(database, parseAdminListingQuery(new URLSearchParams(params)));

  it("finds a name by any part of it in any case, and counts the matches", async () => {
    const l = await listing(10);
    const part = l.name.slice(2, 7).toUpperCase();
    const { items, total } = await list({ q: part, status: "all" });
    expect(items.map((i) => i.id)).toContain(l.id);
    expect(items.every((i) => i.name.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect(total).toBe(items.length);
  });

  it("takes % and _ in a search literally", async () => {
    expect((await list({ q: "%", status: "all" })).total).toBe(0);
  });

  it("filters by type and status, and pages by 50 with the total", async () => {
    const startups = await list({ type: "startup", status: "all" });
    expect(startups.items.every((i) => i.type === "startup")).toBe(true);
    const all = await list({ status: "all" });
    expect(all.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(all.pageCount).toBe(Math.ceil(all.total / ADMIN_PAGE_SIZE));
    const last = await list({ status: "all", page: "999" });
    expect(last.page).toBe(all.pageCount);
    expect(last.items.length).toBe(all.total - (all.pageCount - 1) * ADMIN_PAGE_SIZE);

    const merged = await list({ status: "merged" });
    const survivor = await listing(5);
    expect(merged.items).toEqual([expect.objectContaining({ status: "merged", survivor: { id: survivor.id, name: survivor.name } })]);
    expect((await list({})).items.some((i) => i.status !== "published")).toBe(false);
  });
});
