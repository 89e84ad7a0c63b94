import type { Route } from "./+types/admin.reference.list";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { createReferenceValue, deleteReferenceValue, updateReferenceValue } from "~/features/reference-editor/edit-reference.server.ts";
import { getGeographyOptions, getNewRowDefaults, getReferenceRows } from "~/features/reference-editor/list-reference.server.ts";
import { ReferenceListPage, type ReferenceSubmission } from "~/features/reference-editor/reference-list-page.tsx";
import { isListSlug, LISTS, type ListSlug } from "~/features/reference-editor/reference-lists.ts";
import type { ListFormValues } from "~/features/reference-editor/reference-schemas.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound, type ErrorCode } from "~/lib/errors.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Reference list"} | Introbase admin` }, { name: "robots", content: "noindex" }];
}

function listOf(params: { list?: string }): ListSlug {
  if (!isListSlug(params.list)) notFound("No such reference list.");
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

const refuse = (code: ErrorCode, result: Omit<ReferenceSubmission, "ok">) => formRefused(code, result);
const done = (result: Omit<ReferenceSubmission, "ok">) => formDone(result);

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const list = listOf(args.params);
  const { database } = getAppContext(args.context);
  const form = Object.fromEntries(await readForm(args.request));
  const { singular } = LISTS[list];
  const id = /^\d{1,9}$/.test(String(form.id ?? "")) ? Number(form.id) : null;
  const target = id === null ? undefined : String(id);
  try {
    if (form.intent === "create") {
      const outcome = await createReferenceValue(database, list, form, admin);
      return outcome.ok
        ? done({ intent: "create", target: String(outcome.id), message: `Added the ${singular} "${outcome.name}".` })
        : refuse("bad_request", { intent: "create", message: outcome.message, errors: outcome.errors, values: outcome.values });
    }
    if (form.intent === "update" && id !== null) {
      const outcome = await updateReferenceValue(database, list, id, form, admin);
      return outcome.ok
        ? done({ intent: "update", target, message: `Saved "${outcome.name}".` })
        : refuse("bad_request", { intent: "update", target, message: outcome.message, errors: outcome.errors, values: outcome.values });
    }
    if (form.intent === "delete" && id !== null) {
      const outcome = await deleteReferenceValue(database, list, id, admin);
      return outcome.ok
        ? done({ intent: "delete", target, message: `Deleted "${outcome.name}".` })
        : refuse("conflict", { intent: "delete", target, message: outcome.message });
    }
    // A post naming no known intent changes nothing: the page shows again with a note.
    return refuse("bad_request", { message: "Choose a value and what to do with it." });
  } catch (error) {
    return formRefusedBy<string, undefined, ListFormValues>(error);
  }
}

export default function AdminReferenceList({ loaderData, actionData }: Route.ComponentProps) {
  return <ReferenceListPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
