/**
 * Ownership (issue 36): a member keeps only the listings recorded for them, read through a merge to the survivor; the
 * owners' guard answers a stranger's listing and an unknown one alike, and sends a signed-out visitor to sign in.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { listingEditFreezes } from "#db/schema/listing-owners.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { editingFrozen, grantOwnership, ownedListings, requireOwnedListing, revokeOwnership } from "./ownership.server.ts";

let database: Database;
let picked: Array<{ id: string; name: string }>;
const owner = { ...testUser("subscriber"), id: "owner-1", email: "owner@acme.test" };
const stranger = { ...testUser("premium"), id: "stranger-1", email: "stranger@else.test" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  for (const u of [owner, stranger])
    await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, tier: u.tier, emailVerified: true });
  picked = await database.db
    .select({ id: listings.id, name: listings.name })
    .from(listings)
    .where(eq(listings.processingStatus, "published"))
    .orderBy(asc(listings.name))
    .limit(3);
});

afterAll(async () => {
  await database?.close();
});

const guard = (user: typeof owner | null, listingId: string) =>
  requireOwnedListing(loaderArgs(database, `/my-listings/${listingId}`, { listingId }, { user }), listingId);

describe("ownership", () => {
  it("grants once, audits it, and lists only the member's own listings", async () => {
    const a = picked[0]!;
    const grant = {
      listingId: a.id,
      listingName: a.name,
      userId: owner.id,
      via: "operator" as const,
      actor: { id: "owner-1", source: "admin" as const },
    };
    expect(await grantOwnership(database.db, grant)).toBe(true);
    expect(await grantOwnership(database.db, grant)).toBe(false);
    expect((await ownedListings(database, owner.id)).map((l) => l.id)).toEqual([a.id]);
    expect(await ownedListings(database, stranger.id)).toEqual([]);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.operation, "listing_ownership"));
    expect(entries.map((e) => e.action)).toEqual(["granted"]);
  });

  it("answers another's listing and an unknown id with the same 404, and a signed-out visitor goes to sign in", async () => {
    const a = picked[0]!;
    await expect(guard(owner, a.id)).resolves.toMatchObject({ listing: { id: a.id } });
    const refusals = await Promise.all(
      [guard(stranger, a.id), guard(owner, "00000000-0000-4000-8000-000000000000"), guard(owner, "not-a-uuid")].map((p) =>
        p.then(
          () => null,
          (error: unknown) => (error instanceof Error ? [error.name, error.message] : error),
        ),
      ),
    );
    expect(new Set(refusals.map((r) => JSON.stringify(r))).size).toBe(1);
    const signedOut = await guard(null, a.id).catch((error: unknown) => error);
    expect(signedOut).toBeInstanceOf(Response);
    expect((signedOut as Response).headers.get("Location")).toBe(`/sign-in?returnTo=%2Fmy-listings%2F${a.id}`);
  });

  it("reads an ownership of a merged-away listing as one of its survivor", async () => {
    const [a, b] = [picked[0]!, picked[1]!];
    await database.db.update(listings).set({ processingStatus: "merged", mergedInto: b.id }).where(eq(listings.id, a.id));
    expect((await ownedListings(database, owner.id)).map((l) => l.id)).toEqual([b.id]);
    await database.db.update(listings).set({ processingStatus: "published", mergedInto: null }).where(eq(listings.id, a.id));
  });

  it("reports a freeze and ends an ownership", async () => {
    const a = picked[0]!;
    expect(await editingFrozen(database, a.id)).toBe(false);
    await database.db.insert(listingEditFreezes).values({ listingId: a.id, reason: "Disputed ownership" });
    expect(await editingFrozen(database, a.id)).toBe(true);
    expect((await ownedListings(database, owner.id))[0]?.frozen?.reason).toBe("Disputed ownership");
    expect(
      await revokeOwnership(database.db, {
        listingId: a.id,
        listingName: a.name,
        userId: owner.id,
        reason: "test",
        actor: { id: stranger.id, source: "admin" },
      }),
    ).toBe(true);
    expect(await ownedListings(database, owner.id)).toEqual([]);
  });
});
