import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { plural } from "~/lib/wording.ts";
import type { ReferenceRow } from "./list-reference.server.ts";
import { ReferenceForm } from "./reference-form.tsx";
import { LIST_SLUGS, LISTS, type ListSlug, type Option } from "./reference-lists.ts";
import type { ListFormValues } from "./reference-schemas.ts";
import { ReferenceTable } from "./reference-table.tsx";

/** A reference list's form result: `intent` is create, update or delete, `target` the row's id. */
export type ReferenceSubmission = FormResult<string, undefined, ListFormValues>;

export interface ReferenceListData {
  list: ListSlug;
  query: string;
  rows: ReferenceRow[];
  geographies: Option[];
  defaults: ListFormValues;
}

/** One reference list (issue 5 §1): its values with what uses them, an add form and a form per row. */
export function ReferenceListPage({ page: loaderData, result: actionData }: { page: ReferenceListData; result?: ReferenceSubmission }) {
  const { list, query, rows, geographies, defaults } = loaderData;
  const definition = LISTS[list];
  const busy = useNavigation().state !== "idle";
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  // Forms post to the page without ?edit, so a saved row closes; a refused one stays open from the action's data.
  const keep = query ? `?${new URLSearchParams({ q: query })}` : "";
  const formAction = `${pathname}${keep}`;
  const linkTo = (edit?: number) =>
    edit === undefined ? formAction : `${pathname}?${new URLSearchParams({ ...(query ? { q: query } : {}), edit: String(edit) })}`;
  const failedEdit = actionData?.intent === "update" && !actionData.ok ? actionData : null;
  const targetId = actionData?.target ? Number(actionData.target) : undefined;
  const editParam = Number(params.get("edit"));
  const editing = failedEdit
    ? { id: targetId!, values: failedEdit.values, errors: failedEdit.errors }
    : Number.isInteger(editParam) && editParam > 0
      ? { id: editParam }
      : null;
  const failedCreate = actionData?.intent === "create" && !actionData.ok ? actionData : null;
  const refused = actionData?.intent === "delete" && !actionData.ok ? { id: targetId!, message: actionData.message ?? "" } : null;
  const notice = actionData && (actionData.ok || actionData.intent === undefined) ? actionData : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/admin/reference" className="text-sm text-accent hover:underline">
        ← Reference lists
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{definition.title}</h1>
      <p className="mt-2 text-sm text-fg-muted">{definition.description}</p>
      <nav aria-label="Reference lists" className="mt-6 flex flex-wrap gap-2">
        {LIST_SLUGS.map((slug) => (
          <Link
            key={slug}
            to={`/admin/reference/${slug}`}
            aria-current={slug === list ? "page" : undefined}
            className={cn(
              "rounded-full border border-border px-3 py-1 text-sm",
              slug === list ? "border-accent bg-accent-soft font-medium" : "hover:bg-surface-muted",
            )}
          >
            {LISTS[slug].title}
          </Link>
        ))}
      </nav>

      <Card className="mt-8 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">
          Add {/^[aeiou]/.test(definition.singular) ? "an" : "a"} {definition.singular}
        </h2>
        <div className="mt-4">
          <ReferenceForm
            // A new key after each addition empties the form for the next one.
            key={actionData?.intent === "create" && actionData.ok ? actionData.target : "add"}
            definition={definition}
            intent="create"
            action={formAction}
            values={failedCreate?.values ?? defaults}
            errors={failedCreate?.errors}
            geographies={geographies}
            busy={busy}
            label={`Add ${definition.singular}`}
          />
          {failedCreate ? (
            <p role="alert" className="mt-3 text-sm text-danger">
              {failedCreate.message}
            </p>
          ) : null}
        </div>
      </Card>

      <div className="mt-8 flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-lg font-semibold">
          {plural(rows.length, definition.singular, definition.title.toLowerCase())}
          {query ? ` matching "${query}"` : ""}
        </h2>
        <Form method="get" className="flex items-end gap-2" role="search">
          <label className="text-sm">
            Filter by {definition.nameField === "name" ? "name" : "field"}
            <input name="q" defaultValue={query} className={cn(inputClass, "w-56 max-w-full")} />
          </label>
          <Button type="submit" size="sm" variant="secondary" className="mb-0.5 h-9">
            Filter
          </Button>
        </Form>
      </div>
      {notice ? (
        <p role={notice.ok ? "status" : "alert"} className={cn("mt-4 text-sm", notice.ok ? "text-success" : "text-danger")}>
          {notice.message}
        </p>
      ) : null}
      {failedEdit ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {failedEdit.message}
        </p>
      ) : null}
      <div className="mt-4">
        {rows.length === 0 ? (
          <p className="text-fg-muted">{query ? "Nothing matches the filter." : "No values yet."}</p>
        ) : (
          <ReferenceTable
            definition={definition}
            rows={rows}
            geographies={geographies}
            editing={editing}
            refused={refused}
            linkTo={linkTo}
            action={formAction}
            busy={busy}
          />
        )}
      </div>
    </div>
  );
}
