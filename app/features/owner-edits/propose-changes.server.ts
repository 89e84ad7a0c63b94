/**
 * An owner's edit of their listing (issue 36, decision 0115): the editor's field rules and validation over the owner's
 * fields only, saved as a proposal an operator reviews; the fields an operator lets owners publish at once are applied
 * straight away through the editor's write path, as "Submitted by the company". A newer proposal replaces the owner's
 * pending one (it was made from the form that showed it). A frozen listing takes nothing.
 */
import { and, eq } from "drizzle-orm";
import { listingChangeProposals, ownerFieldRules } from "#db/schema/owner-changes.ts";
import type { ProposedFieldChange } from "#db/values/owner-changes.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { applyListingFields } from "~/features/listing-editor/apply-listing-fields.server.ts";
import type { FieldErrors } from "~/features/listing-editor/form-fields.ts";
import {
  applyRowOperation,
  parseRowIntent,
  readListingForm,
  withoutNul,
  type ListingFormValues,
} from "~/features/listing-editor/form-values.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { parseListingForm } from "~/features/listing-editor/listing-form.ts";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import type { Tx } from "~/features/listing-editor/save-listing.server.ts";
import { knownReferences } from "~/features/listing-editor/submit-listing-form.server.ts";
import { editingFrozen, type OwnedListing } from "~/features/listing-owners/ownership.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { FROZEN_MESSAGE, isAtOnceField, isOwnerField, overlayOwnerValues, ownerChanges, ownerFormValues } from "./owner-fields.ts";

export { FROZEN_MESSAGE };
const INVALID_STORED = "Some of this listing's stored details need an operator's attention before changes can be sent. Write to us.";

export type OwnerEditOutcome =
  | { kind: "done"; notice: "proposed" | "published" | "both" | "unchanged" }
  | { kind: "form"; refused: "bad_request" | "conflict" | null; values: ListingFormValues; errors: FieldErrors };

/** The fields operators let owners publish at once. */
export async function atOnceFields({ db }: { db: Pick<Db, "select"> }): Promise<Set<string>> {
  const rows = await db.select().from(ownerFieldRules).where(eq(ownerFieldRules.publishAtOnce, true));
  return new Set(rows.map((r) => r.field).filter(isAtOnceField));
}

export async function submitOwnerEdit(
  database: Database,
  { listing, user, form, now = new Date() }: { listing: OwnedListing; user: { id: string; name: string }; form: FormData; now?: Date },
): Promise<OwnerEditOutcome> {
  const intent = String(form.get("intent") ?? "save");
  const row = parseRowIntent(intent);
  if (row) {
    const values = applyRowOperation(withoutNul(readListingForm(form, { keepEmptyRows: true })), row);
    return { kind: "form", refused: null, values: ownerFormValues(values), errors: {} };
  }
  const typed = readListingForm(form);
  const values = ownerFormValues(withoutNul(typed));
  if (intent !== "save") return { kind: "form", refused: null, values, errors: {} };
  if (await editingFrozen(database, listing.id)) return { kind: "form", refused: "conflict", values, errors: { form: FROZEN_MESSAGE } };

  const stored = await getListingForEdit(database, listing.id);
  if (!stored) return { kind: "form", refused: "conflict", values, errors: { form: "This listing can no longer be edited." } };
  const known = knownReferences(await getReferenceData(database));
  const parsed = parseListingForm(overlayOwnerValues(toFormValues(stored), typed), known, now);
  if (!parsed.ok) {
    // Messages on the owner's fields go beside them; one on a field they cannot see is the operators' to fix.
    const errors: FieldErrors = Object.fromEntries(Object.entries(parsed.errors).filter(([name]) => isOwnerField(name.split("[")[0]!)));
    if (Object.keys(errors).length < Object.keys(parsed.errors).length) errors.form ??= INVALID_STORED;
    return { kind: "form", refused: "bad_request", values, errors };
  }
  const changes = ownerChanges(stored, parsed.data);
  if (!changes.length) return { kind: "done", notice: "unchanged" };

  const atOnce = await atOnceFields(database);
  const instant = changes.filter((c) => atOnce.has(c.field));
  const review = changes.filter((c) => !atOnce.has(c.field));
  const record = (tx: Tx | Db) => recordProposal(tx, { listing, user, review, now });
  if (instant.length) {
    // The record's id, chosen here so the provenance entry can name it (the editor shows its owner to operators).
    const publishedId = crypto.randomUUID();
    const applied = await applyListingFields(database, {
      id: listing.id,
      values: Object.fromEntries(instant.map((c) => [c.field, c.after])),
      actor: user,
      author: { source: "owner_submission", detail: `proposal ${publishedId}`, actor: "member" },
      now,
      andThen: async (tx) => {
        await tx.insert(listingChangeProposals).values({
          id: publishedId,
          listingId: listing.id,
          origin: "owner",
          proposedBy: user.id,
          changes: instant,
          status: "published",
          createdAt: now,
          decidedAt: now,
        });
        await recordAudit(tx, {
          operation: "owner_change",
          source: "member",
          action: "published",
          companyName: listing.name,
          recordId: listing.id,
          actorId: user.id,
          details: { fields: instant.map((c) => c.field) },
        });
        await record(tx);
      },
    });
    if (!applied.ok) return { kind: "form", refused: "conflict", values, errors: { form: `${applied.message} Send your changes again.` } };
    return { kind: "done", notice: review.length ? "both" : "published" };
  }
  await database.db.transaction((tx) => record(tx));
  return { kind: "done", notice: "proposed" };
}

/** The owner's reviewed fields as one pending proposal, replacing their listing's earlier pending owner proposal. */
async function recordProposal(
  tx: Tx | Db,
  { listing, user, review, now }: { listing: OwnedListing; user: { id: string }; review: ProposedFieldChange[]; now: Date },
) {
  if (!review.length) return;
  const p = listingChangeProposals;
  await tx
    .update(p)
    .set({ status: "superseded", decidedAt: now })
    .where(and(eq(p.listingId, listing.id), eq(p.origin, "owner"), eq(p.status, "pending")));
  const [row] = await tx
    .insert(p)
    .values({ listingId: listing.id, origin: "owner", proposedBy: user.id, changes: review, status: "pending", createdAt: now })
    .returning({ id: p.id });
  await recordAudit(tx, {
    operation: "owner_change",
    source: "member",
    action: "proposed",
    companyName: listing.name,
    recordId: listing.id,
    actorId: user.id,
    details: { proposal: row!.id, fields: review.map((c) => c.field) },
  });
}
