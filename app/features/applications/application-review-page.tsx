import { Form, Link, useNavigation } from "react-router";
import { AuditHistory } from "~/components/admin/audit-history.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { ApplicationReviewData } from "./application-review.server.ts";
import { FeatureApplicationFields } from "./feature-application-form.tsx";
import type { FeatureField, FeatureFormValues } from "./feature-application.ts";
import { formatDateTime } from "~/lib/format-date.ts";

export type ApplicationSubmission = FormResult<FeatureField | "reason", { listing: string }, FeatureFormValues>;

/** One application for an operator: what was sent, possible duplicates, its history; editable and decidable while new. */
export function ApplicationReviewPage({ page, result: actionData }: { page: ApplicationReviewData; result?: ApplicationSubmission }) {
  const { application: a, options, duplicates, history } = page;
  const busy = useNavigation().state !== "idle";
  const open = a.status === "new";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/admin/applications" className="text-sm text-accent hover:underline">
        ← All applications
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {a.logoFileId ? (
          <img
            src={`/media/${a.logoFileId}`}
            alt={`${a.name} logo`}
            width={48}
            height={48}
            className="size-12 rounded border border-border object-contain"
          />
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight">{a.name}</h1>
        <Badge variant="outline">{a.type}</Badge>
        <Badge variant={a.status === "approved" ? "accent" : "outline"}>{a.status}</Badge>
      </div>
      <p className="mt-1 text-xs text-fg-muted">Received {formatDateTime(a.createdAt)}</p>
      {duplicates.length > 0 ? (
        <div role="note" className="mt-4 rounded-lg border border-danger p-3 text-sm">
          <p className="font-medium text-danger">Possible duplicate of an existing listing</p>
          <ul className="mt-1 list-disc pl-5">
            {duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/profile/${d.type}/${d.slug}`} className="text-accent underline">
                  {d.name}
                </Link>{" "}
                <span className="text-fg-muted">({d.reason})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "mt-4 text-sm" : "mt-4 text-sm text-danger"}>
          {actionData.message}{" "}
          {actionData.data?.listing ? (
            <Link to={actionData.data.listing} className="text-accent underline">
              View the listing
            </Link>
          ) : null}
        </p>
      ) : null}
      {a.decisionNote ? <p className="mt-3 text-sm text-fg-muted">Reason given: {a.decisionNote}</p> : null}

      {open ? (
        <div className="mt-6 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
          <Form method="post" className="grid content-start gap-2">
            <input type="hidden" name="intent" value="approve" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="featured" className="size-4 accent-accent" /> Feature this listing
            </label>
            <Button type="submit" disabled={busy}>
              Approve and publish
            </Button>
          </Form>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="reject" />
            <label className="text-sm">
              Reason (e-mailed to the applicant)
              <textarea
                name="reason"
                rows={2}
                maxLength={1000}
                aria-invalid={actionData?.errors?.reason ? true : undefined}
                className={inputClass}
              />
            </label>
            {actionData?.errors?.reason ? <p className="text-xs text-danger">{actionData.errors.reason}</p> : null}
            <Button type="submit" variant="secondary" disabled={busy}>
              Reject
            </Button>
          </Form>
        </div>
      ) : null}

      <h2 className="mt-10 text-lg font-semibold">{open ? "Edit the application" : "The application"}</h2>
      <Form method="post" className="mt-4 grid gap-6">
        <input type="hidden" name="intent" value="save" />
        <fieldset disabled={!open} className="contents">
          <FeatureApplicationFields type={a.type} options={options} values={actionData?.values ?? a.values} errors={actionData?.errors} />
        </fieldset>
        {open ? (
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Save changes
            </Button>
          </div>
        ) : null}
      </Form>

      <AuditHistory entries={history} />
    </div>
  );
}
