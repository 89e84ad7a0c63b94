/**
 * Owners invite colleagues and remove them (issue 36 "Claiming", decision 0114); operators grant, revoke and freeze;
 * and what the member stored here is in their data export.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { listingOwners } from "#db/schema/listing-owners.ts";
import { outboxEmails } from "#db/schema/messages.ts";
import { seedListings } from "#demo/seed-database.ts";
import { downloadMemberData } from "~/features/member-data/export-member-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { INVITES_PER_LISTING_PER_DAY } from "./claim-limits.server.ts";
import { claimableBySlug, requestEvidenceClaim } from "./claims.server.ts";
import { freezeEditing, grantByEmail, revokeByOperator, unfreezeEditing } from "./operator-owners.server.ts";
import { acceptInvite, inviteColleague, listingOwnersPage, readInvite, removeOwner } from "./owner-invites.server.ts";
import { editingFrozen, ownedListing } from "./ownership.server.ts";

let database: Database;
let listing: { id: string; type: "startup" | "investor" | "partner"; slug: string; name: string };
const person = (n: string) => ({ ...testUser("public"), id: `inv-${n}`, name: `Person ${n}`, email: `${n}@home.test` });
const owner = person("owner");
const colleague = person("colleague");
const admin = { ...testUser("premium", "admin"), id: "inv-admin" };
const NOW = new Date(Date.UTC(2026, 10, 29, 12));

const owned = async (userId: string) => (await ownedListing(database, userId, listing.id))!;
const lastInviteTo = async (address: string) => {
  const [mail] = await database.db
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(sql`${address} = ANY(${outboxEmails.to}) AND ${outboxEmails.kind} = 'listing_invite'`)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return decodeURIComponent(/\/owner-invitation\?token=(\S+)/.exec(mail!.text)![1]!);
};

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  for (const p of [owner, colleague, admin])
    await database.db.insert(users).values({ id: p.id, name: p.name, email: p.email, emailVerified: true, role: p.role });
  const [row] = await database.db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, name: listings.name })
    .from(listings)
    .where(eq(listings.processingStatus, "published"))
    .orderBy(asc(listings.slug))
    .limit(1);
  listing = row as typeof listing;
  await database.db.update(listings).set({ websiteUrl: "https://www.invites-test.example" }).where(eq(listings.id, listing.id));
  await grantByEmail(database, { admin, listingId: listing.id, email: owner.email });
});

afterAll(async () => {
  await database?.close();
});

describe("inviting a colleague", () => {
  it("refuses an address that is not at the company's domain, and mails nothing", async () => {
    for (const email of ["pal@gmail.com", "pal@elsewhere.example"]) {
      const answer = await inviteColleague(database, { owner, listing: await owned(owner.id), email, now: NOW });
      expect(answer).toMatchObject({ ok: false, code: "bad_request", message: expect.stringMatching(/company's own domain/) });
    }
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "listing_invite"))).toEqual([]);
  });

  it("mails a link that makes whoever accepts it signed in an owner, once, proved by the invited address", async () => {
    expect(await inviteColleague(database, { owner, listing: await owned(owner.id), email: "pal@invites-test.example", now: NOW })).toEqual(
      {
        ok: true,
      },
    );
    expect((await listingOwnersPage(database, listing.id)).invites.map((i) => i.email)).toEqual(["pal@invites-test.example"]);
    const token = await lastInviteTo("pal@invites-test.example");
    expect(await readInvite(database, token, owner, NOW.getTime())).toEqual({ state: "already_owner" });
    expect(await readInvite(database, token, colleague, NOW.getTime() + 8 * 86_400_000)).toEqual({ state: "expired" });
    expect(await acceptInvite(database, `${token}x`, colleague, NOW.getTime())).toEqual({ state: "invalid" });
    expect(await acceptInvite(database, token, colleague, NOW.getTime())).toMatchObject({ state: "open", inviterName: owner.name });
    const [row] = await database.db.select().from(listingOwners).where(eq(listingOwners.userId, colleague.id));
    expect(row).toMatchObject({ via: "invite", provedBy: "pal@invites-test.example", grantedBy: owner.id });
    expect(await acceptInvite(database, token, person("late"), NOW.getTime())).toEqual({ state: "used" });
    expect((await listingOwnersPage(database, listing.id)).owners.map((o) => o.name)).toEqual([owner.name, colleague.name]);
  });

  it("lets an owner remove a co-owner, audited, and a second removal finds nobody", async () => {
    await removeOwner(database, { owner, listing: await owned(owner.id), userId: colleague.id });
    expect(await ownedListing(database, colleague.id, listing.id)).toBeNull();
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "revoked"), eq(auditLog.actorId, owner.id)));
    expect(entry).toMatchObject({ recordId: listing.id, source: "member" });
    await expect(removeOwner(database, { owner, listing: await owned(owner.id), userId: colleague.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("limits a listing's invitations a day, raced", async () => {
    const own = await owned(owner.id);
    const answers = await Promise.all(
      Array.from({ length: INVITES_PER_LISTING_PER_DAY + 4 }, (_, i) =>
        inviteColleague(database, { owner, listing: own, email: `c${i}@invites-test.example`, now: NOW }),
      ),
    );
    // One was sent by the test before: the day's share is the rest.
    expect(answers.filter((a) => a.ok)).toHaveLength(INVITES_PER_LISTING_PER_DAY - 1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ code: "rate_limited" });
  });
});

describe("operators", () => {
  it("grant only to a confirmed address, revoke with a reason, and freeze and unfreeze self-editing, each audited", async () => {
    await expect(grantByEmail(database, { admin, listingId: listing.id, email: "nobody@home.test" })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(grantByEmail(database, { admin, listingId: listing.id, email: owner.email })).rejects.toMatchObject({ code: "conflict" });
    await freezeEditing(database, { admin, listingId: listing.id, reason: "Ownership disputed", now: NOW });
    expect(await editingFrozen(database, listing.id)).toBe(true);
    expect((await owned(owner.id)).frozen).toMatchObject({ reason: "Ownership disputed" });
    await unfreezeEditing(database, { admin, listingId: listing.id });
    expect(await editingFrozen(database, listing.id)).toBe(false);
    await revokeByOperator(database, { admin, listingId: listing.id, userId: owner.id, reason: "Left the company" });
    expect(await ownedListing(database, owner.id, listing.id)).toBeNull();
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.recordId, listing.id)))
      .orderBy(asc(auditLog.timestamp));
    expect(actions.map((a) => a.action)).toEqual(["granted", "frozen", "unfrozen", "revoked"]);
  });
});

describe("the member's data export", () => {
  it("holds the listings they keep, their claims and the invitations they sent, without any link", async () => {
    const member = person("exporter");
    await database.db.insert(users).values({ id: member.id, name: member.name, email: member.email, emailVerified: true });
    await grantByEmail(database, { admin, listingId: listing.id, email: member.email });
    const target = (await claimableBySlug(database, listing.type, listing.slug))!;
    const other = await database.db
      .select()
      .from(listings)
      .where(sql`${listings.id} <> ${listing.id}`)
      .limit(1);
    const claimable = (await claimableBySlug(database, other[0]!.type, other[0]!.slug))!;
    await requestEvidenceClaim(database, {
      user: member,
      listing: claimable,
      role: "CFO",
      evidence: "Named on the annual report, page 3.",
      evidenceUrl: "",
      now: NOW,
    });
    await inviteColleague(database, {
      owner: member,
      listing: await owned(member.id),
      email: "friend@invites-test.example",
      now: new Date(NOW.getTime() + 2 * 86_400_000),
    });
    const file = (await (await downloadMemberData(database, member)).json()) as Record<string, unknown>;
    expect(file.listingsYouKeep).toEqual([expect.objectContaining({ listingId: target.id, via: "operator" })]);
    expect(file.listingClaims).toEqual([expect.objectContaining({ method: "evidence", role: "CFO", status: "pending" })]);
    expect(file.listingInvitationsSent).toEqual([expect.objectContaining({ email: "friend@invites-test.example" })]);
    expect(JSON.stringify(file)).not.toMatch(/token=/);
  });
});
