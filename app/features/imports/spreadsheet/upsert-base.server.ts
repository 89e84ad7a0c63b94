/**
 * A read spreadsheet base written into the directory, idempotently (issue 7 §7; decision 0029). References first
 * (kept or added, by name), then companies keyed by (source "spreadsheet:{baseId}", record id) in listing_sources:
 * an unchanged content hash is skipped, a changed one updates its listing, a new one creates a listing. Funding
 * rounds and investor relationships follow, linked through the listings just found. Writes go in batches, each record
 * in a savepoint: a failing record is logged with its id and reason and the rest go on. The directory's caches are
 * dropped once at the end.
 */
import { and, eq, sql } from "drizzle-orm";
import { listingSources } from "#db/schema/imports.ts";
import { faqs, fundingRounds, howItWorksSteps, keyUseCases, teamMembers } from "#db/schema/listing-details.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { freeSlug } from "~/features/catalog/free-slugs.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { holdOwnerValues } from "~/features/catalog/owner-held-values.server.ts";
import { recordFieldWrite } from "~/features/catalog/field-provenance.server.ts";
import { classifyWrite, type FieldWrite } from "~/features/catalog/field-provenance.ts";
import { FUNDING_SUMMARY_FIELDS } from "~/features/catalog/listing-types.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { recomputeFundingSummary, type Tx } from "../server/import-details.server.ts";
import { listingContent, type ListingContent } from "./listing-columns.ts";
import type { BaseRead, ImportedCompany } from "./read-base.server.ts";
import { upsertRelationship, upsertRound } from "./upsert-funding.server.ts";
import { nameKey, upsertReferences, type ReferenceIds } from "./upsert-references.server.ts";
import { inBatches, newCounters, type RecordFailure, type TableCounters, type UpsertLog } from "./upsert-support.server.ts";

const spreadsheetSource = (baseId: string) => `spreadsheet:${baseId}`;

export interface UpsertReport {
  tables: Record<string, TableCounters>;
  attachments: { stored: number; failed: number; skipped: number };
  failures: RecordFailure[];
  dropped: Array<{ table: string; externalId: string; reason: string }>;
  /** Per-record notes that did not stop the record (unknown reference names, a logo that is no image, ...). */
  warnings: Array<{ externalId: string; warning: string }>;
}

export interface UpsertOptions {
  baseId: string;
  now?: Date;
  actorId?: string | null;
  /** After each committed batch of companies. */
  onProgress?: (done: number, total: number, companies: TableCounters) => Promise<void>;
}

/** The content hash each record of this base was last imported with (null: imported but to be redone). */
export async function importedHashes(database: Database, baseId: string): Promise<Map<string, string | null>> {
  const rows = await database.db
    .select({ externalId: listingSources.externalId, contentHash: listingSources.contentHash })
    .from(listingSources)
    .where(eq(listingSources.source, spreadsheetSource(baseId)));
  return new Map(rows.map((r) => [r.externalId, r.contentHash]));
}

export async function upsertBase(database: Database, read: BaseRead, options: UpsertOptions): Promise<UpsertReport> {
  const now = options.now ?? new Date();
  const source = spreadsheetSource(options.baseId);
  const log: UpsertLog = { tables: {}, failures: [] };
  for (const [table, count] of Object.entries(read.counters.read)) log.tables[table] = newCounters(count);
  for (const drop of read.counters.dropped) (log.tables[drop.table] ??= newCounters()).dropped += 1;
  const warnings: UpsertReport["warnings"] = [];

  const refs = await upsertReferences(database, read, log);
  const idOf = (table: keyof ReferenceIds, name: string) => refs[table].get(nameKey(name));

  // Record id → our listing (and its name, for investor relationships), for every company of the base we hold.
  const listingOf = new Map<string, { id: string; name: string }>();
  const companies = log.tables.Companies!;
  await inBatches(
    database,
    read.companies.map((c) => ({ ...c, externalId: c.listing.externalId })),
    log,
    "Companies",
    async (tx, company) => {
      const content = listingContent(company.listing, idOf, now);
      const outcome = await upsertCompany(tx, company, content, { source, now, actorId: options.actorId ?? null });
      companies[outcome.outcome] += 1;
      if (outcome.held.length)
        warnings.push({
          externalId: company.listing.externalId,
          warning: `kept the company's own ${outcome.held.join(", ")}; the base's values wait in Listing changes`,
        });
      listingOf.set(company.listing.externalId, { id: outcome.listingId, name: company.listing.name });
      for (const warning of [...company.warnings, ...content.unknownNames.map((n) => `unknown reference value ${n}`)])
        warnings.push({ externalId: company.listing.externalId, warning });
      for (const link of company.unresolved)
        warnings.push({ externalId: company.listing.externalId, warning: `${link.field} links ${link.id}, which the base does not hold` });
    },
    (done) => options.onProgress?.(done, read.companies.length, companies) ?? Promise.resolve(),
  );
  // Companies skipped as unchanged are still linked to by rounds and relationships: find them all.
  for (const [externalId, listing] of await sourcedListings(database, source))
    if (!listingOf.has(externalId)) listingOf.set(externalId, listing);

  const roundIds = new Map<string, number>();
  const fundedListings = new Set<string>();
  await inBatches(database, read.fundingRounds, log, "FundingRounds", async (tx, round) => {
    const listing = listingOf.get(round.companyId);
    if (!listing) throw new Error(`its company ${round.companyId} was not imported`);
    const outcome = await upsertRound(tx, round, listing.id, source);
    const rounds = ["fundingRounds"];
    await recordFieldWrite(tx, listing.id, {
      ...sheetWrite(source, now),
      ...(outcome.outcome === "skipped" ? { changed: [], confirmed: rounds } : { changed: rounds }),
    });
    roundIds.set(round.externalId, outcome.id);
    log.tables.FundingRounds![outcome.outcome] += 1;
    if (outcome.outcome !== "skipped") fundedListings.add(listing.id);
  });
  await inBatches(
    database,
    [...fundedListings].map((id) => ({ externalId: id })),
    log,
    "FundingSummary",
    (tx, { externalId }) => recomputeFundingSummary(tx, externalId),
  );
  delete log.tables.FundingSummary;

  await inBatches(database, read.investorRelationships, log, "CompanyInvestorRelationships", async (tx, relation) => {
    const company = listingOf.get(relation.companyId);
    if (!company) throw new Error(`its company ${relation.companyId} was not imported`);
    const investor = relation.investorId ? listingOf.get(relation.investorId) : undefined;
    if (relation.investorId && !investor) throw new Error(`its investor ${relation.investorId} was not imported`);
    const roundId = relation.fundingRoundId ? (roundIds.get(relation.fundingRoundId) ?? null) : null;
    const outcome = await upsertRelationship(tx, relation, company.id, investor ?? null, roundId);
    log.tables.CompanyInvestorRelationships![outcome] += 1;
  });

  const written = Object.values(log.tables).some((t) => t.created + t.updated > 0);
  if (written) await announceChange(database, "listings");
  const { stored, failed, skipped } = read.counters.attachments;
  return {
    tables: log.tables,
    attachments: { stored, failed, skipped },
    failures: [
      ...log.failures,
      ...read.counters.attachments.failures.map((f) => ({ table: "Logo", externalId: f.externalId, reason: f.reason })),
    ],
    dropped: read.counters.dropped,
    warnings,
  };
}

async function sourcedListings(database: Database, source: string) {
  const rows = await database.rows<{ external_id: string; id: string; name: string }>(sql`
    SELECT s.external_id, l.id::text AS id, l.name FROM listing_sources s JOIN listings l ON l.id = s.listing_id
    WHERE s.source = ${source}`);
  return new Map(rows.map((r) => [r.external_id, { id: r.id, name: r.name }]));
}

/** The listing a record became, following merges (the survivor of a merge holds the record now). */
async function findSourced(tx: Tx, source: string, externalId: string) {
  const [row] = await tx
    .select({ listingId: listingSources.listingId, contentHash: listingSources.contentHash })
    .from(listingSources)
    .where(and(eq(listingSources.source, source), eq(listingSources.externalId, externalId)));
  let id = row?.listingId;
  for (let hops = 0; id && hops < 10; hops++) {
    const [listing] = await tx
      .select({
        id: listings.id,
        slug: listings.slug,
        status: listings.processingStatus,
        mergedInto: listings.mergedInto,
        logoUrl: listings.logoUrl,
      })
      .from(listings)
      .where(eq(listings.id, id))
      .for("update");
    if (!listing) return null;
    if (listing.status !== "merged" || !listing.mergedInto) return { listing, contentHash: row!.contentHash };
    id = listing.mergedInto;
  }
  return null;
}

/** The field provenance of a write from this base (decision 0068). */
const sheetWrite = (source: string, at: Date) => ({ source: "spreadsheet_import" as const, at, detail: source });

const CHILD_LISTS = { team: teamMembers, faqs, keyUseCases, howItWorks: howItWorksSteps } as const;

/** The listing's child lists as the base would write them (the same columns, in order), to tell a change from a confirmation. */
async function storedChildren(tx: Tx, listingId: string, content: ListingContent): Promise<Record<keyof typeof CHILD_LISTS, unknown[]>> {
  const result = {} as Record<keyof typeof CHILD_LISTS, unknown[]>;
  for (const [name, table] of Object.entries(CHILD_LISTS) as Array<
    [keyof typeof CHILD_LISTS, (typeof CHILD_LISTS)[keyof typeof CHILD_LISTS]]
  >) {
    const rows = (await tx.select().from(table).where(eq(table.listingId, listingId)).orderBy(table.position)) as Array<
      Record<string, unknown>
    >;
    const sample = name === "howItWorks" ? { text: null } : (content[name][0] ?? {});
    const keys = Object.keys(sample);
    result[name] = rows.map((row) => (name === "howItWorks" ? row.text : Object.fromEntries(keys.map((k) => [k, row[k] ?? null]))));
  }
  return result;
}

/** What a company record set and confirmed: its columns and lists against the listing as it was (null: new). */
function companyFieldWrite(
  before: Record<string, unknown> | null,
  values: Record<string, unknown>,
  content: ListingContent,
  source: string,
  now: Date,
  kept: ReadonlySet<string> = new Set(),
): FieldWrite {
  const all = { team: content.team, faqs: content.faqs, keyUseCases: content.keyUseCases, howItWorks: content.howItWorks };
  // A list the company submitted and the import left alone is neither set nor confirmed by it.
  const lists = Object.fromEntries(Object.entries(all).filter(([name]) => !kept.has(name)));
  return { ...sheetWrite(source, now), ...classifyWrite(before, { ...values, ...lists }) };
}

/**
 * The base's lists replace the listing's: the base is where this record is kept, except a list the company submitted
 * (`kept`), which stays (decision 0115).
 */
async function replaceChildren(tx: Tx, listingId: string, content: ListingContent, kept: ReadonlySet<string> = new Set()) {
  const at = <T extends object>(rows: T[]) => rows.map((row, position) => ({ ...row, listingId, position }));
  if (!kept.has("team")) {
    await tx.delete(teamMembers).where(eq(teamMembers.listingId, listingId));
    if (content.team.length) await tx.insert(teamMembers).values(at(content.team));
  }
  if (!kept.has("faqs")) {
    await tx.delete(faqs).where(eq(faqs.listingId, listingId));
    if (content.faqs.length) await tx.insert(faqs).values(at(content.faqs));
  }
  if (!kept.has("keyUseCases")) {
    await tx.delete(keyUseCases).where(eq(keyUseCases.listingId, listingId));
    if (content.keyUseCases.length) await tx.insert(keyUseCases).values(at(content.keyUseCases));
  }
  if (!kept.has("howItWorks")) {
    await tx.delete(howItWorksSteps).where(eq(howItWorksSteps.listingId, listingId));
    if (content.howItWorks.length) await tx.insert(howItWorksSteps).values(at(content.howItWorks.map((text) => ({ text }))));
  }
}

/** The values without what the rounds decide: the funding summary, and the stage (funding-stage.ts, decision 0092). */
function withoutFundingSummary<T extends Record<string, unknown>>(values: T): T {
  const kept = { ...values };
  for (const field of [...FUNDING_SUMMARY_FIELDS, "fundingStageId"]) delete kept[field];
  return kept;
}

async function upsertCompany(
  tx: Tx,
  company: ImportedCompany,
  content: ListingContent,
  { source, now, actorId }: { source: string; now: Date; actorId: string | null },
): Promise<{ outcome: "created" | "updated" | "skipped"; listingId: string; held: string[] }> {
  const { listing } = company;
  const known = await findSourced(tx, source, listing.externalId);
  if (known && known.contentHash === company.contentHash) {
    // Unchanged in the base: its values are confirmed, not changed (issue 19 §4).
    const supplied = companyFieldWrite(null, content.columns, content, source, now).changed;
    await recordFieldWrite(tx, known.listing.id, { ...sheetWrite(source, now), changed: [], confirmed: supplied });
    return { outcome: "skipped", listingId: known.listing.id, held: [] };
  }

  // A logo the base has but we could not fetch keeps the listing's current one; a logo the base dropped goes.
  const logoUrl = company.logoUrl ?? (listing.logo ? (known?.listing.logoUrl ?? null) : null);
  const values = { ...content.columns, logoUrl, ...matchColumns(listing) };
  let listingId: string;
  let write: FieldWrite;
  let held: string[] = [];
  let kept = new Set<string>();
  if (known) {
    listingId = known.listing.id;
    const [row] = await tx.select().from(listings).where(eq(listings.id, listingId));
    // A listing with rounds has its funding summary worked out from them (recomputeFundingSummary, decision 0025):
    // writing the sheet's summary over it flipped the totals on every update whose rounds had not changed (and told
    // followers and the provenance record that they had).
    const [rounds] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fundingRounds)
      .where(eq(fundingRounds.listingId, listingId));
    const update: Record<string, unknown> = rounds?.n ? withoutFundingSummary(values) : { ...values };
    const stored = { ...row, ...(await storedChildren(tx, listingId, content)) };
    // What the company submitted stays; the base's differing values wait for an operator (decision 0115).
    const incoming = {
      ...update,
      team: content.team,
      faqs: content.faqs,
      keyUseCases: content.keyUseCases,
      howItWorks: content.howItWorks,
    };
    held = await holdOwnerValues(tx, {
      listingId,
      update: incoming,
      stored,
      origin: "import",
      note: `Spreadsheet import (${source})`,
      at: now,
    });
    kept = new Set(["team", "faqs", "keyUseCases", "howItWorks", ...Object.keys(update)].filter((f) => !(f in incoming)));
    for (const field of kept) delete update[field];
    // The duplicate matcher reads the addresses the listing keeps, not the ones held back.
    if (kept.has("websiteUrl") || kept.has("linkedinUrl"))
      Object.assign(
        update,
        matchColumns({ name: String(update.name ?? row!.name), websiteUrl: row!.websiteUrl, linkedinUrl: row!.linkedinUrl }),
      );
    write = companyFieldWrite(stored, update, content, source, now, kept);
    await tx.update(listings).set(update).where(eq(listings.id, listingId));
  } else {
    const [created] = await tx
      .insert(listings)
      .values({ ...values, slug: await freeSlug(tx, listing.name), processingStatus: "published", createdAt: now })
      .returning({ id: listings.id });
    listingId = created!.id;
    write = companyFieldWrite(null, values, content, source, now);
  }
  await replaceChildren(tx, listingId, content, kept);
  await recordFieldWrite(tx, listingId, write);
  // A logo that failed leaves no hash: the next run treats the record as changed and tries the logo again.
  const contentHash = listing.logo && !company.logoUrl ? null : company.contentHash;
  await tx
    .insert(listingSources)
    .values({ source, externalId: listing.externalId, listingId, contentHash, importedAt: now })
    .onConflictDoUpdate({ target: [listingSources.source, listingSources.externalId], set: { listingId, contentHash, importedAt: now } });
  const outcome = known ? "updated" : "created";
  await recordAudit(tx, {
    operation: "listing_edit",
    source,
    action: outcome,
    companyName: listing.name,
    recordId: listingId,
    actorId,
    // The fields an update changed, named as the editor names them: a follower's digest tells them (issue 18 §3).
    details: {
      source,
      externalId: listing.externalId,
      visibility: listing.visibility,
      warnings: company.warnings,
      ...(known ? { changedFields: [...write.changed] } : {}),
    },
  });
  return { outcome, listingId, held };
}
