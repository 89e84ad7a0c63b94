/**
 * What owners may change about their listing (issue 36, decision 0115): what a company says about itself. Never the
 * settings an operator keeps (type, name, slug, visibility, field levels, featured, noindex, processing and content
 * status, data source, quality score, ids of other systems, the primary contact, funding figures): the list is here,
 * and the owner's form, the parser's overlay and the proposal all read it.
 */
import { AT_ONCE_FIELDS, type AtOnceField, type ProposedFieldChange } from "#db/values/owner-changes.ts";
import { LIST_LABELS, ROW_SECTIONS, SCALAR_LABELS, type ListField, type ScalarField } from "../listing-editor/form-fields.ts";
import type { ListingFormValues } from "../listing-editor/form-values.ts";
import { sameFieldValue, type ListingContent } from "../listing-editor/listing-snapshot.ts";

export { AT_ONCE_FIELDS, type AtOnceField };

/** What an owner reads on the edit page, and in answer to a post, while an operator has frozen the listing. */
export const FROZEN_MESSAGE =
  "Editing of this listing is paused by Introbase, so changes cannot be sent. Write to us if you think this is a mistake.";

const OWNER_SCALAR_FIELDS = [
  "tagline",
  "description",
  "logoUrl",
  "websiteUrl",
  "linkedinUrl",
  "twitterUrl",
  "facebookUrl",
  "hqStreet",
  "hqCity",
  "hqRegion",
  "hqPostalCode",
  "phone",
  "contactEmail",
  "fundingStageId",
  "businessModelId",
  "problem",
  "solution",
  "timing",
  "foundedYear",
  "teamSize",
] as const satisfies readonly ScalarField[];
const OWNER_LIST_FIELDS = ["industryIds", "countryIds"] as const satisfies readonly ListField[];
const OWNER_ROW_SECTIONS = ["team", "faqs", "keyUseCases", "howItWorks"] as const satisfies ReadonlyArray<keyof typeof ROW_SECTIONS>;

/** Every field an owner may propose, in the form's order. */
export const OWNER_FIELDS: readonly string[] = [...OWNER_SCALAR_FIELDS, ...OWNER_LIST_FIELDS, ...OWNER_ROW_SECTIONS];
const OWNED = new Set(OWNER_FIELDS);
export const isOwnerField = (field: string) => OWNED.has(field);
export const isAtOnceField = (field: string): field is AtOnceField => (AT_ONCE_FIELDS as readonly string[]).includes(field);

/** A field's name as the owner and the operator read it. */
export function fieldLabel(field: string): string {
  if (field in SCALAR_LABELS) return SCALAR_LABELS[field as ScalarField];
  if (field in LIST_LABELS) return LIST_LABELS[field as ListField];
  if (field in ROW_SECTIONS)
    return field === "faqs"
      ? "FAQs"
      : field === "howItWorks"
        ? "How it works"
        : `${ROW_SECTIONS[field as keyof typeof ROW_SECTIONS].item}s`;
  return field;
}

/**
 * The values the parser reads: the stored listing's, with the owner's fields taken from what was posted. Anything
 * else a crafted post carries (a visibility, a slug, "featured") is ignored, not refused: the form never sends it.
 */
export function overlayOwnerValues(stored: ListingFormValues, posted: ListingFormValues): ListingFormValues {
  const fields = { ...stored.fields };
  for (const f of OWNER_SCALAR_FIELDS) fields[f] = posted.fields[f] ?? "";
  const lists = { ...stored.lists };
  for (const f of OWNER_LIST_FIELDS) lists[f] = posted.lists[f] ?? [];
  const rows = { ...stored.rows };
  for (const s of OWNER_ROW_SECTIONS) rows[s] = posted.rows[s] as never;
  return { ...stored, fields, lists, rows };
}

/** The owner's part of the values, for showing the form again (nothing of the operator's settings goes to an owner). */
export function ownerFormValues(values: ListingFormValues): ListingFormValues {
  const pick = <T extends object>(from: T, keys: readonly string[]) =>
    Object.fromEntries(Object.entries(from).filter(([k]) => keys.includes(k))) as Partial<T>;
  return {
    fields: pick(values.fields, OWNER_SCALAR_FIELDS),
    lists: pick(values.lists, OWNER_LIST_FIELDS),
    fieldVisibility: {},
    rows: { team: [], faqs: [], keyUseCases: [], howItWorks: [], fundingRounds: [], ...pick(values.rows, OWNER_ROW_SECTIONS) },
  };
}

/** A listing's content of any column shape: as stored, as parsed from a form. */
type Content = Omit<ListingContent, "columns"> & { columns: object };

/** One field's value in a listing's content: a column, or a child list as a whole. */
export function fieldValue(content: Content, field: string): unknown {
  if (field in ROW_SECTIONS) return (content as unknown as Record<string, unknown>)[field];
  return (content.columns as unknown as Record<string, unknown>)[field];
}

/** The owner's fields whose proposed value differs from the stored one, each with both values. */
export function ownerChanges(stored: Content, proposed: Content): ProposedFieldChange[] {
  return OWNER_FIELDS.flatMap((field) => {
    const before = fieldValue(stored, field) ?? null;
    const after = fieldValue(proposed, field) ?? null;
    return sameFieldValue(field, before, after) ? [] : [{ field, before, after }];
  });
}

/** The fields of a proposal whose stored value is no longer the one it was made against. */
export function staleFields(changes: readonly ProposedFieldChange[], current: Content): string[] {
  return changes.filter((c) => !sameFieldValue(c.field, c.before, fieldValue(current, c.field) ?? null)).map((c) => c.field);
}
