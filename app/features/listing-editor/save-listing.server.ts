/**
 * Creating and editing a listing from the back-office editor (issue 5 §1). One transaction writes the listing,
 * replaces the child lists that changed (delete, then insert in order) and records the audit entry, so a failure
 * anywhere leaves the listing as it was. The directory forgets its cached pages once the change is committed.
 */
import { and, eq, inArray, like, ne, sql } from "drizzle-orm";
import { faqs, fundingRounds, howItWorksSteps, investorRelationships, keyUseCases, teamMembers } from "#db/schema/listing-details.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { toGatedField } from "../access/field-name.ts";
import { recordFieldWrite } from "../catalog/field-provenance.server.ts";
import type { FieldSource } from "../catalog/field-provenance.ts";
import { slugify, uniqueSlug } from "../catalog/slug.ts";
import { LIST_FIELDS, type FieldErrors } from "./form-fields.ts";
import { readChildren, readListingRow } from "./get-listing-for-edit.server.ts";
import type { ListingInput } from "./listing-form.ts";
import { changedFields, CHILD_SECTIONS, listChanges, type ChildSection, type ListingContent } from "./listing-snapshot.ts";
import { formatDateTime } from "~/lib/format-date.ts";

export type Tx = Parameters<Parameters<Database["db"]["transaction"]>[0]>[0];

export type SaveResult =
  | { ok: true; id: string; created: boolean; changed: string[] }
  /** `version` is the listing's current version when someone else saved it in between. */
  | { ok: false; errors: FieldErrors; version?: string };

class Refused extends Error {
  constructor(readonly result: Extract<SaveResult, { ok: false }>) {
    super("refused");
  }
}

const MERGED_MESSAGE = "This listing was merged into another and can no longer be edited.";

/**
 * Who a save is by, for provenance and the audit entry: the editor's operator by default; an owner's change approved
 * by an operator or published at once is "Submitted by the company" (decision 0115), audited as its actor's.
 */
export interface SaveAuthor {
  source: FieldSource;
  detail?: string;
  actor: "admin" | "member";
}
const OPERATOR: SaveAuthor = { source: "operator_edit", actor: "admin" };

/** Creates a listing (id null) or updates one, with its child lists. */
export async function saveListing(
  database: Database,
  {
    id,
    input,
    admin,
    now = new Date(),
    author = OPERATOR,
    andThen,
  }: {
    id: string | null;
    input: ListingInput;
    admin: { id: string };
    now?: Date;
    author?: SaveAuthor;
    /** More writes that must commit with the save or not at all (an owner's proposal marked as applied). */
    andThen?: (tx: Tx, saved: { id: string; changed: string[] }) => Promise<void>;
  },
): Promise<SaveResult> {
  let result: Extract<SaveResult, { ok: true }>;
  try {
    result = await database.db.transaction(async (tx) => {
      const saved = await (id ? updateListing(tx, id, input, admin, now, author) : createListing(tx, input, admin, now));
      if (andThen) await andThen(tx, saved);
      return saved;
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: "This slug was just taken by another listing. Choose another." } };
    throw error;
  }
  if (result.changed.length) await announceChange(database, "listings");
  return result;
}

async function createListing(tx: Tx, input: ListingInput, admin: { id: string }, now: Date) {
  const slug = await resolveSlug(tx, input, null, null);
  const columns = { ...input.columns, dataSource: input.columns.dataSource ?? "admin" };
  const [created] = await tx
    .insert(listings)
    .values({ ...columns, slug, ...matchColumns(columns), processingStatus: "published", createdAt: now, updatedAt: now })
    .returning({ id: listings.id });
  const id = created!.id;
  const content: ListingContent = { ...input, columns: { ...columns, slug } };
  for (const section of CHILD_SECTIONS) await replaceChildren(tx, id, section, input, now);
  const changed = changedFields(null, content);
  await recordFieldWrite(tx, id, { source: "operator_edit", at: now, changed });
  await audit(tx, { action: "created", name: input.columns.name, id, admin, changed });
  return { ok: true as const, id, created: true, changed };
}

async function updateListing(tx: Tx, id: string, input: ListingInput, admin: { id: string }, now: Date, author: SaveAuthor) {
  const before = await readListingRow(tx, id, { lock: true });
  if (!before) notFound("No such listing.");
  if (before.processingStatus === "merged") throw new AppError("conflict", MERGED_MESSAGE);
  const version = before.updatedAt.toISOString();
  if (input.version && input.version !== version) {
    throw new Refused({
      ok: false,
      version,
      errors: {
        form: `Someone else saved this listing at ${formatDateTime(version)}, after you opened it. Save again to replace their changes with yours, or reload the page to see theirs.`,
      },
    });
  }
  const slug = await resolveSlug(tx, input, id, before.slug);
  const children = await readChildren(tx, id);
  const after: ListingContent = { ...input, columns: { ...input.columns, slug } };
  const changed = changedFields({ ...children, columns: before as unknown as Record<string, unknown> }, after);
  if (!changed.length) return { ok: true as const, id, created: false, changed };

  // Entries under names of no gated field (an import's spelling mistakes) are kept: the form cannot show them.
  const kept = Object.entries(before.fieldVisibility ?? {}).filter(([name]) => !toGatedField(name));
  // A list saved with the same items keeps its stored order (the first country is the home country): the form sends
  // its checkboxes in its own order, and re-ordering an unchanged list on every save would show visitors that the
  // listing was saved when nothing they may see changed (decision 0070).
  const columns = { ...input.columns };
  for (const field of LIST_FIELDS) if (!changed.includes(field)) Object.assign(columns, { [field]: before[field] });
  await tx
    .update(listings)
    .set({
      ...columns,
      fieldVisibility: { ...Object.fromEntries(kept), ...input.columns.fieldVisibility },
      slug,
      ...matchColumns(columns),
      updatedAt: now,
    })
    .where(eq(listings.id, id));
  for (const section of CHILD_SECTIONS) if (changed.includes(section)) await replaceChildren(tx, id, section, input, now);
  // Only what the operator changed: saving a form is not checking every value on it.
  await recordFieldWrite(tx, id, { source: author.source, at: now, changed, ...(author.detail ? { detail: author.detail } : {}) });
  await audit(tx, {
    action: "updated",
    name: input.columns.name,
    id,
    admin,
    changed,
    lists: listChanges(children, input),
    source: author.actor,
  });
  return { ok: true as const, id, created: false, changed };
}

/**
 * The slug to store. One typed in must not belong to another listing; a blank one is made from the name
 * (name, name-2, ...), except that a listing keeping its name keeps the slug it has.
 */
async function resolveSlug(tx: Tx, input: ListingInput, id: string | null, current: string | null): Promise<string> {
  const others = id ? ne(listings.id, id) : undefined;
  if (input.slug) {
    const [owner] = await tx
      .select({ name: listings.name })
      .from(listings)
      .where(and(eq(listings.slug, input.slug), others))
      .limit(1);
    if (owner) throw new Refused({ ok: false, errors: { slug: `“${input.slug}” is already the slug of ${owner.name}. Choose another.` } });
    return input.slug;
  }
  const base = slugify(input.columns.name);
  if (current && new RegExp(`^${base}(-\\d+)?$`, "u").test(current)) return current;
  // A slug from slugify holds only letters, digits and hyphens: nothing LIKE would read as a wildcard.
  const taken = await tx
    .select({ slug: listings.slug })
    .from(listings)
    .where(and(like(listings.slug, `${base}%`), others));
  return uniqueSlug(input.columns.name, new Set(taken.map((t) => t.slug)));
}

/** Replaces one child list with the submitted rows, in order (positions 0..n). */
async function replaceChildren(tx: Tx, listingId: string, section: ChildSection, input: ListingInput, now: Date): Promise<void> {
  const positioned = <T extends object>(rows: T[]) => rows.map((row, position) => ({ ...row, listingId, position }));
  switch (section) {
    case "team":
      await tx.delete(teamMembers).where(eq(teamMembers.listingId, listingId));
      if (input.team.length) await tx.insert(teamMembers).values(positioned(input.team));
      return;
    case "faqs":
      await tx.delete(faqs).where(eq(faqs.listingId, listingId));
      if (input.faqs.length) await tx.insert(faqs).values(positioned(input.faqs));
      return;
    case "keyUseCases":
      await tx.delete(keyUseCases).where(eq(keyUseCases.listingId, listingId));
      if (input.keyUseCases.length) await tx.insert(keyUseCases).values(positioned(input.keyUseCases));
      return;
    case "howItWorks":
      await tx.delete(howItWorksSteps).where(eq(howItWorksSteps.listingId, listingId));
      if (input.howItWorks.length) await tx.insert(howItWorksSteps).values(positioned(input.howItWorks.map((text) => ({ text }))));
      return;
    case "fundingRounds":
      return replaceRounds(tx, listingId, input, now);
  }
}

/**
 * Funding rounds have no position: they are inserted in the order given. A round keeps the provenance (data
 * source, external id) of the stored round it was loaded from. The investor relationships that pointed at the
 * old rounds are rebuilt from each round's "all investors", linked to investor listings of the same name, so
 * the relationships always say what the rounds say.
 */
async function replaceRounds(tx: Tx, listingId: string, input: ListingInput, now: Date): Promise<void> {
  const old = await tx
    .select({ id: fundingRounds.id, dataSource: fundingRounds.dataSource, lotDataId: fundingRounds.lotDataId })
    .from(fundingRounds)
    .where(eq(fundingRounds.listingId, listingId));
  const oldIds = old.map((r) => r.id);
  if (oldIds.length) {
    await tx
      .delete(investorRelationships)
      .where(and(eq(investorRelationships.companyId, listingId), inArray(investorRelationships.fundingRoundId, oldIds)));
    await tx.delete(fundingRounds).where(eq(fundingRounds.listingId, listingId));
  }
  if (!input.fundingRounds.length) return;
  const byId = new Map(old.map((r) => [r.id, r]));
  const inserted = await tx
    .insert(fundingRounds)
    .values(
      input.fundingRounds.map(({ id, ...round }) => {
        const source = id === null ? undefined : byId.get(id);
        return {
          ...round,
          listingId,
          dataSource: source ? source.dataSource : "admin",
          lotDataId: source?.lotDataId ?? null,
          lastUpdated: now,
        };
      }),
    )
    .returning({ id: fundingRounds.id });
  const relations = input.fundingRounds.flatMap((round, i) =>
    investorNames(round.allInvestors).map((investorName) => ({ companyId: listingId, investorName, fundingRoundId: inserted[i]!.id })),
  );
  if (!relations.length) return;
  await tx.insert(investorRelationships).values(relations);
  const r = investorRelationships;
  await tx.execute(sql`
    UPDATE ${r} SET investor_id = l.id FROM ${listings} l
    WHERE ${r.companyId} = ${listingId} AND ${r.investorId} IS NULL AND ${r.fundingRoundId} IN ${inserted.map((x) => x.id)}
      AND l.type = 'investor' AND l.processing_status = 'published' AND l.name = ${r.investorName}`);
}

/** "Acme Ventures, Beta Capital; Gamma" → three names, each once. */
function investorNames(allInvestors: string | null): string[] {
  return [
    ...new Set(
      (allInvestors ?? "")
        .split(/[,;\n]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** `lists`: who joined or left the team and which rounds are new, which the follows digest tells followers. */
async function audit(
  tx: Tx,
  e: {
    action: string;
    name: string;
    id: string;
    admin: { id: string };
    changed: string[];
    lists?: ReturnType<typeof listChanges>;
    source?: SaveAuthor["actor"];
  },
) {
  await recordAudit(tx, {
    operation: "listing_edit",
    source: e.source ?? "admin",
    action: e.action,
    companyName: e.name,
    recordId: e.id,
    actorId: e.admin.id,
    details: { changedFields: e.changed, ...e.lists },
  });
}

/** A unique-constraint violation (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export { MERGED_MESSAGE };
