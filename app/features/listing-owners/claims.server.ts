/**
 * Claiming a listing (issue 36 "Claiming", decision 0114). Two ways in:
 *
 * - By domain e-mail: the member gives an address at the listing's own registrable domain; a signed link that works
 *   once and for a day is mailed there; opening it while signed in as the same member makes them an owner
 *   (via domain_email, proved by that address). Opening the link shows what it does; the confirmation is a POST, so a
 *   mail scanner following links claims nothing.
 * - With evidence: the member says who they are and how to check; an operator approves or rejects it
 *   (claim-review.server.ts).
 *
 * Both count against the claim limits (claim-limits.server.ts) and leave a row in listing_claims.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { listingClaims } from "#db/schema/listing-claims.ts";
import { listings } from "#db/schema/listings.ts";
import { registrableDomain } from "~/features/catalog/registrable-domain.ts";
import type { ListingType } from "~/features/catalog/listing-types.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { withinClaimLimits } from "./claim-limits.server.ts";
import { checkClaimLinkToken, claimLinkToken } from "./claim-links.server.ts";
import { CLAIM_LINK_HOURS } from "./claim-links.ts";
import { claimLinkEmail } from "./claim-emails.ts";
import { judgeClaimAddress } from "./claim-rules.ts";
import { grantOwnership, ownedListing } from "./ownership.server.ts";

export interface ClaimableListing {
  id: string;
  type: ListingType;
  slug: string;
  name: string;
  /** The registrable domain of its website, or null without one. */
  domain: string | null;
  /** Other published listings on that domain (a group's brands). */
  othersOnDomain: number;
}

/** The key of every claim and invitation link: its own, so no other signed token stands in for one. */
export const claimKey = (database: Database) => purposeKey(database, "listing-claims");

async function claimable({ db }: Database, where: ReturnType<typeof sql>): Promise<ClaimableListing | null> {
  const [row] = await db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, name: listings.name, websiteUrl: listings.websiteUrl })
    .from(listings)
    .where(sql`${where} AND ${listings.processingStatus} = 'published'`)
    .limit(1);
  if (!row) return null;
  const domain = registrableDomain(row.websiteUrl);
  // Listings on the same domain: by the matcher's column, and (a website changed since the last scan leaves it empty)
  // by the website itself, read again here.
  const neighbours = domain
    ? await db
        .select({ websiteUrl: listings.websiteUrl, matchDomain: listings.matchDomain })
        .from(listings)
        .where(
          and(
            ne(listings.id, row.id),
            eq(listings.processingStatus, "published"),
            sql`(${listings.matchDomain} = ${domain} OR (${listings.matchDomain} IS NULL AND ${listings.websiteUrl} ILIKE ${`%${domain.replace(/[\\%_]/g, "\\$&")}%`}))`,
          ),
        )
    : [];
  const othersOnDomain = neighbours.filter((n) => (n.matchDomain ?? registrableDomain(n.websiteUrl)) === domain).length;
  return { id: row.id, type: row.type as ListingType, slug: row.slug, name: row.name, domain, othersOnDomain };
}

/** The published listing of a profile address, as claiming needs it; null for anything else. */
export function claimableBySlug(database: Database, type: ListingType, slug: string): Promise<ClaimableListing | null> {
  return claimable(database, sql`${listings.type} = ${type} AND ${listings.slug} = ${slug}`);
}

/** The published listing with this id, as claiming needs it (an invitation is judged like a claim). */
export function claimableById(database: Database, id: string): Promise<ClaimableListing | null> {
  return claimable(database, sql`${listings.id} = ${id}`);
}

export type ClaimRefusal = { ok: false; code: "bad_request" | "conflict" | "rate_limited"; field?: "email" | "evidence"; message: string };

/** Starts a claim by domain e-mail: judged, limited, recorded, and the link mailed to the address. */
export async function requestDomainClaim(
  database: Database,
  {
    user,
    listing,
    email,
    now = new Date(),
    env = getEnv(),
  }: { user: SessionUser; listing: ClaimableListing; email: string; now?: Date; env?: Env },
): Promise<{ ok: true; email: string } | ClaimRefusal> {
  if (await ownedListing(database, user.id, listing.id)) return { ok: false, code: "conflict", message: "You already keep this listing." };
  const verdict = judgeClaimAddress(email, listing);
  if (!verdict.ok) return { ok: false, code: "bad_request", field: "email", message: verdict.message };
  const limited = await withinClaimLimits(database, { userId: user.id, listingId: listing.id, now }, async (tx) => {
    const [claim] = await tx.db
      .insert(listingClaims)
      .values({ listingId: listing.id, userId: user.id, method: "domain_email", email, createdAt: now })
      .returning({ id: listingClaims.id });
    return claim!.id;
  });
  if (!limited.allowed) return { ok: false, code: "rate_limited", field: "email", message: limited.message };
  const token = claimLinkToken(await claimKey(database), "claim", limited.value, now.getTime() + CLAIM_LINK_HOURS * 3_600_000);
  const url = `${publicUrl(env)}/claim-listing?${new URLSearchParams({ token })}`;
  await sendEmail(database, claimLinkEmail({ to: email, memberName: user.name, listingName: listing.name, url }), env);
  return { ok: true, email };
}

/** Starts a claim an operator reviews: the member's word and how to check it. */
export async function requestEvidenceClaim(
  database: Database,
  {
    user,
    listing,
    role,
    evidence,
    evidenceUrl,
    now = new Date(),
  }: { user: SessionUser; listing: ClaimableListing; role: string; evidence: string; evidenceUrl: string; now?: Date },
): Promise<{ ok: true } | ClaimRefusal> {
  if (await ownedListing(database, user.id, listing.id)) return { ok: false, code: "conflict", message: "You already keep this listing." };
  const limited = await withinClaimLimits(database, { userId: user.id, listingId: listing.id, now }, async (tx) => {
    // Under the limits' locks, so two tabs sending the same claim at once leave one row.
    const [waiting] = await tx.db
      .select({ id: listingClaims.id })
      .from(listingClaims)
      .where(
        and(
          eq(listingClaims.userId, user.id),
          eq(listingClaims.listingId, listing.id),
          eq(listingClaims.method, "evidence"),
          eq(listingClaims.status, "pending"),
        ),
      )
      .limit(1);
    if (waiting) return "waiting" as const;
    await tx.db.insert(listingClaims).values({
      listingId: listing.id,
      userId: user.id,
      method: "evidence",
      role,
      evidence,
      evidenceUrl: evidenceUrl || null,
      createdAt: now,
    });
    return "recorded" as const;
  });
  if (!limited.allowed) return { ok: false, code: "rate_limited", field: "evidence", message: limited.message };
  if (limited.value === "waiting") return { ok: false, code: "conflict", message: "Your claim of this listing is already with our team." };
  return { ok: true };
}

export type ClaimLinkState =
  | { state: "open"; listing: { id: string; name: string }; email: string }
  | { state: "invalid" | "expired" | "used" | "other_account" | "no_longer" };

/** What a claim link leads to for the signed-in member, without acting on it. */
export async function readClaimLink(database: Database, token: string, user: SessionUser, now = Date.now()): Promise<ClaimLinkState> {
  const checked = checkClaimLinkToken(await claimKey(database), "claim", token, now);
  if (!checked.ok) return { state: checked.reason };
  const [claim] = await database.db
    .select({ userId: listingClaims.userId, listingId: listingClaims.listingId, email: listingClaims.email, status: listingClaims.status })
    .from(listingClaims)
    .where(and(eq(listingClaims.id, checked.id), eq(listingClaims.method, "domain_email")))
    .limit(1);
  if (!claim?.email) return { state: "invalid" };
  if (claim.status !== "pending") return { state: "used" };
  // The link proves the address to the member who asked for it, never to whoever holds it.
  if (claim.userId !== user.id) return { state: "other_account" };
  // The listing's website may have changed, or been shared, since: judged again now.
  const listing = await claimableById(database, claim.listingId);
  if (!listing || !judgeClaimAddress(claim.email, listing).ok) return { state: "no_longer" };
  return { state: "open", listing: { id: listing.id, name: listing.name }, email: claim.email };
}

/** Confirms a claim link: the member becomes an owner (audited), once; any other state is returned as it is. */
export async function confirmClaimLink(database: Database, token: string, user: SessionUser, now = Date.now()): Promise<ClaimLinkState> {
  const link = await readClaimLink(database, token, user, now);
  if (link.state !== "open") return link;
  const claimId = checkClaimLinkToken(await claimKey(database), "claim", token, now);
  if (!claimId.ok) return { state: claimId.reason };
  return database.db.transaction(async (tx) => {
    const spent = await tx
      .update(listingClaims)
      .set({ status: "verified", decidedAt: new Date(now) })
      .where(and(eq(listingClaims.id, claimId.id), eq(listingClaims.status, "pending")))
      .returning({ id: listingClaims.id });
    if (!spent.length) return { state: "used" as const };
    await grantOwnership(tx as unknown as Database["db"], {
      listingId: link.listing.id,
      listingName: link.listing.name,
      userId: user.id,
      via: "domain_email",
      provedBy: link.email,
      actor: { id: user.id, source: "member" },
    });
    return link;
  });
}

export interface MemberClaim {
  id: string;
  listing: { type: ListingType; slug: string; name: string };
  method: "domain_email" | "evidence";
  email: string | null;
  status: "pending" | "rejected";
  note: string | null;
  at: Date;
}

/** The member's claims still waiting (a link not yet opened, an operator's review) and the rejected ones, newest first. */
export async function memberClaims({ db }: Database, userId: string): Promise<MemberClaim[]> {
  const rows = await db
    .select({
      id: listingClaims.id,
      type: listings.type,
      slug: listings.slug,
      name: listings.name,
      method: listingClaims.method,
      email: listingClaims.email,
      status: listingClaims.status,
      note: listingClaims.decisionNote,
      at: listingClaims.createdAt,
    })
    .from(listingClaims)
    .innerJoin(listings, eq(listings.id, listingClaims.listingId))
    .where(and(eq(listingClaims.userId, userId), sql`${listingClaims.status} IN ('pending', 'rejected')`))
    .orderBy(sql`${listingClaims.createdAt} DESC`)
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    listing: { type: r.type as ListingType, slug: r.slug, name: r.name },
    method: r.method,
    email: r.email,
    status: r.status as "pending" | "rejected",
    note: r.note,
    at: r.at,
  }));
}
