/**
 * A merge an operator has seen before it happens (issue 32, decision 0091). The confirmation shows, per pair, what
 * the survivor keeps and loses (the merge rules' own outcome), the rows that move, the score and the reasons, and
 * carries a token signed over the admin, the pair, which one survives and both listings as they were shown. The merge
 * refuses a pair without that token, or with one for listings that changed since: a one-click or forged POST, or a
 * confirmation left open while someone edited a listing, cannot merge.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { listings } from "#db/schema/listings.ts";
import { authSecret } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { scorePairOf } from "./duplicate-scan.server.ts";
import { mergePair } from "./manual-merge.server.ts";
import { LISTING_LINKS } from "./merge.server.ts";
import { previewMerge, type FieldChange } from "../merge-preview.ts";
import type { ListingRow } from "../merge-rules.ts";
import { orderedPair } from "./queued-pair.server.ts";

/** At most this many pairs in one confirmation (a page of the queue). */
export const MAX_PAIRS = 100;

type Admin = { id: string };
type Secret = () => string;
const serverSecret: Secret = () => authSecret(getEnv());

/**
 * Signed over every column of both rows as they were shown, not their updated_at: not every writer moves that
 * (an import's or a script's update may not), and a confirmation must not outlive any change to what it showed.
 */
function tokenFor(secret: string, admin: Admin, survivor: ListingRow, other: ListingRow): string {
  const shown = createHash("sha256")
    .update(JSON.stringify([survivor, other]))
    .digest("base64url");
  return hmac(secret, `merge-confirm|${admin.id}|${survivor.id}|${other.id}|${shown}`);
}

export interface ConfirmedPair {
  survivorId: string;
  mergedId: string;
  token: string;
}

/** The form value that carries one confirmed pair: "survivor.merged.token" (ids are uuids, tokens base64url). */
const confirmedValue = (pair: ConfirmedPair) => `${pair.survivorId}.${pair.mergedId}.${pair.token}`;
export function parseConfirmed(value: string): ConfirmedPair | null {
  const match = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/i.exec(value);
  return match ? { survivorId: match[1]!, mergedId: match[2]!, token: match[3]! } : null;
}

/** The reference lists a listing points into, by the field that points: ids are shown by name. */
const REFERENCE_TABLES: Record<string, string> = {
  industryIds: "industries",
  countryIds: "countries",
  geographyIds: "geographies",
  personaIds: "target_personas",
  fundingStageId: "funding_stages",
  businessModelId: "business_models",
  revenueRangeId: "revenue_ranges",
};

async function referenceNames(database: Database): Promise<Record<string, Map<number, string>>> {
  const entries = await Promise.all(
    Object.entries(REFERENCE_TABLES).map(async ([field, table]) => {
      const rows = await database.rows<{ id: number; name: string }>(sql`SELECT id, name FROM ${sql.identifier(table)}`);
      return [field, new Map(rows.map((r) => [r.id, r.name]))] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** A value as the confirmation prints it: references by name, lists joined, dates in UTC, nothing as null. */
function shown(value: unknown, names: Map<number, string> | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (Array.isArray(value)) return value.length ? value.map((v) => names?.get(v as number) ?? String(v)).join(", ") : null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" && names) return names.get(value) ?? String(value);
  return String(value);
}

async function linkedRowCounts(database: Database, id: string): Promise<Record<string, number>> {
  const links: Record<string, number> = {};
  for (const [table, column] of LISTING_LINKS) {
    const [row] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}`,
    );
    if (row?.n) links[`${table}.${column}`] = row.n;
  }
  return links;
}

/** Which listing survives: the operator's choice, else the one created first (as every merge path decides). */
function survivorFirst(rows: ListingRow[], keep: string | undefined): [ListingRow, ListingRow] {
  const sorted = [...rows].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
  if (keep !== undefined && sorted[0]!.id !== keep) sorted.reverse();
  return [sorted[0]!, sorted[1]!];
}

export type PairConfirmation = Awaited<ReturnType<typeof confirmPair>>;

async function confirmPair(
  database: Database,
  ids: readonly [string, string],
  {
    admin,
    keep,
    names,
    secret,
    now,
  }: { admin: Admin; keep?: string; names: Record<string, Map<number, string>>; secret: string; now: Date },
) {
  const rows = await database.db
    .select()
    .from(listings)
    .where(inArray(listings.id, [...ids]));
  if (rows.length !== 2) notFound("One of these listings no longer exists.");
  const [survivor, other] = survivorFirst(rows, keep);
  const merged = rows.find((r) => r.processingStatus === "merged");
  if (merged) throw new AppError("conflict", `${merged.name} was already merged into another listing.`);
  const [listingA, listingB] = orderedPair(ids[0], ids[1]);
  const [review] = await database.db
    .select({ id: duplicateReviews.id, score: duplicateReviews.score, reasons: duplicateReviews.reasons })
    .from(duplicateReviews)
    .where(and(eq(duplicateReviews.listingA, listingA), eq(duplicateReviews.listingB, listingB)))
    .limit(1);
  // A pair nobody queued (a dry run's review item) is scored now, so the operator still sees the evidence.
  const scored = review ? { score: review.score, reasons: review.reasons } : await scorePairOf(database, ids[0], ids[1]);
  const preview = previewMerge(survivor, other, now);
  const changes: Array<FieldChange<string | null>> = preview.changes.map((c) => {
    const n = names[c.field];
    return { ...c, survivor: shown(c.survivor, n), other: shown(c.other, n), result: shown(c.result, n), lost: shown(c.lost, n) };
  });
  const card = (l: ListingRow) => ({ id: l.id, name: l.name, type: l.type, slug: l.slug, createdAt: l.createdAt.toISOString() });
  return {
    reviewId: review?.id ?? null,
    score: scored?.score ?? null,
    reasons: scored?.reasons ?? [],
    survivor: card(survivor),
    other: card(other),
    changes,
    same: preview.same,
    moving: await linkedRowCounts(database, other.id),
    confirmed: confirmedValue({ survivorId: survivor.id, mergedId: other.id, token: tokenFor(secret, admin, survivor, other) }),
  };
}

/** The confirmation of one or more pairs, for the confirmation page and dialog. */
export async function confirmMerges(
  database: Database,
  pairs: ReadonlyArray<readonly [string, string]>,
  { admin, keep, secret = serverSecret, now = new Date() }: { admin: Admin; keep?: string; secret?: Secret; now?: Date },
) {
  if (!pairs.length) throw new AppError("bad_request", "Choose at least one pair to merge.");
  if (pairs.length > MAX_PAIRS) throw new AppError("bad_request", `Choose at most ${MAX_PAIRS} pairs at a time.`);
  const names = await referenceNames(database);
  const key = secret();
  const answers: Array<{ pair: PairConfirmation } | { ids: readonly [string, string]; error: string }> = [];
  for (const ids of pairs) {
    try {
      answers.push({
        pair: await confirmPair(database, ids, { admin, keep: pairs.length === 1 ? keep : undefined, names, secret: key, now }),
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      answers.push({ ids, error: error.message });
    }
  }
  return answers;
}

export interface MergeReport {
  merged: Array<{ mergeId: string; survivor: string; merged: string }>;
  failed: Array<{ names: string; error: string }>;
}

/**
 * Merges the confirmed pairs one by one (each its own transaction, so one refusal does not undo the others) and
 * says what really happened. A pair whose token is missing, forged, another admin's, or for listings changed since
 * the confirmation was shown is refused and not merged.
 */
export async function mergeConfirmed(
  database: Database,
  confirmed: readonly ConfirmedPair[],
  { admin, secret = serverSecret }: { admin: Admin; secret?: Secret },
): Promise<MergeReport> {
  const report: MergeReport = { merged: [], failed: [] };
  const key = secret();
  for (const pair of confirmed) {
    const rows = await database.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [pair.survivorId, pair.mergedId]));
    const survivor = rows.find((r) => r.id === pair.survivorId);
    const other = rows.find((r) => r.id === pair.mergedId);
    const names = survivor && other ? `${other.name} into ${survivor.name}` : "A pair";
    if (!survivor || !other || pair.survivorId === pair.mergedId) {
      report.failed.push({ names, error: "One of these listings no longer exists." });
      continue;
    }
    if (!sameSignature(pair.token, tokenFor(key, admin, survivor, other))) {
      report.failed.push({ names, error: "Not confirmed, or a listing changed since the confirmation: review the pair again." });
      continue;
    }
    const [listingA, listingB] = orderedPair(survivor.id, other.id);
    const [review] = await database.db
      .select({ score: duplicateReviews.score, reasons: duplicateReviews.reasons })
      .from(duplicateReviews)
      .where(and(eq(duplicateReviews.listingA, listingA), eq(duplicateReviews.listingB, listingB)))
      .limit(1);
    try {
      const { merge } = await mergePair(database, [survivor.id, other.id], {
        admin,
        dryRun: false,
        survivorId: survivor.id,
        score: review?.score ?? undefined,
        reasons: review?.reasons,
      });
      report.merged.push({ mergeId: merge!.mergeId, survivor: survivor.name, merged: other.name });
    } catch (error) {
      // Each merge is its own transaction: a failure leaves this pair as it was and the ones before it merged, so
      // the report must still say so rather than turn into an error page.
      if (!(error instanceof AppError) || error.status >= 500) logger.error({ err: error, pair }, "a confirmed merge failed");
      report.failed.push({
        names,
        error: error instanceof AppError && error.status < 500 ? error.message : "The merge failed on our side; this pair was not changed.",
      });
    }
  }
  return report;
}

/**
 * The merge confirmation page's content (decision 0091): the pairs named by queued review items (`reviewIds`, the
 * queue's checkboxes) and by listing ids (`pairs`, a dry run's review item), confirmed; `keep` is the survivor of a
 * single pair. Nothing named is a notice on the page, not an error.
 */
export async function confirmSelectedMerges(
  database: Database,
  { reviewIds, pairs, admin, keep }: { reviewIds: string[]; pairs: ReadonlyArray<readonly [string, string]>; admin: Admin; keep?: string },
) {
  const queued = reviewIds.length
    ? await database.db
        .select({ a: duplicateReviews.listingA, b: duplicateReviews.listingB })
        .from(duplicateReviews)
        .where(inArray(duplicateReviews.id, reviewIds))
    : [];
  const all = [...queued.map((q) => [q.a, q.b] as const), ...pairs];
  if (!all.length) return { items: [], notice: "Nothing is selected: tick the pairs to merge in the review queue." };
  return { items: await confirmMerges(database, all, { admin, keep }), notice: null };
}
