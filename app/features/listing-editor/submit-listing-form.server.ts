/**
 * What the editor's form posts: a save, an archive or restore, or a row button pressed without JavaScript.
 * The routes turn the outcome into a redirect or a re-rendered form.
 */
import type { Database } from "~/lib/db.server.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { formRefused } from "~/lib/form-result.server.ts";
import { getReferenceData, type ReferenceData } from "../catalog/reference-data.server.ts";
import { setListingArchived } from "./archive-listing.server.ts";
import type { FieldErrors } from "./form-fields.ts";
import { applyRowOperation, parseRowIntent, readListingForm, withoutNul, type ListingFormValues } from "./form-values.ts";
import { parseListingForm, type KnownReferences } from "./listing-form.ts";
import type { Notice } from "./notices.ts";
import { saveListing } from "./save-listing.server.ts";

export type SubmitOutcome =
  | { kind: "redirect"; id: string; notice: Notice }
  /** The form again: the values as typed, a message per field (none after a row button), and why it was refused. */
  | { kind: "form"; refused: "bad_request" | "conflict" | null; values: ListingFormValues; errors: FieldErrors };

/**
 * The editor's form result (decision 0045): the values and messages, and a fresh `target` each time, which keys
 * the form so it is drawn again from what the server sent.
 */
export type ListingSubmission = FormResult<string, undefined, ListingFormValues>;

/** The form shown again as the outcome says, with the status of its refusal. */
export function listingFormAnswer(outcome: Extract<SubmitOutcome, { kind: "form" }>) {
  const result = { values: outcome.values, errors: outcome.errors, target: crypto.randomUUID() };
  return outcome.refused ? formRefused<string, undefined, ListingFormValues>(outcome.refused, result) : { ok: true, ...result };
}

export function knownReferences(reference: ReferenceData): KnownReferences {
  const ids = (items: Array<{ id: number }>) => new Set(items.map((i) => i.id));
  return {
    industries: ids(reference.industries),
    geographies: ids(reference.geographies),
    countries: ids(reference.countries),
    countryCodes: new Map(reference.countries.map((c) => [c.id, c.isoCode])),
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
      refused: null,
      values: applyRowOperation(withoutNul(readListingForm(form, { keepEmptyRows: true })), rowOperation),
      errors: {},
    };
  }
  // The parser sees NUL (and refuses it beside its field); the form is shown again without it.
  const typed = readListingForm(form);
  const values = withoutNul(typed);
  // Anything but a save (a stale button, a probe) shows the form again as sent, unsaved.
  if (intent !== "save") return { kind: "form", refused: null, values, errors: {} };

  const parsed = parseListingForm(typed, knownReferences(await getReferenceData(database)));
  if (!parsed.ok) return { kind: "form", refused: "bad_request", values, errors: parsed.errors };
  const saved = await saveListing(database, { id, input: parsed.data, admin });
  if (!saved.ok) {
    // After a conflict the form carries the current version, so saving again replaces the other save on purpose.
    const next = saved.version ? { ...values, fields: { ...values.fields, version: saved.version } } : values;
    return { kind: "form", refused: saved.version ? "conflict" : "bad_request", values: next, errors: saved.errors };
  }
  return { kind: "redirect", id: saved.id, notice: saved.changed.length ? "saved" : "unchanged" };
}
