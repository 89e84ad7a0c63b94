import type { z } from "zod";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormParse<T, F extends string> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<F>; values: Partial<Record<F, string>> };

/** Longest text kept from any one field: more than any field allows, so over-long input still gets its message. */
const MAX_KEPT = 20_000;

/**
 * Form values through a schema: the parsed data, or the first message per field with the values exactly as
 * typed, so a form can show each message beside its field and lose nothing (issue 4 §6). Only the schema's
 * own fields are read; a value that is not text (a file, a missing field) counts as empty.
 */
export function parseForm<S extends z.ZodObject, F extends Extract<keyof S["shape"], string>>(
  schema: S,
  input: Record<string, unknown>,
): FormParse<z.infer<S>, F> {
  const fields = Object.keys(schema.shape) as F[];
  const values = Object.fromEntries(
    fields.map((f) => [f, typeof input[f] === "string" ? String(input[f]).slice(0, MAX_KEPT) : ""]),
  ) as Record<F, string>;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}
