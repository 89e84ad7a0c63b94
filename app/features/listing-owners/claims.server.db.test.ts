/**
 * Claiming a listing by domain e-mail and with evidence (issue 36 "Claiming", decision 0114): what an address can
 * prove, the signed link (mailed, once, for a day, to the member who asked), the operators' decision and its e-mail,
 * and the claim limits, raced.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { listingOwners } from "#db/schema/listing-owners.ts";
import { outboxEmails } from "#db/schema/messages.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { CLAIMS_PER_LISTING_PER_DAY, CLAIMS_PER_MEMBER_PER_DAY } from "./claim-limits.server.ts";
import { decideClaim } from "./claim-review.server.ts";
import {
  claimableBySlug,
  confirmClaimLink,
  memberClaims,
  readClaimLink,
  requestDomainClaim,
  requestEvidenceClaim,
  type ClaimableListing,
} from "./claims.server.ts";
import { ownedListings } from "./ownership.server.ts";

let database: Database;
let picked: Array<{ id: string; type: "startup" | "investor" | "partner"; slug: string; name: string }>;
const member = (n: string) => ({ ...testUser("public"), id: `claimant-${n}`, name: `Claimant ${n}`, email: `claimant.${n}@home.test` });
const jo = member("jo");
const other = member("other");
const admin = { ...testUser("premium", "admin"), id: "claims-admin" };
const NOW = new Date(Date.UTC(2026, 10, 29, 12));

async function addMembers(...people: Array<{ id: string; name: string; email: string }>) {
  for (const p of people)
    await database.db.insert(users).values({ id: p.id, name: p.name, email: p.email, emailVerified: true }).onConflictDoNothing();
}

async function site(index: number, websiteUrl: string | null, matchDomain: string | null): Promise<ClaimableListing> {
  const l = picked[index]!;
  await database.db.update(listings).set({ websiteUrl, matchDomain }).where(eq(listings.id, l.id));
  return (await claimableBySlug(database, l.type, l.slug))!;
}

async function lastLinkTo(address: string): Promise<string> {
  const [mail] = await database.db
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(sql`${address} = ANY(${outboxEmails.to}) AND ${outboxEmails.kind} = 'listing_claim_link'`)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return decodeURIComponent(/\/claim-listing\?token=(\S+)/.exec(mail!.text)![1]!);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  await addMembers(jo, other, admin);
  picked = (await database.db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, name: listings.name })
    .from(listings)
    .where(eq(listings.processingStatus, "published"))
    .orderBy(asc(listings.slug))
    .limit(10)) as typeof picked;
});

afterAll(async () => {
  await database?.close();
});

describe("a claim by domain e-mail", () => {
  it("refuses addresses that cannot prove ownership alone, beside the field, and mails nothing", async () => {
    const nimbus = await site(0, "https://www.nimbus-claims.example/about", "nimbus-claims.example");
    const bare = await site(1, null, null);
    await site(3, "https://cloud.group-claims.example", "group-claims.example");
    const brandA = await site(2, "https://pay.group-claims.example", "group-claims.example");
    const mailsBefore = (await database.db.select({ id: outboxEmails.id }).from(outboxEmails)).length;
    const cases: Array<[ClaimableListing, string, RegExp]> = [
      [nimbus, "jo@gmail.com", /anyone can have one/],
      [nimbus, "jo@nimbus-claims.example.evil.test", /not at the domain of this listing/],
      [bare, "jo@nimbus-claims.example", /no website/],
      [brandA, "jo@group-claims.example", /several listings/],
    ];
    for (const [listing, email, message] of cases) {
      const answer = await requestDomainClaim(database, { user: jo, listing, email, now: NOW });
      expect(answer).toMatchObject({ ok: false, code: "bad_request", field: "email", message: expect.stringMatching(message) });
    }
    expect((await database.db.select({ id: outboxEmails.id }).from(outboxEmails)).length).toBe(mailsBefore);
  });

  it("mails a link that makes the member who asked an owner, once; another account, a replay, an expired or forged link do nothing", async () => {
    const nimbus = await site(0, "https://www.nimbus-claims.example/about", "nimbus-claims.example");
    expect(await requestDomainClaim(database, { user: jo, listing: nimbus, email: "jo@nimbus-claims.example", now: NOW })).toEqual({
      ok: true,
      email: "jo@nimbus-claims.example",
    });
    const token = await lastLinkTo("jo@nimbus-claims.example");
    const at = NOW.getTime() + 60_000;
    expect(await readClaimLink(database, token, other, at)).toEqual({ state: "other_account" });
    expect(await confirmClaimLink(database, token, other, at)).toEqual({ state: "other_account" });
    expect(await readClaimLink(database, token, jo, NOW.getTime() + 25 * 3_600_000)).toEqual({ state: "expired" });
    expect(await readClaimLink(database, `${token.slice(0, -2)}xx`, jo, at)).toEqual({ state: "invalid" });
    expect(await ownedListings(database, jo.id)).toEqual([]);

    expect(await confirmClaimLink(database, token, jo, at)).toMatchObject({ state: "open", email: "jo@nimbus-claims.example" });
    const [owner] = await database.db.select().from(listingOwners).where(eq(listingOwners.userId, jo.id));
    expect(owner).toMatchObject({ listingId: nimbus.id, via: "domain_email", provedBy: "jo@nimbus-claims.example" });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "listing_ownership"), eq(auditLog.recordId, nimbus.id)));
    expect(audit).toMatchObject({ action: "granted", actorId: jo.id });
    expect(await confirmClaimLink(database, token, jo, at)).toEqual({ state: "used" });
    expect(await requestDomainClaim(database, { user: jo, listing: nimbus, email: "jo@nimbus-claims.example", now: NOW })).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });
});

describe("a claim with evidence", () => {
  it("waits for an operator; approval makes the member an owner via the operator and tells them by e-mail", async () => {
    const listing = await site(4, null, null);
    const asker = member("ev1");
    await addMembers(asker);
    const claim = {
      user: asker,
      listing,
      role: "Chief executive",
      evidence: "I founded it; see the team page of our website.",
      evidenceUrl: "",
    };
    expect(await requestEvidenceClaim(database, { ...claim, now: NOW })).toEqual({ ok: true });
    expect(await requestEvidenceClaim(database, { ...claim, now: NOW })).toMatchObject({ ok: false, code: "conflict" });
    const [waiting] = await memberClaims(database, asker.id);
    expect(waiting).toMatchObject({ method: "evidence", status: "pending", listing: { slug: listing.slug } });

    await decideClaim(database, { admin, claimId: waiting!.id, decision: "approve", note: "Checked on the team page.", now: NOW });
    expect((await ownedListings(database, asker.id)).map((l) => l.id)).toEqual([listing.id]);
    const [owner] = await database.db.select().from(listingOwners).where(eq(listingOwners.userId, asker.id));
    expect(owner).toMatchObject({ via: "operator", grantedBy: admin.id });
    const [mail] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${asker.email} = ANY(${outboxEmails.to})`);
    expect(mail).toMatchObject({ kind: "listing_claim_decision", subject: `You now keep ${listing.name} on Introbase` });
    await expect(decideClaim(database, { admin, claimId: waiting!.id, decision: "reject", note: "", now: NOW })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("a rejection carries the operator's note to the member, and makes nobody an owner", async () => {
    const listing = await site(5, null, null);
    const asker = member("ev2");
    await addMembers(asker);
    await requestEvidenceClaim(database, {
      user: asker,
      listing,
      role: "Intern",
      evidence: "Trust me, I work there most days.",
      evidenceUrl: "",
      now: NOW,
    });
    const [waiting] = await memberClaims(database, asker.id);
    await decideClaim(database, { admin, claimId: waiting!.id, decision: "reject", note: "Nobody at the company knows you.", now: NOW });
    expect(await ownedListings(database, asker.id)).toEqual([]);
    expect((await memberClaims(database, asker.id))[0]).toMatchObject({ status: "rejected", note: "Nobody at the company knows you." });
    const [mail] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${asker.email} = ANY(${outboxEmails.to})`);
    expect(mail!.text).toContain("Nobody at the company knows you.");
  });
});

describe("the claim limits", () => {
  it("one member racing the same claim from several tabs leaves one; racing claims of many listings gets exactly the daily share", async () => {
    const racer = member("racer");
    await addMembers(racer);
    const claimOf = (listing: ClaimableListing, i: number) =>
      requestEvidenceClaim(database, {
        user: racer,
        listing,
        role: "Founder",
        evidence: `Claim number ${i} of a racing member.`,
        evidenceUrl: "",
        now: NOW,
      });
    const same = await site(9, null, null);
    expect((await Promise.all([0, 1, 2, 3].map((i) => claimOf(same, i)))).filter((a) => a.ok)).toHaveLength(1);
    const targets = await Promise.all([2, 3, 4, 5, 6, 7, 8].map((i) => site(i, null, null)));
    const answers = await Promise.all(targets.map(claimOf));
    expect(answers.filter((a) => a.ok)).toHaveLength(CLAIMS_PER_MEMBER_PER_DAY - 1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/5 claims a day/) });
    // The next day the member may claim again.
    const later = await requestDomainClaim(database, {
      user: racer,
      listing: await site(0, "https://www.nimbus-claims.example/about", "nimbus-claims.example"),
      email: "racer@nimbus-claims.example",
      now: new Date(NOW.getTime() + 86_400_000 + 1),
    });
    expect(later).toMatchObject({ ok: true });
  });

  it("many members racing to mail one listing's domain: at most the listing's daily share of links goes out", async () => {
    const listing = await site(1, "https://www.flood-claims.example", "flood-claims.example");
    const crowd = Array.from({ length: CLAIMS_PER_LISTING_PER_DAY + 6 }, (_, i) => member(`crowd${i}`));
    await addMembers(...crowd);
    const answers = await Promise.all(
      crowd.map((user, i) => requestDomainClaim(database, { user, listing, email: `victim${i}@flood-claims.example`, now: NOW })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(CLAIMS_PER_LISTING_PER_DAY);
    expect(answers.find((a) => !a.ok)).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/too many claims/) });
    const [mails] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM outbox_emails WHERE kind = 'listing_claim_link' AND "to"[1] LIKE '%@flood-claims.example'`,
    );
    expect(mails!.n).toBe(CLAIMS_PER_LISTING_PER_DAY);
  });
});
