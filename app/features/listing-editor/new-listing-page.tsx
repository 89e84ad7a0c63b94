import { Link } from "react-router";
import type { EditorOptions } from "./editor-options.ts";
import type { ListingFormValues } from "./form-values.ts";
import { ListingEditorForm } from "./listing-editor-form.tsx";
import type { ListingSubmission } from "./submit-listing-form.server.ts";

/** A new listing in the editor: published when created; only the type and the name are required. */
export function NewListingPage({
  page: loaderData,
  result: actionData,
}: {
  page: { values: ListingFormValues; options: EditorOptions };
  result?: ListingSubmission;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/admin/listings" className="text-sm text-accent hover:underline">
        ← All listings
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">New listing</h1>
      <p className="mt-2 text-sm text-fg-muted">It is published when created. Only the type and the name are required.</p>
      <ListingEditorForm
        key={actionData?.target ?? "new"}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        options={loaderData.options}
        submitLabel="Create listing"
      />
    </div>
  );
}
