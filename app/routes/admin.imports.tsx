import type { Route } from "./+types/admin.imports";
import { ImportsPage } from "~/features/imports/ui/imports-page.tsx";
import { importsPageData } from "~/features/imports/server/imports-page.server.ts";
import { ProviderImportRequest, startProviderImport } from "~/features/imports/provider/provider-import-job.server.ts";
import { PROVIDER_INTENT, PROVIDER_QUERY_FIELDS } from "~/features/imports/provider/provider-query.ts";
import { SPREADSHEET_INTENT } from "~/features/imports/ui/spreadsheet-import-form.tsx";
import { startSpreadsheetImport } from "~/features/imports/spreadsheet/spreadsheet-import-job.server.ts";
import { MISSING_KEY, SpreadsheetImportRequest } from "~/features/imports/spreadsheet/spreadsheet-import-request.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { FIX_FIELDS, keptValues } from "~/lib/form-parse.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Imports | Back-office | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Provider and spreadsheet imports (issue 7 §5, §7): start one, and watch the jobs with their progress, counters and errors. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return importsPageData(getAppContext(args.context).database);
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const form = await readForm(args.request);
  if (form.get("intent") === SPREADSHEET_INTENT) {
    const baseId = String(form.get("baseId") ?? "");
    const parsed = SpreadsheetImportRequest.safeParse({ baseId });
    // Refused here rather than failed as a job: the operator sees why beside the field at once.
    const error = !parsed.success
      ? parsed.error.issues[0]!.message
      : getEnv().SPREADSHEET_API_KEY
        ? null
        : `${MISSING_KEY}: see the note above.`;
    if (error || !parsed.success)
      return formRefused("bad_request", { intent: SPREADSHEET_INTENT, errors: { baseId: error ?? "" }, values: { baseId } });
    await startSpreadsheetImport(getAppContext(args.context).database, parsed.data, admin.id);
    return formDone({ intent: SPREADSHEET_INTENT });
  }
  const raw = Object.fromEntries(PROVIDER_QUERY_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const parsed = ProviderImportRequest.safeParse({ endpoint: form.get("endpoint"), query: raw });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    // The field is the first step of the path inside `query` ("query.category.0": a value of the categories).
    for (const issue of parsed.error.issues) errors[String(issue.path[0] === "query" ? issue.path[1] : issue.path[0])] ??= issue.message;
    return formRefused("bad_request", {
      intent: PROVIDER_INTENT,
      message: FIX_FIELDS,
      errors,
      values: keptValues(PROVIDER_QUERY_FIELDS, raw),
    });
  }
  await startProviderImport(getAppContext(args.context).database, parsed.data, admin.id);
  return formDone({ intent: PROVIDER_INTENT });
}

export default function Imports({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportsPage page={loaderData} result={actionData} />;
}
