import type { z } from "zod";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FieldValues<F extends string> = Partial<Record<F, string>>;

/**
 * The one answer of every form submission (decision 0045), from a page action or a JSON endpoint a form posts
 * to: whether it passed, a message for the whole form, a message per field (shown beside it by FormField) and the
 * values as typed, so a refused form loses nothing. A page with several forms says which one answered (`intent`)
 * and the item it acted on (`target`); `data` is what a passed submission hands back (a link, a new id). A form
 * with repeated fields (lists, rows) keeps its values in its own shape `V`.
 */
export interface FormResult<F extends string = string, D = undefined, V = FieldValues<F>> {
  ok: boolean;
  message?: string;
  errors?: FieldErrors<F>;
  values?: V;
  intent?: string;
  target?: string;
  data?: D;
}

export type FormParse<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F>; values: FieldValues<F> };

/** Longest text kept (echoed back) from any one field: more than any field allows, so the page never balloons. */
export const MAX_KEPT = 20_000;

export const NUL_FIELD_MESSAGE = "This field contains a character that is not allowed (NUL). Please remove it.";

/** The first message per field of a zod error; an issue about the whole object goes to `fallback`. */
export function fieldErrors<F extends string>(error: z.ZodError, fallback?: F): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = (issue.path.length ? String(issue.path[0]) : fallback) as F | undefined;
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The values to send back as typed: text only (a file, a number from JSON or a missing field is empty), without
 * NUL (it cannot be stored or shown) and at most MAX_KEPT characters, cut on a whole character.
 */
export function keptValues<F extends string>(fields: readonly F[], input: Record<string, unknown>): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, typeof input[f] === "string" ? keep(input[f]) : ""])) as Record<F, string>;
}

function keep(text: string): string {
  const cut = text.replaceAll("\0", "").slice(0, MAX_KEPT);
  // Never half a character: a cut between the two halves of an emoji drops the lone first half.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Form values through a schema: the parsed data, or the first message per field with the values as typed, so a
 * form can show each message beside its field and lose nothing (issue 4 §6). Only the schema's own fields are
 * read; a value that is not text counts as empty; text with NUL is refused beside its field. The schema checks the
 * whole text, so a value over a field's limit is refused, never cut to fit.
 */
export function parseForm<S extends z.ZodObject, F extends Extract<keyof S["shape"], string>>(
  schema: S,
  input: Record<string, unknown>,
): FormParse<z.infer<S>, F> {
  const fields = Object.keys(schema.shape) as F[];
  const text = Object.fromEntries(fields.map((f) => [f, typeof input[f] === "string" ? input[f] : ""])) as Record<F, string>;
  const withNul = fields.filter((f) => text[f].includes("\0"));
  const result = schema.safeParse(text);
  if (result.success && withNul.length === 0) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = result.success ? {} : fieldErrors<F>(result.error);
  for (const f of withNul) errors[f] = NUL_FIELD_MESSAGE;
  return { ok: false, errors, values: keptValues(fields, text) };
}

/** A refused parse as the form's answer, with the form's message. */
export function refused<F extends string>(
  parsed: { errors: FieldErrors<F>; values: FieldValues<F> },
  extra: Omit<FormResult<F>, "ok" | "errors" | "values"> = {},
): FormResult<F> {
  return { ok: false, message: FIX_FIELDS, ...extra, errors: parsed.errors, values: parsed.values };
}

export const FIX_FIELDS = "Please correct the highlighted fields.";
