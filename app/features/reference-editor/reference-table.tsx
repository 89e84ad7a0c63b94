import { Pencil, Trash2 } from "lucide-react";
import { Fragment } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { ReferenceForm, type FormErrors } from "./reference-form.tsx";
import { totalUsage, type FieldDefinition, type ListDefinition, type Option, type UsageCount } from "./reference-lists.ts";
import { plural } from "~/lib/wording.ts";

export interface TableRow {
  id: number;
  name: string;
  values: Record<string, string>;
  derived: Record<string, string>;
  usage: UsageCount;
}

/** The row being edited, with what was typed and the messages when the server refused it. */
export interface EditState {
  id: number;
  values?: Record<string, string>;
  errors?: FormErrors;
}

function display(field: FieldDefinition, value: string, geographies: Option[]): string {
  if (field.kind === "checkbox") return value === "on" ? "Yes" : "No";
  const options = field.options === "geographies" ? geographies : field.options;
  return options?.find((o) => o.value === value)?.label ?? (value || "—");
}

// Below the sm breakpoint each row stacks into a card, every value under its column's name (data-label).
const cell =
  "px-3 py-2 align-middle max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-0.5 max-sm:before:min-w-28 max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]";

function usageText(usage: UsageCount): string {
  const parts = [
    usage.listings ? plural(usage.listings, "listing") : null,
    usage.applications ? plural(usage.applications, "application") : null,
    usage.countries ? plural(usage.countries, "country") : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "Unused";
}

/** A value as a row (a card below sm): its columns, derived values and use, then Edit (a link) and Delete (a form). */
function ValueRow({
  definition,
  columns,
  row,
  geographies,
  linkTo,
  action,
  busy,
  counted,
}: {
  definition: ListDefinition;
  columns: ListDefinition["fields"];
  row: TableRow;
  geographies: Option[];
  linkTo: (edit?: number) => string;
  action: string;
  busy: boolean;
  /** Whether the list shows a "Used by" column. */
  counted: boolean;
}) {
  return (
    <tr className="border-b border-border max-sm:block max-sm:rounded-lg max-sm:border max-sm:p-3">
      {columns.map((c, i) => (
        <td key={c.name} data-label={c.label} className={cell}>
          <span className={i === 0 ? "font-medium break-words" : "break-words"}>{display(c, row.values[c.name] ?? "", geographies)}</span>
        </td>
      ))}
      {definition.derived?.map((d) => (
        <td key={d.name} data-label={d.label} className={`${cell} break-all text-fg-muted`}>
          {row.derived[d.name] || "—"}
        </td>
      ))}
      {counted ? (
        <td data-label="Used by" className={`${cell} text-fg-muted`}>
          {usageText(row.usage)}
        </td>
      ) : null}
      <td className="px-3 py-2 align-middle max-sm:block max-sm:px-0 max-sm:pt-2">
        <div className="flex justify-end gap-1 max-sm:-ml-3 max-sm:justify-start">
          <Link
            to={linkTo(row.id)}
            preventScrollReset
            aria-label={`Edit ${row.name}`}
            className={buttonClass({ variant: "ghost", size: "sm" })}
          >
            <Pencil aria-hidden="true" /> Edit
          </Link>
          <Form
            method="post"
            action={action}
            preventScrollReset
            onSubmit={(event) => {
              // A value in use is refused by the server with its count; only a real deletion is confirmed.
              if (totalUsage(row.usage) === 0 && !window.confirm(`Delete "${row.name}"? This cannot be undone.`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={`Delete ${row.name}`}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </Form>
        </div>
      </td>
    </tr>
  );
}

/**
 * A list's values as a table: one row each with Edit and Delete; the row being edited opens into its form.
 * Editing is a link (?edit=id), so it works before the page's script has loaded.
 */
export function ReferenceTable({
  definition,
  rows,
  geographies,
  editing,
  refused,
  linkTo,
  action,
  busy,
}: {
  definition: ListDefinition;
  rows: TableRow[];
  geographies: Option[];
  editing: EditState | null;
  /** A delete the server refused: the row and why. */
  refused: { id: number; message: string } | null;
  linkTo: (edit?: number) => string;
  action: string;
  busy: boolean;
}) {
  const columns = definition.fields.filter((f) => f.column);
  const counted = definition.slug !== "field-rules";
  const span = columns.length + (definition.derived?.length ?? 0) + (counted ? 2 : 1);
  return (
    <table className="w-full text-sm max-sm:block">
      <thead className="border-b border-border text-left text-fg-muted max-sm:sr-only">
        <tr>
          {columns.map((c) => (
            <th key={c.name} scope="col" className="px-3 py-2 font-medium">
              {c.label}
            </th>
          ))}
          {definition.derived?.map((d) => (
            <th key={d.name} scope="col" className="px-3 py-2 font-medium">
              {d.label}
            </th>
          ))}
          {counted ? (
            <th scope="col" className="px-3 py-2 font-medium">
              Used by
            </th>
          ) : null}
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:block max-sm:space-y-3">
        {rows.map((row) => (
          <Fragment key={row.id}>
            {editing?.id === row.id ? (
              <tr className="border-b border-border bg-surface-muted max-sm:block max-sm:rounded-lg max-sm:border">
                <td colSpan={span} className="p-4 max-sm:block">
                  <ReferenceForm
                    definition={definition}
                    intent="update"
                    id={row.id}
                    action={action}
                    values={editing.values ?? row.values}
                    errors={editing.errors}
                    geographies={geographies}
                    busy={busy}
                    cancelTo={linkTo()}
                    label={`Edit ${row.name}`}
                  />
                </td>
              </tr>
            ) : (
              <ValueRow
                definition={definition}
                columns={columns}
                row={row}
                geographies={geographies}
                linkTo={linkTo}
                action={action}
                busy={busy}
                counted={counted}
              />
            )}
            {refused?.id === row.id ? (
              <tr className="max-sm:block">
                <td colSpan={span} className="px-3 pb-3 max-sm:block max-sm:px-0">
                  <p role="alert" className="text-sm text-danger">
                    {refused.message}
                  </p>
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
