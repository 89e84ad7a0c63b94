/**
 * What the editor's form posts: a save, an archive or restore, or a row button pressed without JavaScript.
 * The routes turn the outcome into a redirect or a re-rendered form.
 */
import type { Database } from "~/lib/db.server.ts";
import { getReferenceData, type ReferenceData } from "../catalog/reference-data.server.ts";
import { setListingArchived } from "./archive-listing.server.ts";
import type { FieldErrors } from "./form-fields.ts";
import { applyRowOperation, parseRowIntent, readListingForm, type ListingFormValues } from "./form-values.ts";
import { parseListingForm, type KnownReferences } from "./listing-form.ts";
import type { Notice } from "./notices.ts";
import { saveListing } from "./save-listing.server.ts";

export type SubmitOutcome =
  | { kind: "redirect"; id: string; notice: Notice }
  /** The form again: the values as typed, and a message per field (none after a row button). */
  | { kind: "form"; status: 200 | 400 | 409; values: ListingFormValues; errors: FieldErrors };

export function knownReferences(reference: ReferenceData): KnownReferences {
  const ids = (items: Array<{ id: number }>) => new Set(items.map((i) => i.id));
  return {
    industries: ids(reference.industries),
    geographies: ids(reference.geographies),
    countries: ids(reference.countries),
    personas: ids(reference.targetPersonas),
    fundingStages: ids(reference.fundingStages),
    businessModels: ids(reference.businessModels),
    revenueRanges: ids(reference.revenueRanges),
  };
}

export async function submitListingForm(
  database: Database,
  form: FormData,
  { id, admin }: { id: string | null; admin: { id: string } },
): Promise<SubmitOutcome> {
  const intent = String(form.get("intent") ?? "save");
  if (id && (intent === "archive" || intent === "restore")) {
    const outcome = await setListingArchived(database, { id, archived: intent === "archive", admin });
    return { kind: "redirect", id, notice: outcome === "unchanged" ? "unchanged" : outcome };
  }
  const rowOperation = parseRowIntent(intent);
  if (rowOperation) {
    return {
      kind: "form",
      status: 200,
      values: applyRowOperation(readListingForm(form, { keepEmptyRows: true }), rowOperation),
      errors: {},
    };
  }
  const values = readListingForm(form);
  // Anything but a save (a stale button, a probe) shows the form again as sent, unsaved.
  if (intent !== "save") return { kind: "form", status: 200, values, errors: {} };

  const parsed = parseListingForm(values, knownReferences(await getReferenceData(database)));
  if (!parsed.ok) return { kind: "form", status: 400, values, errors: parsed.errors };
  const saved = await saveListing(database, { id, input: parsed.data, admin });
  if (!saved.ok) {
    // After a conflict the form carries the current version, so saving again replaces the other save on purpose.
    const next = saved.version ? { ...values, fields: { ...values.fields, version: saved.version } } : values;
    return { kind: "form", status: saved.version ? 409 : 400, values: next, errors: saved.errors };
  }
  return { kind: "redirect", id: saved.id, notice: saved.changed.length ? "saved" : "unchanged" };
}
