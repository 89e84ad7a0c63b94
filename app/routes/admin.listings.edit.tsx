import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.listings.edit";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { editListingData } from "~/features/listing-editor/edit-listing-data.server.ts";
import { EditListingPage } from "~/features/listing-editor/edit-listing-page.tsx";
import { readListingForm } from "~/features/listing-editor/form-values.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { listingFormAnswer, submitListingForm } from "~/features/listing-editor/submit-listing-form.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.listing.name ?? "Listing"} | Back-office | Introbase` }, { name: "robots", content: "noindex" }];
}

const NO_SUCH_LISTING = "No such listing.";

/** One listing in the editor (issue 5 §1; spec 02's "Open in spreadsheet" lands here), with its history. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const id = z.uuid().safeParse(args.params.id);
  const listing = id.success ? await getListingForEdit(database, id.data) : null;
  if (!listing) notFound(NO_SUCH_LISTING);
  return editListingData(database, listing, new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const id = z.uuid().safeParse(args.params.id);
  if (!id.success) notFound(NO_SUCH_LISTING);
  // NUL is refused beside its field by the editor's parser, which keeps the rest of what was typed.
  const form = await readForm(args.request, { nulInValues: true });
  try {
    const outcome = await submitListingForm(getAppContext(args.context).database, form, { id: id.data, admin });
    if (outcome.kind === "redirect") return redirect(`/admin/listings/${outcome.id}?notice=${outcome.notice}`);
    return listingFormAnswer(outcome);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound(NO_SUCH_LISTING);
    // A merge between opening and saving: say so, and keep what was typed.
    if (error instanceof AppError && error.code === "conflict")
      return listingFormAnswer({ kind: "form", refused: "conflict", values: readListingForm(form), errors: { form: error.message } });
    throw error;
  }
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  return <EditListingPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
