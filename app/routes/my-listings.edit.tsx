import type { Route } from "./+types/my-listings.edit";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { requireOwnedListing } from "~/features/listing-owners/ownership.server.ts";
import { OwnerEditForm, OwnerProposals } from "~/features/owner-edits/owner-edit-form.tsx";
import { ownerEditPage } from "~/features/owner-edits/owner-edit-page.server.ts";
import { FROZEN_MESSAGE } from "~/features/owner-edits/owner-fields.ts";
import { submitOwnerEdit } from "~/features/owner-edits/propose-changes.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import type { ListingFormValues } from "~/features/listing-editor/form-values.ts";
import { readForm } from "~/lib/http.server.ts";
import { redirect } from "react-router";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Edit profile | ${loaderData?.name ?? "Your listing"} | Introbase` }, { name: "robots", content: "noindex" }];
}

const NOTICES = {
  proposed: "Thank you: your changes were sent for review. You will get an e-mail when they are decided.",
  published: "Your changes are published.",
  both: "Some of your changes are published; the others were sent for review.",
  unchanged: "Nothing was changed.",
} as const;

/** An owner's edit of their listing (issue 36, decision 0115). */
export async function loader(args: Route.LoaderArgs) {
  const { listing } = await requireOwnedListing(args, args.params.listingId);
  const page = await ownerEditPage(getAppContext(args.context).database, listing);
  const notice = new URL(args.request.url).searchParams.get("notice");
  return { name: listing.name, ...page, notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null };
}

export async function action(args: Route.ActionArgs) {
  const { listing, user } = await requireOwnedListing(args, args.params.listingId);
  const form = await readForm(args.request, { nulInValues: true });
  const outcome = await submitOwnerEdit(getAppContext(args.context).database, { listing, user, form });
  if (outcome.kind === "done") return redirect(`/my-listings/${listing.id}/edit?notice=${outcome.notice}`);
  const result = { values: outcome.values, errors: outcome.errors, target: crypto.randomUUID() };
  if (outcome.refused) return formRefused<string, undefined, ListingFormValues>(outcome.refused, result);
  return formDone<string, undefined, ListingFormValues>(result);
}

export default function OwnerEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      {loaderData.notice ? (
        <p role="status" className="rounded-md border border-border bg-surface-muted p-3 text-sm">
          {loaderData.notice}
        </p>
      ) : null}
      {loaderData.frozen ? (
        <p role="alert" className="rounded-md border border-warning/40 p-3 text-sm">
          {FROZEN_MESSAGE}
        </p>
      ) : null}
      <OwnerProposals proposals={loaderData.proposals} />
      <OwnerEditForm
        key={actionData?.target ?? "stored"}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        options={loaderData.options}
        atOnce={loaderData.atOnce}
        frozen={loaderData.frozen}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
