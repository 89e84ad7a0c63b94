/**
 * Some fields of a listing set through the editor's own write path (saveListing), so the directory index, the change
 * feed, the audit log and provenance follow exactly as for an operator's save: an owner's approved or at-once change
 * (decision 0115). The rest of the listing is written back as it is stored, guarded by its version, so a save that
 * lands in between is never overwritten: the caller is told and may try again.
 */
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { LIST_FIELDS, SCALAR_FIELDS } from "./form-fields.ts";
import { getListingForEdit } from "./get-listing-for-edit.server.ts";
import type { ListingColumns, ListingInput } from "./listing-form.ts";
import { CHILD_SECTIONS, type ChildSection, type EditableListing } from "./listing-snapshot.ts";
import { MERGED_MESSAGE, saveListing, type SaveAuthor, type Tx } from "./save-listing.server.ts";

/** The columns the editor writes (the slug and the form's version aside). */
const EDITED_COLUMNS = [...SCALAR_FIELDS.filter((f) => f !== "slug" && f !== "version"), ...LIST_FIELDS, "fieldVisibility"] as const;

/** The stored listing as a save's input, with `values` (editor field → parsed value) put over it. */
function inputWithValues(current: EditableListing, values: Readonly<Record<string, unknown>>): ListingInput {
  const row = current.columns as unknown as Record<string, unknown>;
  const columns = Object.fromEntries(EDITED_COLUMNS.map((c) => [c, row[c]])) as Record<string, unknown>;
  const input = {
    columns,
    slug: current.columns.slug,
    version: current.columns.updatedAt.toISOString(),
    team: current.team,
    faqs: current.faqs,
    keyUseCases: current.keyUseCases,
    howItWorks: current.howItWorks,
    fundingRounds: current.fundingRounds,
  } as Record<string, unknown>;
  for (const [field, value] of Object.entries(values)) {
    if ((CHILD_SECTIONS as readonly string[]).includes(field)) input[field as ChildSection] = value;
    else columns[field] = value;
  }
  return { ...(input as unknown as ListingInput), columns: columns as unknown as ListingColumns };
}

export type ApplyResult = { ok: true; changed: string[] } | { ok: false; message: string };

/** Writes `values` over the listing as `author`; `andThen` commits with it. */
export async function applyListingFields(
  database: Database,
  {
    id,
    values,
    actor,
    author,
    now,
    andThen,
  }: {
    id: string;
    values: Readonly<Record<string, unknown>>;
    actor: { id: string };
    author: SaveAuthor;
    now: Date;
    andThen?: (tx: Tx, saved: { id: string; changed: string[] }) => Promise<void>;
  },
): Promise<ApplyResult> {
  const current = await getListingForEdit(database, id);
  if (!current) return { ok: false, message: "The listing no longer exists." };
  if (current.columns.processingStatus === "merged") return { ok: false, message: MERGED_MESSAGE };
  try {
    const saved = await saveListing(database, { id, input: inputWithValues(current, values), admin: actor, now, author, andThen });
    if (!saved.ok) return { ok: false, message: saved.errors.form ?? Object.values(saved.errors)[0] ?? "The change could not be saved." };
    return { ok: true, changed: saved.changed };
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") return { ok: false, message: error.message };
    throw error;
  }
}
