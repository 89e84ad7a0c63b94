import { redirect } from "react-router";
import type { Route } from "./+types/admin.listings.new";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { getFieldRules } from "~/features/access/field-rules.server.ts";
import { parseListingType } from "~/features/catalog/listing-types.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { editorOptions } from "~/features/listing-editor/editor-options.server.ts";
import { emptyFormValues } from "~/features/listing-editor/form-values.ts";
import { NewListingPage } from "~/features/listing-editor/new-listing-page.tsx";
import { listingFormAnswer, submitListingForm } from "~/features/listing-editor/submit-listing-form.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "New listing | Back-office | Introbase" }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const [reference, rules] = await Promise.all([getReferenceData(database), getFieldRules(database)]);
  const values = emptyFormValues();
  values.fields = { type: parseListingType(new URL(args.request.url).searchParams.get("type") ?? "") ?? "startup", visibility: "public" };
  return { values, options: editorOptions(reference, rules) };
}

/** Creates the listing, published, and opens it in the editor; or shows the form again with its messages. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  // NUL is refused beside its field by the editor's parser, which keeps the rest of what was typed.
  const form = await readForm(args.request, { nulInValues: true });
  const outcome = await submitListingForm(getAppContext(args.context).database, form, { id: null, admin });
  if (outcome.kind === "redirect") return redirect(`/admin/listings/${outcome.id}?notice=${outcome.notice}`);
  return listingFormAnswer(outcome);
}

export default function NewListing({ loaderData, actionData }: Route.ComponentProps) {
  return <NewListingPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
