import type { Route } from "./+types/saved-searches";
import { savedSearchFormAction } from "~/features/saved-searches/saved-search-form-action.server.ts";
import { SavedSearchFormPage } from "~/features/saved-searches/saved-search-form-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { formRefused } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Saved searches | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Nothing to show without a form post: the list lives in /settings. */
export function loader() {
  return seeOther("/settings#saved-searches");
}

/** The directory's "Save search" and the /settings forms (rename, alerts, delete). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  const outcome = await savedSearchFormAction(database, user, await readForm(request, { nulInValues: true }));
  if (outcome.ok) return seeOther(outcome.redirectTo);
  return formRefused(outcome.code, outcome.result);
}

export default function SavedSearchForms({ actionData }: Route.ComponentProps) {
  return <SavedSearchFormPage result={actionData} />;
}
