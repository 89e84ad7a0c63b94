/**
 * The listing form's values exactly as typed (text, never parsed), read from a submission. This is what the form
 * shows again after a refused save, so nothing typed is lost; the parser (listing-form.ts) works from it.
 */
import type { GatedField } from "../catalog/listing-types.ts";
import {
  GATED_FIELDS,
  LIST_FIELDS,
  ROW_PREFILLED,
  ROW_SECTION_NAMES,
  ROW_SECTIONS,
  SCALAR_FIELDS,
  visibilityInputName,
  type ListField,
  type RowSection,
  type RowValues,
  type ScalarField,
} from "./form-fields.ts";

export interface ListingFormValues {
  fields: Partial<Record<ScalarField, string>>;
  lists: Partial<Record<ListField, string[]>>;
  fieldVisibility: Partial<Record<GatedField, string>>;
  rows: { [S in RowSection]: Array<RowValues<S>> };
}

/** Longest text kept from one input: beyond every limit, so an over-long value still gets its message. */
const MAX_KEPT = 20_000;
/** More rows than any section allows, so too many rows get a message rather than being cut silently. */
const MAX_ROWS_READ = 200;
const MAX_LIST_READ = 500;
const ROW_NAME = /^(\w+)\[(\d{1,4})\]\[(\w+)\]$/;

export function emptyFormValues(): ListingFormValues {
  return {
    fields: {},
    lists: {},
    fieldVisibility: {},
    rows: { team: [], faqs: [], keyUseCases: [], howItWorks: [], fundingRounds: [] },
  };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.slice(0, MAX_KEPT) : "");

/**
 * The values to show again, NUL removed: it cannot be stored or shown, and the parser has already put its message
 * beside the field (listing-form.ts). Everything else stays as typed.
 */
export function withoutNul(values: ListingFormValues): ListingFormValues {
  const strip = (value: unknown): unknown =>
    typeof value === "string"
      ? value.replaceAll("\0", "")
      : Array.isArray(value)
        ? value.map(strip)
        : value !== null && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, strip(item)]))
          : value;
  return strip(values) as ListingFormValues;
}

/** Whether a row holds anything typed (its prefilled fields aside). */
function isEmptyRow(section: RowSection, row: Record<string, string | undefined>): boolean {
  const ignored = ROW_PREFILLED[section] ?? [];
  return Object.entries(row).every(([field, value]) => ignored.includes(field) || !value?.trim());
}

/**
 * The submitted values. Rows are gathered from their indexed names in index order and renumbered 0..n, so a
 * form whose script removed row 1 of 3 still reads as two rows. Empty rows are dropped (an added row left
 * blank is not an error) unless `keepEmptyRows`, which a row operation needs to address rows as shown.
 */
export function readListingForm(form: FormData, { keepEmptyRows = false } = {}): ListingFormValues {
  const values = emptyFormValues();
  for (const field of SCALAR_FIELDS) values.fields[field] = text(form.get(field));
  for (const field of LIST_FIELDS) {
    values.lists[field] = form
      .getAll(field)
      .filter((v): v is string => typeof v === "string")
      .slice(0, MAX_LIST_READ);
  }
  for (const field of GATED_FIELDS) values.fieldVisibility[field] = text(form.get(visibilityInputName(field)));

  const bySection = new Map<RowSection, Map<number, Record<string, string>>>();
  for (const [name, value] of form.entries()) {
    const match = ROW_NAME.exec(name);
    if (!match) continue;
    const [, section, index, field] = match as unknown as [string, RowSection, string, string];
    if (!(ROW_SECTION_NAMES as string[]).includes(section) || !(field in ROW_SECTIONS[section].fields)) continue;
    const rows = bySection.get(section) ?? new Map<number, Record<string, string>>();
    bySection.set(section, rows);
    const row = rows.get(Number(index)) ?? {};
    rows.set(Number(index), row);
    row[field] = text(value);
  }
  for (const section of ROW_SECTION_NAMES) {
    const rows = [...(bySection.get(section) ?? new Map<number, Record<string, string>>()).entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row)
      .filter((row) => keepEmptyRows || !isEmptyRow(section, row))
      .slice(0, MAX_ROWS_READ);
    values.rows[section] = rows as never;
  }
  return values;
}

export type RowOperation = { section: RowSection; op: "add" } | { section: RowSection; op: "remove" | "up" | "down"; index: number };

/** A row button's intent ("row:team:add", "row:faqs:up:2"), or null when the intent is something else. */
export function parseRowIntent(intent: string): RowOperation | null {
  const match = /^row:(\w+):(add|remove|up|down)(?::(\d{1,4}))?$/.exec(intent);
  if (!match || !(ROW_SECTION_NAMES as string[]).includes(match[1]!)) return null;
  const section = match[1] as RowSection;
  if (match[2] === "add") return match[3] === undefined ? { section, op: "add" } : null;
  if (match[3] === undefined) return null;
  return { section, op: match[2] as "remove" | "up" | "down", index: Number(match[3]) };
}

/**
 * A row button pressed without JavaScript: the same change the script makes in the page, done by the server on
 * the values as shown. Returns new values; an operation on a row that does not exist changes nothing.
 */
export function applyRowOperation(values: ListingFormValues, operation: RowOperation): ListingFormValues {
  const rows = [...values.rows[operation.section]] as Array<Record<string, string>>;
  if (operation.op === "add") {
    if (rows.length < ROW_SECTIONS[operation.section].max) rows.push(newRow(operation.section));
  } else if (operation.index < rows.length) {
    const { index } = operation;
    const target = operation.op === "up" ? index - 1 : operation.op === "down" ? index + 1 : -1;
    if (operation.op === "remove") rows.splice(index, 1);
    else if (target >= 0 && target < rows.length) [rows[index], rows[target]] = [rows[target]!, rows[index]!];
  }
  return { ...values, rows: { ...values.rows, [operation.section]: rows } };
}

/** What a newly added row starts with: a round is in US dollars unless changed. */
export function newRow(section: RowSection): Record<string, string> {
  return section === "fundingRounds" ? { currency: "USD" } : {};
}
