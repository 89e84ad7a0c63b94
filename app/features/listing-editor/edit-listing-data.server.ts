import { getFieldRules } from "~/features/access/field-rules.server.ts";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { getFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { fieldNote, PROVENANCE_FIELDS } from "~/features/catalog/field-provenance.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
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
  const recorded = sources.get(listing.columns.id) ?? {};
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

export type EditListingData = Awaited<ReturnType<typeof editListingData>>;
