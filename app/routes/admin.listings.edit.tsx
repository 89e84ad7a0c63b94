import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.listings.edit";
import { AuditHistory } from "~/components/admin/audit-history.tsx";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { getFieldRules } from "~/features/access/field-rules.server.ts";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { EditorHeader, EditorNotice, StatusBanner } from "~/features/listing-editor/editor-header.tsx";
import { editorOptions } from "~/features/listing-editor/editor-options.server.ts";
import { readListingForm } from "~/features/listing-editor/form-values.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { ListingEditorForm } from "~/features/listing-editor/listing-editor-form.tsx";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import { describeTrail, parseNotice } from "~/features/listing-editor/notices.ts";
import { submitListingForm } from "~/features/listing-editor/submit-listing-form.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.listing.name ?? "Listing"} | Back-office | Introbase` }, { name: "robots", content: "noindex" }];
}

const notFound = () => data({ message: "No such listing." }, { status: 404 });

/** One listing in the editor (issue 5 §1; spec 02's "Open in spreadsheet" lands here), with its history. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const id = z.uuid().safeParse(args.params.id);
  const listing = id.success ? await getListingForEdit(database, id.data) : null;
  if (!listing) throw notFound();
  const [reference, rules, trail] = await Promise.all([
    getReferenceData(database),
    getFieldRules(database),
    auditTrailFor(database, [listing.columns.id]),
  ]);
  const c = listing.columns;
  return {
    listing: {
      id: c.id,
      name: c.name,
      type: c.type,
      slug: c.slug,
      status: c.processingStatus,
      featured: c.featured,
      updatedAt: c.updatedAt.toISOString(),
      survivor: listing.survivor,
    },
    syncedAt: { enriched: c.lastCompanyEnrichment?.toISOString() ?? null, synced: c.dataLastSynced?.toISOString() ?? null },
    values: toFormValues(listing),
    options: editorOptions(reference, rules),
    history: describeTrail(trail.get(c.id)),
    notice: parseNotice(new URL(args.request.url).searchParams.get("notice")),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const id = z.uuid().safeParse(args.params.id);
  if (!id.success) throw notFound();
  const form = await readForm(args.request);
  try {
    const outcome = await submitListingForm(getAppContext(args.context).database, form, { id: id.data, admin });
    if (outcome.kind === "redirect") return redirect(`/admin/listings/${outcome.id}?notice=${outcome.notice}`);
    return data({ values: outcome.values, errors: outcome.errors, nonce: crypto.randomUUID() }, { status: outcome.status });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw notFound();
    // A merge between opening and saving: say so, and keep what was typed.
    if (error instanceof AppError && error.code === "conflict")
      return data({ values: readListingForm(form), errors: { form: error.message }, nonce: crypto.randomUUID() }, { status: 409 });
    throw error;
  }
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
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
        key={actionData?.nonce ?? listing.updatedAt}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        options={options}
        readOnly={listing.status === "merged"}
        syncedAt={syncedAt}
        submitLabel="Save changes"
      />
      <AuditHistory entries={history} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
