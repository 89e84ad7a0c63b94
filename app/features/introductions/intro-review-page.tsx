import { Form, Link, useNavigation } from "react-router";
import { AuditHistory } from "~/components/admin/audit-history.tsx";
import { StatusTabs } from "~/components/admin/status-tabs.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import type { IntroReviewData } from "./intro-review-page.server.ts";
import { INTRO_STATUS_LABEL, REVIEW_TABS } from "./intro-status.ts";
import { formatDateTime } from "~/lib/format-date.ts";

/** Operators screen introduction requests (issue 4 §2): approve (the recipient is asked) or reject (the requester is told). */
export function IntroReviewPage({ page: loaderData, result: actionData }: { page: IntroReviewData; result?: FormResult<"reason"> }) {
  const busy = useNavigation().state !== "idle";
  const { counts } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Introduction requests</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Approve to e-mail the recipient accept and decline links; nobody is introduced until they accept.
      </p>
      <StatusTabs
        label="Request status"
        tabs={REVIEW_TABS}
        current={loaderData.status}
        labels={{ ...INTRO_STATUS_LABEL, all: "All" }}
        counts={counts}
      />
      {/* Above the list: a decided request leaves the "In review" tab, so its confirmation cannot sit beside it. */}
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={cn("mt-4 text-sm", actionData.ok ? "" : "text-danger")}>
          {actionData.message}
        </p>
      ) : null}
      {loaderData.requests.length === 0 ? <p className="mt-8 text-fg-muted">No requests here.</p> : null}
      <ul className="mt-6 grid gap-4">
        {loaderData.requests.map((r) => (
          <li key={r.id} className="rounded-lg border border-border p-4" data-testid="intro-request">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-medium break-words">
                {r.requesterName} →{" "}
                <Link to={r.profile} className="text-accent underline">
                  {r.recipientName}
                </Link>
              </h2>
              <Badge variant={r.status === "accepted" ? "accent" : "outline"}>{INTRO_STATUS_LABEL[r.status]}</Badge>
            </div>
            <p className="mt-1 text-xs break-all text-fg-muted">
              {r.requesterEmail}
              {r.requesterPhone ? ` · ${r.requesterPhone}` : ""} · sent {formatDateTime(r.createdAt)} ·{" "}
              {r.toOwners ? (
                "goes to the listing's owners (claimed)"
              ) : (
                <>recipient contact: {r.primaryContactEmail ?? <span className="text-danger">none on the listing</span>}</>
              )}
            </p>
            <p className="mt-3 text-sm whitespace-pre-wrap">{r.message}</p>
            {r.decisionNote ? <p className="mt-2 text-sm text-fg-muted">Reason: {r.decisionNote}</p> : null}
            {r.declineReason ? <p className="mt-2 text-sm text-fg-muted">Declined by the owners: {r.declineReason}</p> : null}
            {r.status === "pending_review" ? (
              <Form method="post" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                <input type="hidden" name="id" value={r.id} />
                <FormField
                  label="Reason for a rejection (sent to the requester, optional)"
                  error={actionData?.target === r.id ? actionData.errors?.reason : undefined}
                >
                  {(p) => (
                    <textarea
                      {...p}
                      name="reason"
                      rows={2}
                      maxLength={1000}
                      defaultValue={actionData?.target === r.id ? actionData.values?.reason : undefined}
                    />
                  )}
                </FormField>
                <div className="flex gap-2">
                  <Button type="submit" size="sm" name="decision" value="approve" disabled={busy}>
                    Approve
                  </Button>
                  <Button type="submit" size="sm" variant="secondary" name="decision" value="reject" disabled={busy}>
                    Reject
                  </Button>
                </div>
              </Form>
            ) : null}
            <AuditHistory entries={r.history} collapsed />
          </li>
        ))}
      </ul>
    </div>
  );
}
