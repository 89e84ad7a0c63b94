/** What the owner's edit page shows (decision 0115): their fields as stored, the choices, the field rules, their proposals. */
import { and, desc, eq, inArray } from "drizzle-orm";
import { listingChangeProposals } from "#db/schema/owner-changes.ts";
import { getFieldRules } from "~/features/access/field-rules.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { editorOptions } from "~/features/listing-editor/editor-options.server.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import { editingFrozen, type OwnedListing } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { notFound } from "~/lib/errors.ts";
import { fieldLabel, ownerFormValues } from "./owner-fields.ts";
import { atOnceFields } from "./propose-changes.server.ts";

export async function ownerEditPage(database: Database, listing: OwnedListing) {
  const stored = await getListingForEdit(database, listing.id);
  if (!stored) notFound("You don't keep this listing.");
  const p = listingChangeProposals;
  const [reference, rules, atOnce, frozen, proposals] = await Promise.all([
    getReferenceData(database),
    getFieldRules(database),
    atOnceFields(database),
    editingFrozen(database, listing.id),
    // The owners' own proposals only: an import's or a merge's held value is the operators' business.
    database.db
      .select({ id: p.id, status: p.status, note: p.note, changes: p.changes, createdAt: p.createdAt, decidedAt: p.decidedAt })
      .from(p)
      .where(and(eq(p.listingId, listing.id), eq(p.origin, "owner"), inArray(p.status, ["pending", "approved", "rejected", "published"])))
      .orderBy(desc(p.createdAt))
      .limit(10),
  ]);
  return {
    values: ownerFormValues(toFormValues(stored)),
    options: editorOptions(reference, rules),
    atOnce: [...atOnce],
    frozen,
    proposals: proposals.map((r) => ({
      id: r.id,
      status: r.status,
      note: r.note,
      fields: r.changes.map((c) => fieldLabel(c.field)),
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

export type OwnerEditPageData = Awaited<ReturnType<typeof ownerEditPage>>;
