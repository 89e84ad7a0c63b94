/**
 * What is counted (decision 0117): a profile page shown to a person, and each listing on a directory results page
 * shown to a person. Crawlers (recognised as the server's rendering recognises them, by `isbot`), link previews,
 * prefetches and scripts without a User-Agent are not people and count nothing. The visitor is reduced to buckets at
 * once: their plan, and when they keep a listing themselves its type and first industry; never who they are.
 */
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { ownedListings } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { insightTallyFor, type InsightTally } from "./insight-tally.server.ts";
import { weekStartOf } from "./insight-weeks.ts";

/** The buckets a visitor falls in. "unknown": signed out, or keeps no listing, or its listing names no industry. */
export interface InsightVisitor {
  plan: "signed_out" | SessionUser["tier"];
  listingType: string;
  industry: string;
}

export const UNKNOWN = "unknown";

/** Whether a request comes from a person's browser: not a crawler, not a prefetch, not a bare script; a page read. */
function countsAsVisit(request: Request): boolean {
  if (request.method !== "GET") return false;
  const agent = request.headers.get("user-agent");
  if (!agent || isbot(agent)) return false;
  // A browser's speculative fetch is not a visit (it may never be shown).
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return !/prefetch|prerender/i.test(purpose);
}

/**
 * The visitor's buckets, started by the profile route beside the page's own reads; null (and no query) when the
 * request is not a person's visit. Never rejects: a failure costs the count, not the page.
 */
export function startInsightVisitor(database: Database, request: Request, user: SessionUser | null): Promise<InsightVisitor | null> {
  return countsAsVisit(request) ? insightVisitor(database, user).catch(() => null) : Promise.resolve(null);
}

/** The visitor's buckets; for a signed-in member one query (the listings they keep, through the foundation). */
export async function insightVisitor(database: Database, user: SessionUser | null): Promise<InsightVisitor> {
  if (!user) return { plan: "signed_out", listingType: UNKNOWN, industry: UNKNOWN };
  const [kept] = await ownedListings(database, user.id);
  if (!kept) return { plan: user.tier, listingType: UNKNOWN, industry: UNKNOWN };
  const [row] = await database.rows<{ name: string | null }>(sql`
    SELECT i.name FROM listings l
    LEFT JOIN industries i ON i.id = l.industry_ids[1]
    WHERE l.id = ${kept.id}`);
  return { plan: user.tier, listingType: kept.type, industry: row?.name ?? UNKNOWN };
}

/** One profile view of `listingId` in the week of `now`, in the total and in each of the visitor's buckets. */
export function countProfileView(tally: InsightTally, listingId: string, visitor: InsightVisitor, now: Date): void {
  const week = weekStartOf(now);
  tally.add(listingId, week, "view", "total", "all");
  tally.add(listingId, week, "view", "plan", visitor.plan);
  tally.add(listingId, week, "view", "listing_type", visitor.listingType);
  tally.add(listingId, week, "view", "industry", visitor.industry);
}

/** Each listing on one results page appeared once; by plan only (the directory page reads nothing more about the visitor). */
function countSearchAppearances(tally: InsightTally, listingIds: readonly string[], plan: InsightVisitor["plan"], now: Date): void {
  const week = weekStartOf(now);
  for (const id of new Set(listingIds)) {
    tally.add(id, week, "appearance", "total", "all");
    tally.add(id, week, "appearance", "plan", plan);
  }
}

/** The profile route's hook: counts the view when the request is a person's (`visitor`: startInsightVisitor's). */
export async function recordProfileView(
  database: Database,
  {
    request,
    listingId,
    visitor,
    now = new Date(),
  }: { request: Request; listingId: string; visitor: Promise<InsightVisitor | null>; now?: Date },
): Promise<boolean> {
  if (!countsAsVisit(request)) return false;
  const who = await visitor;
  if (!who) return false;
  countProfileView(insightTallyFor(database), listingId, who, now);
  return true;
}

/** The directory route's hook: no database, no wait. */
export function recordSearchAppearances(
  database: Database,
  {
    request,
    listingIds,
    user,
    now = new Date(),
  }: { request: Request; listingIds: readonly string[]; user: SessionUser | null; now?: Date },
): boolean {
  if (!countsAsVisit(request) || !listingIds.length) return false;
  countSearchAppearances(insightTallyFor(database), listingIds, user ? user.tier : "signed_out", now);
  return true;
}
