/**
 * Writing a batch of processed companies (a provider page) in one transaction and a dozen statements, whatever its
 * size (issue 7 performance: one transaction and fifteen statements per company held an import to about ten
 * companies a second). The decisions are the one-by-one path's (import-company.server.ts): the same external record
 * is found again or skipped, the matcher merges above 0.95, queues 0.85-0.95 for review, creates the rest. A company
 * whose outcome depends on another of the same batch (merged into a listing the batch creates or already merges
 * into, or its record twice) waits for the batch and goes one by one; so does every company of a batch whose write
 * fails, which isolates the failing one (spec 02 §8) while the others are imported.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { listingSources } from "#db/schema/imports.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit, type AuditEntry } from "~/features/audit/audit-log.server.ts";
import { freeSlugs } from "~/features/catalog/free-slugs.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { AUTO_MERGE_AT, REVIEW_AT } from "~/features/duplicates/matching/match-score.ts";
import type { ListingRow } from "~/features/duplicates/merge-rules.ts";
import { queueForReview } from "~/features/duplicates/server/review-queue.server.ts";
import { recordFieldWrites } from "~/features/catalog/field-provenance.server.ts";
import { currentAuditRun, withAuditRun } from "~/lib/audit-run.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { failureReason } from "~/lib/errors.ts";
import {
  contentHash,
  importAuditEntry,
  importCompany,
  importResult,
  inTransaction,
  mergeInto,
  refreshSnapshot,
  syncedAt,
  type ImportedChanges,
  type ImportOptions,
  type ImportOutcome,
  type ImportResult,
} from "./import-company.server.ts";
import { addBatchDetails, recomputeFundingSummaries } from "./import-batch-details.server.ts";
import { industryIdsFor, type Tx } from "./import-details.server.ts";
import { ImportSnapshot, type ImportMatch } from "./import-match.server.ts";
import type { ImportedCompany } from "../provider/map-provider-record.ts";
import { importFieldWrite } from "../import-provenance.ts";
import { IMPORT_QUALITY_SCORE } from "../processing-rules.ts";

/** Companies written per transaction: a provider page at most. */
const BATCH_SIZE = 100;

export interface ImportBatchResult {
  counters: {
    processed: number;
    created: number;
    merged: number;
    updated: number;
    skipped: number;
    review: number;
    errors: number;
    /** Listings whose company-submitted values were kept, the incoming ones sent to review (decision 0115). */
    heldForReview: number;
  };
  results: Array<ImportResult & { externalId: string }>;
  /** The companies that failed, each with its error; the others were imported. */
  failures: Array<{ externalId: string; name: string; error: string }>;
}

const COUNTER: Record<ImportOutcome, keyof ImportBatchResult["counters"]> = {
  created: "created",
  merged: "merged",
  updated: "updated",
  skipped: "skipped",
  created_for_review: "review",
};

interface Planned {
  company: ImportedCompany;
  hash: string;
  outcome: ImportedChanges["outcome"];
  listingId: string;
  match: ImportMatch | null;
  /** The listing merged into or updated (loaded in the transaction); null for a new listing. */
  target: ListingRow | null;
  /** The target as it was before the import wrote it, for the field provenance. */
  before?: ListingRow | null;
  mergedFields: string[];
  heldForReview?: string[];
  teamAdded: number;
  roundAdded: boolean;
  relationshipsAdded: number;
}

/** The listings source rows point at, following merges (a merge moves source rows, but an old row may remain). */
async function sourcedListings(tx: Tx, ids: string[]): Promise<Map<string, ListingRow>> {
  const found = new Map<string, ListingRow>();
  let pending = new Map(ids.map((id) => [id, id]));
  for (let hops = 0; hops < 10 && pending.size; hops++) {
    const rows = await tx
      .select()
      .from(listings)
      .where(inArray(listings.id, [...new Set(pending.values())]))
      .for("update");
    const byId = new Map(rows.map((r) => [r.id, r]));
    const next = new Map<string, string>();
    for (const [origin, id] of pending) {
      const row = byId.get(id);
      if (!row) continue;
      if (row.processingStatus === "merged" && row.mergedInto) next.set(origin, row.mergedInto);
      else found.set(origin, row);
    }
    pending = next;
  }
  return found;
}

/** Decides each company's outcome against the snapshot; companies that depend on another of the batch wait. */
function plan(
  batch: readonly ImportedCompany[],
  known: Map<string, { listingId: string; contentHash: string | null }>,
  found: Map<string, ListingRow>,
  snapshot: ImportSnapshot,
) {
  const planned: Planned[] = [];
  const skipped: Array<ImportResult & { externalId: string; company: ImportedCompany }> = [];
  const deferred: ImportedCompany[] = [];
  const seen = new Set<string>();
  const touched = new Set<string>();
  const created = new Set<string>();
  for (const company of batch) {
    const hash = contentHash(company);
    const blank = { company, hash, mergedFields: [], teamAdded: 0, roundAdded: false, relationshipsAdded: 0 };
    if (seen.has(company.externalId)) {
      deferred.push(company);
      continue;
    }
    seen.add(company.externalId);
    const source = known.get(company.externalId);
    const sourced = source ? found.get(source.listingId) : undefined;
    if (sourced && source!.contentHash === hash) {
      skipped.push({ outcome: "skipped", listingId: sourced.id, externalId: company.externalId, company });
      continue;
    }
    if (sourced) {
      if (touched.has(sourced.id)) deferred.push(company);
      else planned.push({ ...blank, outcome: "updated", listingId: sourced.id, match: null, target: sourced });
      touched.add(sourced.id);
      continue;
    }
    const match = snapshot.match(company.listing);
    if (match && match.score > AUTO_MERGE_AT && match.autoMergeAllowed) {
      if (touched.has(match.listingId) || created.has(match.listingId)) deferred.push(company);
      else planned.push({ ...blank, outcome: "merged", listingId: match.listingId, match, target: null });
      touched.add(match.listingId);
      continue;
    }
    // A new listing: matched by the rest of the batch from now on (forgotten again if the batch fails).
    const id = randomUUID();
    created.add(id);
    snapshot.add({ id, name: company.listing.name, websiteUrl: company.listing.websiteUrl, linkedinUrl: company.listing.linkedinUrl });
    const outcome = match && match.score >= REVIEW_AT ? "created_for_review" : "created";
    planned.push({ ...blank, outcome, listingId: id, match, target: null });
  }
  return { planned, skipped, deferred, created };
}

/** One batch in one transaction; returns what it did and the companies left for the one-by-one path. */
async function writeBatch(database: Database, batch: readonly ImportedCompany[], options: ImportOptions & { snapshot: ImportSnapshot }) {
  const { snapshot, source, now } = options;
  let created = new Set<string>();
  // Industry records by the company's keys: the job's cache, and what this batch adds to it once committed.
  const industryIds = new Map(snapshot.industryIds);
  try {
    const outcome = await database.db.transaction(async (tx) => {
      const ids = [...new Set(batch.map((c) => c.externalId))];
      const sources = await tx
        .select({ externalId: listingSources.externalId, listingId: listingSources.listingId, contentHash: listingSources.contentHash })
        .from(listingSources)
        .where(and(eq(listingSources.source, source), inArray(listingSources.externalId, ids)));
      const known = new Map(sources.map((s) => [s.externalId, s]));
      const found = sources.length ? await sourcedListings(tx, [...new Set(sources.map((s) => s.listingId))]) : new Map();
      const decided = plan(batch, known, found, snapshot);
      created = decided.created;
      let { planned } = decided;

      const mergeIds = planned.filter((p) => p.outcome === "merged").map((p) => p.listingId);
      const targets = mergeIds.length ? await tx.select().from(listings).where(inArray(listings.id, mergeIds)).for("update") : [];
      const byId = new Map(targets.map((t) => [t.id, t]));
      for (const p of planned) if (p.outcome === "merged") p.target = byId.get(p.listingId) ?? null;
      // A listing gone since the snapshot was taken: that company goes one by one, and is created there.
      const gone = planned.filter((p) => p.outcome === "merged" && !p.target);
      planned = planned.filter((p) => !gone.includes(p));

      for (const p of planned) {
        const keys = p.company.industries.map((i) => i.key).join(",");
        if (!industryIds.has(keys)) industryIds.set(keys, await industryIdsFor(tx, p.company.industries));
      }
      const industriesOf = (p: Planned) => industryIds.get(p.company.industries.map((i) => i.key).join(","))!;
      for (const p of planned.filter((p) => p.target)) {
        p.before = p.target;
        const merged = await mergeInto(tx, p.target!, p.company, industriesOf(p), now, p.outcome === "merged");
        p.mergedFields = merged.mergedFields;
        p.heldForReview = merged.heldForReview;
        p.target = merged.listing;
      }

      const fresh = planned.filter((p) => !p.target);
      if (fresh.length) {
        const slugs = await freeSlugs(
          tx,
          fresh.map((p) => p.company.listing.name),
        );
        await tx.insert(listings).values(
          fresh.map((p, i) => ({
            ...p.company.listing,
            ...syncedAt(now),
            id: p.listingId,
            type: "startup" as const,
            processingStatus: "published",
            lotDataQualityScore: IMPORT_QUALITY_SCORE,
            slug: slugs[i]!,
            industryIds: industriesOf(p),
            ...matchColumns(p.company.listing),
          })),
        );
      }
      await addBatchDetails(tx, planned, (name) => snapshot.investorId(name));
      if (planned.length)
        await tx
          .insert(listingSources)
          .values(
            planned.map((p) => ({
              source,
              externalId: p.company.externalId,
              listingId: p.listingId,
              contentHash: p.hash,
              importedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [listingSources.source, listingSources.externalId],
            set: { listingId: sql`excluded.listing_id`, contentHash: sql`excluded.content_hash`, importedAt: sql`excluded.imported_at` },
          });
      await recomputeFundingSummaries(
        tx,
        planned.filter((p) => p.company.fundingRound || p.target).map((p) => p.listingId),
      );
      // Field provenance: what each company set, and what a record found unchanged confirmed (issue 19 §4).
      await recordFieldWrites(tx, [
        ...decided.skipped.map((s) => ({
          listingId: s.listingId,
          write: importFieldWrite(s.company, { outcome: "skipped" }, source, now),
        })),
        ...planned.map((p) => ({ listingId: p.listingId, write: importFieldWrite(p.company, p, source, now) })),
      ]);
      const review = planned.filter((p) => p.outcome === "created_for_review");
      await queueForReview(
        inTransaction(database, tx),
        "import",
        review.map((p) => ({ ids: [p.listingId, p.match!.listingId] as const, score: p.match!.score, reasons: p.match!.reasons })),
      );
      const entries: AuditEntry[] = planned.map((p) => importAuditEntry(p.company, p, options.actor?.id ?? null));
      await recordAudit(tx, entries);
      return { ...decided, planned, deferred: [...decided.deferred, ...gone.map((p) => p.company)] };
    });
    for (const [keys, ids] of industryIds) snapshot.industryIds.set(keys, ids);
    for (const p of outcome.planned)
      if (p.target) refreshSnapshot(snapshot, { created: false, listing: p.target, id: p.listingId, mergedFields: p.mergedFields });
    return outcome;
  } catch (error) {
    for (const id of created) snapshot.remove(id);
    throw error;
  }
}

/**
 * A list of companies, in batches: each batch written at once where it can be, a failing company logged and the rest
 * imported (spec 02 §8), the directory's caches dropped once at the end.
 */
export async function importCompanies(
  database: Database,
  companies: readonly ImportedCompany[],
  options: ImportOptions,
): Promise<ImportBatchResult> {
  // Outside a job (the debugger's push) the import is a run of its own, one row in the audit views (decision 0093).
  if (!currentAuditRun()) {
    const run = { id: randomUUID(), kind: "import", startedBy: options.actor?.id ?? null };
    return withAuditRun(run, () => importCompanies(database, companies, options));
  }
  const result: ImportBatchResult = {
    counters: { processed: 0, created: 0, merged: 0, updated: 0, skipped: 0, review: 0, errors: 0, heldForReview: 0 },
    results: [],
    failures: [],
  };
  // A caller without a snapshot (the debugger's push) borrows the last import's while the directory is unchanged.
  const snapshot = options.snapshot ?? (await ImportSnapshot.forImport(database));
  const settings = { ...options, snapshot };
  const record = (externalId: string, outcome: ImportResult) => {
    result.counters[COUNTER[outcome.outcome]] += 1;
    if (outcome.heldForReview) result.counters.heldForReview += 1;
    result.results.push({ ...outcome, externalId });
  };
  for (let start = 0; start < companies.length; start += BATCH_SIZE) {
    const batch = companies.slice(start, start + BATCH_SIZE);
    result.counters.processed += batch.length;
    let oneByOne: readonly ImportedCompany[];
    try {
      const written = await writeBatch(database, batch, settings);
      for (const skipped of written.skipped) record(skipped.externalId, { outcome: skipped.outcome, listingId: skipped.listingId });
      for (const p of written.planned) record(p.company.externalId, importResult(p));
      oneByOne = written.deferred;
    } catch {
      // Something in the batch could not be written: one by one, so only the company at fault fails.
      oneByOne = batch;
    }
    for (const company of oneByOne) {
      try {
        record(company.externalId, await importCompany(database, company, settings));
      } catch (error) {
        result.counters.errors += 1;
        result.failures.push({
          externalId: company.externalId,
          name: company.listing.name,
          error: failureReason(error),
        });
      }
    }
  }
  if (result.counters.created + result.counters.merged + result.counters.updated + result.counters.review > 0)
    await announceChange(database, "listings");
  // After the announcement, which drops kept snapshots: this one is as the listings now are.
  if (!options.snapshot) await snapshot.keepFor(database);
  return result;
}
