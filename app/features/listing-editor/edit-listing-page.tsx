import { Link } from "react-router";
import { AuditHistory } from "~/components/admin/audit-history.tsx";
import type { EditListingData } from "./edit-listing-data.server.ts";
import { EditorHeader, EditorNotice, StatusBanner } from "./editor-header.tsx";
import { ListingEditorForm } from "./listing-editor-form.tsx";
import type { ListingSubmission } from "./submit-listing-form.server.ts";

/** One listing in the editor (issue 5 §1; spec 02's "Open in spreadsheet" lands here), with its history. */
export function EditListingPage({ page: loaderData, result: actionData }: { page: EditListingData; result?: ListingSubmission }) {
  const { listing, options, history, notice, syncedAt } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/admin/listings" className="text-sm text-accent hover:underline">
        ← All listings
      </Link>
      <EditorNotice notice={notice} />
      <EditorHeader listing={listing} />
      <StatusBanner listing={listing} />
      <ListingEditorForm
        key={actionData?.target ?? listing.updatedAt}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        options={options}
        readOnly={listing.status === "merged"}
        syncedAt={syncedAt}
        sources={loaderData.sources}
        submitLabel="Save changes"
      />
      <AuditHistory entries={history} />
    </div>
  );
}
