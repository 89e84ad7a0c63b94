import { getFieldRules } from "~/features/access/field-rules.server.ts";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { getFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { fieldNote, PROVENANCE_FIELDS } from "~/features/catalog/field-provenance.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { eq, inArray } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listingChangeProposals } from "#db/schema/owner-changes.ts";
import type { FieldSources } from "~/features/catalog/field-provenance.ts";
import { editorOptions } from "./editor-options.server.ts";
import type { getListingForEdit } from "./get-listing-for-edit.server.ts";
import { toFormValues } from "./listing-snapshot.ts";
import { describeTrail, parseNotice } from "./notices.ts";

type EditedListing = NonNullable<Awaited<ReturnType<typeof getListingForEdit>>>;

/** The editor page of one listing: its header facts, the form's values and options, its history and a notice. */
export async function editListingData(database: Database, listing: EditedListing, url: URL) {
  const [reference, rules, trail, sources] = await Promise.all([
    getReferenceData(database),
    getFieldRules(database),
    auditTrailFor(database, [listing.columns.id]),
    getFieldSources(database.db, [listing.columns.id]),
  ]);
  const recorded = await withProposers(database, sources.get(listing.columns.id) ?? {});
  const c = listing.columns;
  return {
    listing: {
      id: c.id,
      name: c.name,
      type: c.type,
      slug: c.slug,
      status: c.processingStatus,
      featured: c.featured,
      updatedAt: c.updatedAt.toISOString(),
      survivor: listing.survivor,
    },
    syncedAt: { enriched: c.lastCompanyEnrichment?.toISOString() ?? null, synced: c.dataLastSynced?.toISOString() ?? null },
    values: toFormValues(listing),
    options: editorOptions(reference, rules),
    history: describeTrail(trail.get(c.id)),
    notice: parseNotice(url.searchParams.get("notice")),
    /** Each field's provenance in words (decision 0068): the editor shows it beside the field's label. */
    sources: Object.fromEntries(PROVENANCE_FIELDS.map((field) => [field, fieldNote(recorded[field])])),
  };
}

/**
 * An owner's change records its proposal ("proposal {id}", decision 0115): operators read who submitted it instead.
 * The name is looked up now, so an erased account reads as a former owner and no name is kept in the provenance.
 */
async function withProposers(database: Database, recorded: FieldSources): Promise<FieldSources> {
  const ids = [
    ...new Set(
      Object.values(recorded).flatMap((e) =>
        e.source === "owner_submission" && e.detail ? (/^proposal ([0-9a-f-]{36})$/.exec(e.detail)?.[1] ?? []) : [],
      ),
    ),
  ];
  if (!ids.length) return recorded;
  const rows = await database.db
    .select({ id: listingChangeProposals.id, name: users.name })
    .from(listingChangeProposals)
    .leftJoin(users, eq(users.id, listingChangeProposals.proposedBy))
    .where(inArray(listingChangeProposals.id, ids));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return Object.fromEntries(
    Object.entries(recorded).map(([field, e]) => {
      const id = e.source === "owner_submission" && e.detail ? /^proposal ([0-9a-f-]{36})$/.exec(e.detail)?.[1] : undefined;
      return [field, id ? { ...e, detail: `by ${names.get(id) ?? "a former owner"}` } : e];
    }),
  );
}

export type EditListingData = Awaited<ReturnType<typeof editListingData>>;
