import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import type { FieldDefinition, ListDefinition, Option } from "./reference-lists.ts";

export type FormErrors = Partial<Record<string, string>>;

function Field({ field, value, error, geographies }: { field: FieldDefinition; value: string; error?: string; geographies: Option[] }) {
  if (field.kind === "checkbox")
    return (
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name={field.name} defaultChecked={value === "on"} className="size-4 accent-accent" />
          {field.label}
        </label>
        {error ? <p className="mt-1 text-xs text-danger">{error}</p> : null}
      </div>
    );
  const options = field.options === "geographies" ? [{ value: "", label: "Not set" }, ...geographies] : (field.options ?? []);
  return (
    <FormField label={field.label} error={error} hint={field.hint} className={field.kind === "textarea" ? "sm:col-span-2" : undefined}>
      {(props) =>
        field.kind === "select" ? (
          <select {...props} name={field.name} defaultValue={value}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : field.kind === "textarea" ? (
          <textarea {...props} name={field.name} defaultValue={value} rows={3} />
        ) : (
          // Numbers are typed as text so a wrong one gets our message beside it, not the browser's bubble.
          <input
            {...props}
            name={field.name}
            defaultValue={value}
            inputMode={field.kind === "number" ? "numeric" : undefined}
            autoComplete="off"
          />
        )
      }
    </FormField>
  );
}

/**
 * The add form and a row's edit form: every field of the list, filled from `values` (the row, or what was typed
 * when the server refused it), each message beside its field.
 */
export function ReferenceForm({
  definition,
  intent,
  id,
  action,
  values,
  errors = {},
  geographies,
  busy,
  cancelTo,
  label,
}: {
  definition: ListDefinition;
  intent: "create" | "update";
  id?: number;
  action: string;
  values: Record<string, string>;
  errors?: FormErrors;
  geographies: Option[];
  busy: boolean;
  cancelTo?: string;
  label: string;
}) {
  return (
    <Form method="post" action={action} aria-label={label} className="grid gap-4" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <div className={cn("grid gap-4", definition.fields.length > 1 && "sm:grid-cols-2")}>
        {definition.fields.map((field) => (
          <Field key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} geographies={geographies} />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {intent === "create" ? "Add" : "Save"}
        </Button>
        {cancelTo !== undefined ? (
          <Link to={cancelTo} preventScrollReset className="inline-flex h-8 items-center rounded-lg px-3 text-sm hover:bg-surface-muted">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
