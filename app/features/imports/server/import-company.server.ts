/**
 * Writing one processed provider company into the directory (issue 7 §3, spec 02 §4, §7-9), in one transaction:
 * the same external record finds its listing again (unchanged → skipped); otherwise the duplicate matcher decides:
 * above 0.95 the company is merged into the existing listing, from 0.85 to 0.95 it is created and the pair queued
 * for review, below it is created. Batches go through import-batch.server.ts, which writes a page in a few
 * statements and comes here for the companies it cannot: a failing page, one company at a time, isolates the
 * failing company (spec 02 §8). Choices are in docs/decisions/0027-import-push.md.
 */
import { and, eq } from "drizzle-orm";
import { listingSources } from "#db/schema/imports.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit, type AuditEntry } from "~/features/audit/audit-log.server.ts";
import { freeSlug } from "~/features/catalog/free-slugs.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { recordFieldWrite } from "~/features/catalog/field-provenance.server.ts";
import { holdOwnerValues } from "~/features/catalog/owner-held-values.server.ts";
import { AUTO_MERGE_AT, REVIEW_AT } from "~/features/duplicates/matching/match-score.ts";
import { mergeListings, type ListingRow } from "~/features/duplicates/merge-rules.ts";
import { queueForReview } from "~/features/duplicates/server/review-queue.server.ts";
import { execRows, type Database, type Db } from "~/lib/db.server.ts";
import { addRoundAndInvestors, addTeamMembers, industryIdsFor, recomputeFundingSummary, type Tx } from "./import-details.server.ts";
import { ImportSnapshot, type ImportMatch } from "./import-match.server.ts";
import { IMPORT_DATA_SOURCE, stableHash, type ImportedCompany, type ImportedListing } from "../provider/map-provider-record.ts";
import { importFieldWrite } from "../import-provenance.ts";
import { IMPORT_QUALITY_SCORE } from "../processing-rules.ts";

export type ImportOutcome = "created" | "merged" | "updated" | "skipped" | "created_for_review";

export interface ImportOptions {
  /** The listing_sources source: "provider", or "spreadsheet:{baseId}". */
  source: string;
  now: Date;
  actor?: { id: string } | null;
  /** The live listings to match against, loaded once per import and kept up to date by it; loaded when absent. */
  snapshot?: ImportSnapshot;
}

export interface ImportResult {
  outcome: ImportOutcome;
  listingId: string;
  score?: number;
  reasons?: string[];
  /** How many values the company submitted were kept, the incoming ones sent to review (decision 0115). */
  heldForReview?: number;
}

/**
 * The record as imported, without the sync times (they change on every run): an unchanged provider record hashes
 * the same, so a re-run skips it.
 */
export function contentHash(company: ImportedCompany): string {
  const listing = { ...company.listing, lastCompanyEnrichment: null, dataLastSynced: null };
  return stableHash(JSON.stringify({ ...company, listing }));
}

/** The sync times of a listing an import writes: the write's own time (a mapped company carries no Date). */
export const syncedAt = (now: Date) => ({ lastCompanyEnrichment: now, dataLastSynced: now });

/** The database seen through a transaction, for helpers that take a Database. */
export function inTransaction(database: Database, tx: Tx): Database {
  return { ...database, db: tx as unknown as Db, rows: (query) => execRows(tx, query) };
}

/** The listing a source row points at, following merges (a merge moves source rows, but an old row may remain). */
async function sourcedListing(tx: Tx, source: string, externalId: string) {
  const [row] = await tx
    .select({ listingId: listingSources.listingId, contentHash: listingSources.contentHash })
    .from(listingSources)
    .where(and(eq(listingSources.source, source), eq(listingSources.externalId, externalId)))
    .limit(1);
  if (!row) return null;
  let id: string = row.listingId;
  for (let hops = 0; hops < 10; hops++) {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, id)).for("update");
    if (!listing) return null;
    if (listing.processingStatus !== "merged" || !listing.mergedInto) return { listing, contentHash: row.contentHash };
    id = listing.mergedInto;
  }
  return null;
}

async function createListing(tx: Tx, company: ImportedCompany, industryIds: number[], now: Date): Promise<string> {
  const [created] = await tx
    .insert(listings)
    .values({
      ...company.listing,
      ...syncedAt(now),
      type: "startup",
      processingStatus: "published",
      lotDataQualityScore: IMPORT_QUALITY_SCORE,
      slug: await freeSlug(tx, company.listing.name),
      industryIds,
      // Worked out now, so a later company of the same batch finds this listing without another refresh.
      ...matchColumns(company.listing),
    })
    .returning({ id: listings.id });
  return created!.id;
}

/** The incoming company as a listing row, for the merge rules: what the import does not set is empty. */
function incomingRow(existing: ListingRow, company: ImportedCompany, industryIds: number[], now: Date): ListingRow {
  const blank = Object.fromEntries(Object.keys(existing).map((k) => [k, null]));
  return {
    ...blank,
    geographyIds: [],
    countryIds: [],
    personaIds: [],
    featured: false,
    noindex: false,
    fieldVisibility: {},
    ...company.listing,
    ...syncedAt(now),
    industryIds,
    id: existing.id,
    createdAt: now,
    updatedAt: now,
  } as unknown as ListingRow;
}

/**
 * The spec's merge rules with the incoming values as the fresher record (its sync time is now, whatever the
 * existing listing's clock says). Name, processing status, created time and id stay the listing's. A merge raises
 * the quality score to max(existing, new, 5); an update of the import's own listing keeps max(existing, new).
 */
export async function mergeInto(
  tx: Tx,
  existing: ListingRow,
  company: ImportedCompany,
  industryIds: number[],
  now: Date,
  isMerge: boolean,
) {
  const older = { ...existing, dataLastSynced: new Date(0), updatedAt: new Date(0) };
  const outcome = mergeListings(older, incomingRow(existing, company, industryIds, now), now);
  const update: Partial<ListingRow> = { ...outcome.update };
  if (!isMerge) {
    const quality = Math.max(existing.lotDataQualityScore ?? 0, IMPORT_QUALITY_SCORE);
    if (quality === existing.lotDataQualityScore) delete update.lotDataQualityScore;
    else update.lotDataQualityScore = quality;
  }
  // A value the company submitted stays; the incoming one waits for an operator (decision 0115).
  const heldForReview = await holdOwnerValues(tx, {
    listingId: existing.id,
    update: update as Record<string, unknown>,
    stored: existing as unknown as Record<string, unknown>,
    origin: "import",
    note: `Import of ${company.listing.name} (${company.externalId})`,
    at: now,
  });
  const mergedFields = Object.keys(update).filter((f) => f !== "updatedAt" && f !== "dataLastSynced" && f !== "lastCompanyEnrichment");
  await tx.update(listings).set(update).where(eq(listings.id, existing.id));
  // The database trigger empties the match columns when a URL changes under the same name: set them again.
  const website = update.websiteUrl !== undefined ? update.websiteUrl : existing.websiteUrl;
  const linkedin = update.linkedinUrl !== undefined ? update.linkedinUrl : existing.linkedinUrl;
  if (update.websiteUrl !== undefined || update.linkedinUrl !== undefined)
    await tx
      .update(listings)
      .set(matchColumns({ name: existing.name, websiteUrl: website, linkedinUrl: linkedin }))
      .where(eq(listings.id, existing.id));
  return { mergedFields, heldForReview, listing: { ...existing, websiteUrl: website, linkedinUrl: linkedin } };
}

const reasonText = (match: ImportMatch | null) => (match ? match.reasons.join("; ") : null);

/** What an import did to one company, for its audit entry (the same from the one-by-one and the batch path). */
export interface ImportedChanges {
  outcome: Exclude<ImportOutcome, "skipped">;
  listingId: string;
  match: ImportMatch | null;
  mergedFields: string[];
  /** Fields the company submitted that the import would have changed: kept, the incoming values sent to review. */
  heldForReview?: string[];
  teamAdded: number;
  roundAdded: boolean;
  relationshipsAdded: number;
}

const recordedRound = ({ roundType, amount, currency, fundingDate }: NonNullable<ImportedCompany["fundingRound"]>) => ({
  roundType,
  amount,
  currency,
  fundingDate,
});

export function importAuditEntry(company: ImportedCompany, changes: ImportedChanges, actorId: string | null): AuditEntry {
  const { outcome, listingId, match } = changes;
  const details = {
    externalId: company.externalId,
    similarity: match?.score ?? null,
    matchReason: outcome === "updated" ? "same external record" : reasonText(match),
    existingRecordId: outcome === "created" ? null : outcome === "created_for_review" ? match!.listingId : listingId,
    mergedFields: changes.mergedFields,
    ...(changes.heldForReview?.length ? { heldForReview: changes.heldForReview } : {}),
    teamAdded: changes.teamAdded,
    roundAdded: changes.roundAdded,
    relationshipsAdded: changes.relationshipsAdded,
    // The round itself, as the editor's entries record new rounds: the follows digest tells it to followers.
    newRounds: changes.roundAdded && company.fundingRound ? [recordedRound(company.fundingRound)] : [],
  };
  const base = { source: IMPORT_DATA_SOURCE, companyName: company.listing.name, actorId, recordId: listingId, details };
  if (outcome === "merged" || outcome === "updated") return { ...base, operation: "merge_operation", action: "merged" };
  return { ...base, operation: "duplicate_check", action: outcome === "created" ? "created" : "flagged_for_review" };
}

export function importResult({
  outcome,
  listingId,
  match,
  heldForReview,
}: Pick<ImportedChanges, "outcome" | "listingId" | "match" | "heldForReview">): ImportResult {
  const result: ImportResult = { outcome, listingId };
  if (heldForReview?.length) result.heldForReview = heldForReview.length;
  if (match) Object.assign(result, { score: match.score, reasons: match.reasons });
  return result;
}

/**
 * Keeps the snapshot in step with a committed write: a created listing is matched from now on; a merged one whose
 * website or LinkedIn page changed is matched by its new ones.
 */
export function refreshSnapshot(
  snapshot: ImportSnapshot,
  change: { created: boolean; listing: ListingRow | ImportedListing; id: string; mergedFields: string[] },
) {
  if (!change.created && !change.mergedFields.some((f) => f === "websiteUrl" || f === "linkedinUrl")) return;
  snapshot.remove(change.id);
  snapshot.add({
    id: change.id,
    name: change.listing.name,
    websiteUrl: change.listing.websiteUrl ?? null,
    linkedinUrl: change.listing.linkedinUrl ?? null,
  });
}

/** One company, in one transaction: found again, merged, created (perhaps for review), or skipped. */
export async function importCompany(database: Database, company: ImportedCompany, options: ImportOptions): Promise<ImportResult> {
  const hash = contentHash(company);
  const snapshot = options.snapshot ?? (await ImportSnapshot.load(database));
  const written = await database.db.transaction(async (tx) => {
    const known = await sourcedListing(tx, options.source, company.externalId);
    if (known && known.contentHash === hash) {
      // Unchanged: the values are confirmed, not changed (issue 19 §4).
      await recordFieldWrite(tx, known.listing.id, importFieldWrite(company, { outcome: "skipped" }, options.source, options.now));
      return { result: { outcome: "skipped", listingId: known.listing.id } as ImportResult };
    }

    let match: ImportMatch | null = null;
    let target: ListingRow | null = known?.listing ?? null;
    if (!target) {
      match = snapshot.match(company.listing);
      // Above 0.95 (not at it) and only when the matcher allows an automatic merge (not a short or numbered name).
      if (match && match.score > AUTO_MERGE_AT && match.autoMergeAllowed) {
        const [row] = await tx.select().from(listings).where(eq(listings.id, match.listingId)).for("update");
        target = row ?? null;
      }
    }

    const industryIds = await industryIdsFor(tx, company.industries);
    let listingId: string;
    let outcome: ImportedChanges["outcome"];
    let mergedFields: string[] = [];
    let heldForReview: string[] = [];
    const before = target;
    if (target) {
      outcome = known ? "updated" : "merged";
      listingId = target.id;
      const merged = await mergeInto(tx, target, company, industryIds, options.now, outcome === "merged");
      mergedFields = merged.mergedFields;
      heldForReview = merged.heldForReview;
      target = merged.listing;
    } else {
      listingId = await createListing(tx, company, industryIds, options.now);
      outcome = match && match.score >= REVIEW_AT ? "created_for_review" : "created";
      if (outcome === "created_for_review")
        await queueForReview(inTransaction(database, tx), "import", [
          { ids: [listingId, match!.listingId], score: match!.score, reasons: match!.reasons },
        ]);
    }

    const teamAdded = await addTeamMembers(tx, listingId, company.team);
    const { roundAdded, relationshipsAdded } = await addRoundAndInvestors(tx, listingId, company.fundingRound, company.investors);
    await tx
      .insert(listingSources)
      .values({ source: options.source, externalId: company.externalId, listingId, contentHash: hash, importedAt: options.now })
      .onConflictDoUpdate({
        target: [listingSources.source, listingSources.externalId],
        set: { listingId, contentHash: hash, importedAt: options.now },
      });
    await recomputeFundingSummary(tx, listingId);
    await recordFieldWrite(
      tx,
      listingId,
      importFieldWrite(company, { outcome, before, mergedFields, teamAdded, roundAdded }, options.source, options.now),
    );
    const changes = { outcome, listingId, match, mergedFields, heldForReview, teamAdded, roundAdded, relationshipsAdded };
    await recordAudit(tx, importAuditEntry(company, changes, options.actor?.id ?? null));
    return {
      result: importResult(changes),
      refresh: { created: !target, listing: target ?? company.listing, id: listingId, mergedFields },
    };
  });
  if (written.refresh) refreshSnapshot(snapshot, written.refresh);
  return written.result;
}
