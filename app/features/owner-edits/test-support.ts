/** Test code only: an owner's form posted as the browser posts it, from the values the edit page shows. */
import type { ListingFormValues } from "~/features/listing-editor/form-values.ts";

/** The edit page's values as a form body, with `changes` (input name → value) put over them. */
export function ownerForm(values: ListingFormValues, changes: Record<string, string | string[]> = {}): URLSearchParams {
  const body = new URLSearchParams();
  const put = (name: string, value: string | string[]) => {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  };
  const all: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values.fields)) all[name] = value ?? "";
  for (const [name, list] of Object.entries(values.lists)) all[name] = list ?? [];
  for (const [section, rows] of Object.entries(values.rows))
    (rows as Array<Record<string, string>>).forEach((row, i) => {
      for (const [field, value] of Object.entries(row)) all[`${section}[${i}][${field}]`] = value;
    });
  for (const [name, value] of Object.entries({ ...all, ...changes })) put(name, value);
  if (!body.has("intent")) body.set("intent", "save");
  return body;
}
