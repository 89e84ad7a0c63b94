/**
 * Operators' review of proposed changes (issue 36, decision 0115): the queue, one proposal's diff against the listing
 * as it is now, approval (through the editor's write path, so index, change feed, audit and provenance follow) and
 * rejection with a note. A proposal made against values that have changed since is stale there: approving it needs
 * the operator to say so, so a newer value is never overwritten without anyone seeing it.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { listingChangeProposals } from "#db/schema/owner-changes.ts";
import type { ChangeStatus, ProposedFieldChange } from "#db/values/owner-changes.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { applyListingFields } from "~/features/listing-editor/apply-listing-fields.server.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { displayValue, type ReferenceNames } from "./change-diff.ts";
import { changeDecidedEmail } from "./owner-change-emails.ts";
import { fieldLabel, fieldValue, staleFields } from "./owner-fields.ts";

export interface ProposalSummary {
  id: string;
  listingId: string;
  listingName: string;
  origin: "owner" | "import" | "merge";
  proposer: string | null;
  fields: string[];
  status: ChangeStatus;
  createdAt: string;
}

const p = listingChangeProposals;

/** The queue: pending proposals oldest first, or the latest decided ones. */
export async function listProposals({ db }: Database, { pending = true, limit = 100 } = {}): Promise<ProposalSummary[]> {
  const rows = await db
    .select({
      id: p.id,
      listingId: p.listingId,
      listingName: listings.name,
      origin: p.origin,
      proposer: users.name,
      changes: p.changes,
      status: p.status,
      createdAt: p.createdAt,
    })
    .from(p)
    .innerJoin(listings, eq(listings.id, p.listingId))
    .leftJoin(users, eq(users.id, p.proposedBy))
    .where(pending ? eq(p.status, "pending") : inArray(p.status, ["approved", "rejected", "published"]))
    .orderBy(pending ? asc(p.createdAt) : desc(p.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, fields: r.changes.map((c) => c.field), createdAt: r.createdAt.toISOString() }));
}

export interface DiffRow {
  field: string;
  label: string;
  before: string;
  now: string;
  after: string;
  /** The stored value is no longer the one the proposal was made against. */
  stale: boolean;
}

/** One proposal with its diff against the listing as stored now. */
export async function getProposalForReview(database: Database, id: string) {
  const [row] = await database.db
    .select({ proposal: p, proposer: users.name, proposerEmail: users.email })
    .from(p)
    .leftJoin(users, eq(users.id, p.proposedBy))
    .where(eq(p.id, id));
  if (!row) return null;
  const listing = await getListingForEdit(database, row.proposal.listingId);
  if (!listing) return null;
  const stale = new Set(staleFields(row.proposal.changes, listing));
  const reference = await getReferenceData(database);
  const byId = (items: Array<{ id: number; name: string }>) => new Map(items.map((i) => [i.id, i.name]));
  const names: ReferenceNames = {
    industryIds: byId(reference.industries),
    countryIds: byId(reference.countries),
    fundingStageId: byId(reference.fundingStages),
    businessModelId: new Map(reference.businessModels.map((b) => [b.id, b.name || b.code])),
  };
  const diff: DiffRow[] = row.proposal.changes.map((c) => ({
    field: c.field,
    label: fieldLabel(c.field),
    before: displayValue(c.field, c.before, names),
    now: displayValue(c.field, fieldValue(listing, c.field), names),
    after: displayValue(c.field, c.after, names),
    stale: stale.has(c.field),
  }));
  const { proposal } = row;
  return {
    id: proposal.id,
    origin: proposal.origin,
    status: proposal.status,
    note: proposal.note,
    createdAt: proposal.createdAt.toISOString(),
    decidedAt: proposal.decidedAt?.toISOString() ?? null,
    proposer: row.proposer ? { name: row.proposer, email: row.proposerEmail } : null,
    listing: { id: listing.columns.id, name: listing.columns.name, type: listing.columns.type, slug: listing.columns.slug },
    diff,
  };
}

async function pendingProposal(database: Database, id: string) {
  const [row] = await database.db.select().from(p).where(eq(p.id, id));
  if (!row) notFound("No such proposed change.");
  if (row.status !== "pending") throw new AppError("conflict", `This change was already ${row.status}.`);
  return row;
}

type Proposal = Awaited<ReturnType<typeof pendingProposal>>;

/**
 * Marks a proposal decided and audits it, in the decision's transaction. Only a pending one: when another operator
 * decided it in between, this throws and nothing of the decision commits.
 */
async function recordDecision(
  tx: Pick<Db, "update" | "insert">,
  proposal: Proposal,
  decision: {
    status: "approved" | "rejected";
    admin: { id: string };
    note: string | null;
    now: Date;
    listingName: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const [claimed] = await tx
    .update(p)
    .set({ status: decision.status, decidedBy: decision.admin.id, decidedAt: decision.now, note: decision.note })
    .where(and(eq(p.id, proposal.id), eq(p.status, "pending")))
    .returning({ id: p.id });
  if (!claimed) throw new AppError("conflict", "Another operator decided this change a moment ago.");
  await recordAudit(tx, {
    operation: "owner_change",
    source: "admin",
    action: decision.status,
    companyName: decision.listingName,
    recordId: proposal.listingId,
    actorId: decision.admin.id,
    details: { proposal: proposal.id, origin: proposal.origin, fields: proposal.changes.map((c) => c.field), ...decision.details },
  });
}

export type Decision = { ok: true } | { ok: false; message: string; stale?: string[] };

/**
 * Applies a pending proposal. Stale fields (changed since it was made) are applied only with `replaceNewer`; without
 * it nothing is applied and the operator is told which fields. An owner's change is "Submitted by the company"; an
 * import's or a merge's value the operator accepts over the company's is the operator's edit.
 */
export async function approveProposal(
  database: Database,
  {
    id,
    admin,
    note = null,
    replaceNewer = false,
    now = new Date(),
  }: { id: string; admin: { id: string }; note?: string | null; replaceNewer?: boolean; now?: Date },
): Promise<Decision> {
  const proposal = await pendingProposal(database, id);
  const listing = await getListingForEdit(database, proposal.listingId);
  if (!listing) notFound("The listing no longer exists.");
  const stale = staleFields(proposal.changes, listing);
  if (stale.length && !replaceNewer)
    return {
      ok: false,
      stale,
      message: `${stale.map(fieldLabel).join(", ")} changed since this was proposed. Compare the values, then approve with "Replace the newer values" ticked, or reject.`,
    };
  const applied = await applyListingFields(database, {
    id: proposal.listingId,
    values: Object.fromEntries(proposal.changes.map((c) => [c.field, c.after])),
    actor: admin,
    author:
      proposal.origin === "owner"
        ? { source: "owner_submission", detail: `proposal ${proposal.id}`, actor: "admin" }
        : { source: "operator_edit", actor: "admin" },
    now,
    andThen: (tx) =>
      recordDecision(tx, proposal, {
        status: "approved",
        admin,
        note,
        now,
        listingName: listing.columns.name,
        details: { replacedNewer: stale },
      }),
  });
  if (!applied.ok) return { ok: false, message: applied.message };
  await tellProposer(database, proposal, listing.columns.name, "approved", note);
  return { ok: true };
}

/** Rejects a pending proposal with a note the owner reads on their page and in the e-mail. */
export async function rejectProposal(
  database: Database,
  { id, admin, note, now = new Date() }: { id: string; admin: { id: string }; note: string; now?: Date },
): Promise<void> {
  const proposal = await pendingProposal(database, id);
  const [listing] = await database.db.select({ name: listings.name }).from(listings).where(eq(listings.id, proposal.listingId));
  await database.db.transaction((tx) =>
    recordDecision(tx, proposal, { status: "rejected", admin, note, now, listingName: listing?.name ?? null, details: {} }),
  );
  await tellProposer(database, proposal, listing?.name ?? "your listing", "rejected", note);
}

/** The owner who proposed it hears the decision (an import's or a merge's proposal has nobody to tell). */
async function tellProposer(
  database: Database,
  proposal: { proposedBy: string | null; listingId: string; changes: ProposedFieldChange[] },
  listingName: string,
  decision: "approved" | "rejected",
  note: string | null,
) {
  if (!proposal.proposedBy) return;
  const [owner] = await database.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, proposal.proposedBy));
  if (!owner) return;
  await sendEmail(
    database,
    changeDecidedEmail({
      to: owner.email,
      ownerName: owner.name,
      listingName,
      decision,
      fields: proposal.changes.map((c) => fieldLabel(c.field)),
      note,
      editUrl: `${publicUrl(getEnv())}/my-listings/${proposal.listingId}/edit`,
    }),
  );
}
