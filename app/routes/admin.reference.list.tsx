import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/admin.reference.list";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { createReferenceValue, deleteReferenceValue, updateReferenceValue } from "~/features/reference-editor/edit-reference.server.ts";
import { getGeographyOptions, getNewRowDefaults, getReferenceRows } from "~/features/reference-editor/list-reference.server.ts";
import { ReferenceForm } from "~/features/reference-editor/reference-form.tsx";
import { isListSlug, LIST_SLUGS, LISTS, type ListSlug } from "~/features/reference-editor/reference-lists.ts";
import { ReferenceTable } from "~/features/reference-editor/reference-table.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { cn } from "~/lib/cn.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { plural } from "~/lib/wording.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Reference list"} | Introbase admin` }, { name: "robots", content: "noindex" }];
}

function listOf(params: { list?: string }): ListSlug {
  if (!isListSlug(params.list)) throw data({ message: "No such reference list." }, { status: 404 });
  return params.list;
}

/** One reference list (issue 5 §1): its values with what uses them, an add form and a form per row. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const list = listOf(args.params);
  const { database } = getAppContext(args.context);
  const query = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const [rows, geographies, defaults] = await Promise.all([
    getReferenceRows(database, list, query),
    list === "countries" ? getGeographyOptions(database) : [],
    getNewRowDefaults(database, list),
  ]);
  return { list, title: LISTS[list].title, query, rows, geographies, defaults };
}

type ActionResult =
  | { intent: "create"; ok: true; message: string; id: number }
  | { intent: "update" | "delete"; ok: true; message: string; id: number }
  | {
      intent: "create" | "update";
      ok: false;
      message: string;
      id?: number;
      errors: Partial<Record<string, string>>;
      values: Record<string, string>;
    }
  | { intent: "delete"; ok: false; message: string; id: number };

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const list = listOf(args.params);
  const { database } = getAppContext(args.context);
  const form = Object.fromEntries(await readForm(args.request));
  const { singular } = LISTS[list];
  const id = /^\d{1,9}$/.test(String(form.id ?? "")) ? Number(form.id) : null;
  try {
    if (form.intent === "create") {
      const outcome = await createReferenceValue(database, list, form, admin);
      return outcome.ok
        ? data<ActionResult>({ intent: "create", ok: true, id: outcome.id, message: `Added the ${singular} "${outcome.name}".` })
        : data<ActionResult>({ intent: "create", ...outcome }, { status: 400 });
    }
    if (form.intent === "update" && id !== null) {
      const outcome = await updateReferenceValue(database, list, id, form, admin);
      return outcome.ok
        ? data<ActionResult>({ intent: "update", ok: true, id, message: `Saved "${outcome.name}".` })
        : data<ActionResult>({ intent: "update", id, ...outcome }, { status: 400 });
    }
    if (form.intent === "delete" && id !== null) {
      const outcome = await deleteReferenceValue(database, list, id, admin);
      return outcome.ok
        ? data<ActionResult>({ intent: "delete", ok: true, id, message: `Deleted "${outcome.name}".` })
        : data<ActionResult>({ intent: "delete", ok: false, id, message: outcome.message }, { status: 409 });
    }
    // A post naming no known intent changes nothing: the page shows again with a note.
    return data({ intent: "none" as const, ok: false as const, message: "Choose a value and what to do with it." });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return data({ intent: "none" as const, ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminReferenceList({ loaderData, actionData }: Route.ComponentProps) {
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
  const editParam = Number(params.get("edit"));
  const editing = failedEdit
    ? { id: failedEdit.id!, values: failedEdit.values, errors: failedEdit.errors }
    : Number.isInteger(editParam) && editParam > 0
      ? { id: editParam }
      : null;
  const failedCreate = actionData?.intent === "create" && !actionData.ok ? actionData : null;
  const refused = actionData?.intent === "delete" && !actionData.ok ? { id: actionData.id, message: actionData.message } : null;
  const notice = actionData && (actionData.ok || actionData.intent === "none") ? actionData : null;

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
            key={actionData?.intent === "create" && actionData.ok ? actionData.id : "add"}
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
